package dev.skyscaler.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The nested parts of a node group: its template (capacity, labels, taints) and its selector. */
final class TemplateReader {
  private static final Set<String> TEMPLATE_FIELDS = Set.of("capacity", "labels", "taints");
  private static final Set<String> TAINT_FIELDS = Set.of("key", "value", "effect");
  private static final Set<String> SELECTOR_FIELDS = Set.of("matchLabels", "matchExpressions");
  private static final Set<String> REQUIREMENT_FIELDS = Set.of("key", "operator", "values");

  private TemplateReader() {}

  static NodeTemplate template(YamlObject t) {
    t.allowOnly(TEMPLATE_FIELDS);
    if (t.get("capacity").isEmpty()) {
      throw t.error("missing required field \"capacity\" (e.g. {cpu: \"4\", memory: 16Gi})");
    }
    Map<String, String> capacity = t.stringMap("capacity");
    YamlObject capacityFields = t.object("capacity").orElseThrow();
    for (Map.Entry<String, String> e : capacity.entrySet()) {
      try {
        Resources.parse(Map.of(e.getKey(), e.getValue()));
      } catch (IllegalArgumentException bad) {
        throw capacityFields.error(e.getKey(), bad.getMessage());
      }
    }
    return new NodeTemplate(Resources.parse(capacity), t.stringMap("labels"), taints(t));
  }

  private static List<Taint> taints(YamlObject t) {
    List<JsonNode> items = t.list("taints");
    List<Taint> taints = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      YamlObject taint = t.item("taints", i, items.get(i));
      taint.allowOnly(TAINT_FIELDS);
      String key = taint.requiredText("key");
      String effect = taint.requiredText("effect");
      try {
        taints.add(new Taint(key, taint.text("value").orElse(""), TaintEffect.parse(effect)));
      } catch (IllegalArgumentException bad) {
        throw taint.error("effect", bad.getMessage());
      }
    }
    return taints;
  }

  static LabelSelector selector(YamlObject s) {
    s.allowOnly(SELECTOR_FIELDS);
    List<LabelSelector.Requirement> requirements = new ArrayList<>();
    List<JsonNode> items = s.list("matchExpressions");
    for (int i = 0; i < items.size(); i++) {
      requirements.add(requirement(s.item("matchExpressions", i, items.get(i))));
    }
    LabelSelector selector = new LabelSelector(s.stringMap("matchLabels"), requirements);
    if (selector.matchLabels().isEmpty() && requirements.isEmpty()) {
      throw s.error("is empty and would match every node; give matchLabels or matchExpressions");
    }
    return selector;
  }

  private static LabelSelector.Requirement requirement(YamlObject r) {
    r.allowOnly(REQUIREMENT_FIELDS);
    String key = r.requiredText("key");
    LabelSelector.Operator operator;
    try {
      operator = LabelSelector.Operator.parse(r.requiredText("operator"));
    } catch (IllegalArgumentException bad) {
      throw r.error("operator", bad.getMessage());
    }
    List<JsonNode> items = r.list("values");
    Set<String> values = new HashSet<>();
    for (int i = 0; i < items.size(); i++) {
      values.add(r.textItem("values", i, items.get(i)));
    }
    boolean needsValues =
        operator == LabelSelector.Operator.IN || operator == LabelSelector.Operator.NOT_IN;
    if (needsValues && values.isEmpty()) {
      throw r.error("values", "must not be empty for operator In or NotIn");
    }
    if (!needsValues && !values.isEmpty()) {
      throw r.error("values", "must be empty for operator Exists or DoesNotExist");
    }
    return new LabelSelector.Requirement(key, operator, values);
  }
}
