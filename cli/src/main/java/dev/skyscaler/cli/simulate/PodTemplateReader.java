package dev.skyscaler.cli.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.cli.input.YamlObject;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pod spec of a Deployment or Job a scenario declares: {@code requests}, {@code labels}, {@code
 * nodeSelector}, {@code tolerations} and {@code priority}, all optional.
 */
final class PodTemplateReader {
  static final Set<String> FIELDS =
      Set.of("requests", "labels", "nodeSelector", "tolerations", "priority");
  private static final Set<String> TOLERATION_FIELDS = Set.of("key", "operator", "value", "effect");

  private PodTemplateReader() {}

  /** The template; labels default to {@code app: <name>}. */
  static Pod template(YamlObject o, String namespace, String name) {
    Map<String, String> requests = o.stringMap("requests");
    YamlObject fields = o.object("requests").orElse(null);
    for (Map.Entry<String, String> e : requests.entrySet()) {
      try {
        Resources.parse(Map.of(e.getKey(), e.getValue()));
      } catch (IllegalArgumentException bad) {
        throw fields.error(e.getKey(), bad.getMessage());
      }
    }
    Map<String, String> labels = o.stringMap("labels");
    return Pod.builder(namespace, name)
        .requests(Resources.parse(requests))
        .labels(labels.isEmpty() ? Map.of("app", name) : labels)
        .nodeSelector(o.stringMap("nodeSelector"))
        .tolerations(tolerations(o))
        .priority(priority(o))
        .creationTime(Instant.EPOCH)
        .build();
  }

  private static int priority(YamlObject o) {
    if (o.get("priority").isEmpty()) {
      return 0;
    }
    JsonNode v = o.get("priority").get();
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw o.error("priority", "expected a whole number, got " + YamlObject.describe(v));
    }
    return v.intValue();
  }

  private static List<Toleration> tolerations(YamlObject o) {
    List<JsonNode> items = o.list("tolerations");
    List<Toleration> result = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      YamlObject t = o.item("tolerations", i, items.get(i));
      t.allowOnly(TOLERATION_FIELDS);
      String operator = t.text("operator").orElse("Equal");
      Toleration.Operator op =
          switch (operator) {
            case "Equal" -> Toleration.Operator.EQUAL;
            case "Exists" -> Toleration.Operator.EXISTS;
            default ->
                throw t.error("operator", "expected Equal or Exists, got \"" + operator + "\"");
          };
      TaintEffect effect = null;
      if (t.text("effect").isPresent()) {
        try {
          effect = TaintEffect.parse(t.text("effect").get());
        } catch (IllegalArgumentException bad) {
          throw t.error("effect", bad.getMessage());
        }
      }
      String key = t.text("key").orElse("");
      if (key.isEmpty() && op != Toleration.Operator.EXISTS) {
        throw t.error("key", "must be given unless operator is Exists");
      }
      result.add(new Toleration(key, op, t.text("value").orElse(""), effect));
    }
    return result;
  }
}
