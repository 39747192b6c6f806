package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The scheduling constraints of a pod spec (node affinity, inter-pod affinity, tolerations,
 * topology spread) translated to the core records, with kube-scheduler's defaults and semantics.
 */
final class SchedulingTerms {
  private static final String REQUIRED = "requiredDuringSchedulingIgnoredDuringExecution";

  private SchedulingTerms() {}

  static List<NodeSelectorTerm> requiredNodeAffinity(JsonNode affinity, String path) {
    String nodeAt = path + ".nodeAffinity";
    JsonNode required =
        Fields.object(Fields.object(affinity, "nodeAffinity", path), REQUIRED, nodeAt);
    if (required == null) {
      return List.of();
    }
    String base = nodeAt + "." + REQUIRED;
    List<JsonNode> terms = Fields.list(required, "nodeSelectorTerms", base);
    List<NodeSelectorTerm> result = new ArrayList<>(terms.size());
    for (int i = 0; i < terms.size(); i++) {
      String termPath = Fields.index(base + ".nodeSelectorTerms", i);
      NodeSelectorTerm term =
          new NodeSelectorTerm(
              nodeRequirements(terms.get(i), "matchExpressions", termPath),
              nodeRequirements(terms.get(i), "matchFields", termPath));
      result.add(parsable(term) ? term : UNPARSABLE);
    }
    return result;
  }

  /** What a term kube-scheduler cannot parse becomes: it matches no node, as an empty term. */
  static final NodeSelectorTerm UNPARSABLE = new NodeSelectorTerm(List.of(), List.of());

  /**
   * A label value as kube-scheduler's label requirements parse it: at most 63 characters,
   * alphanumerics at both ends, {@code -_.} between.
   */
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?");

  /**
   * False when kube-scheduler would fail to parse the term and skip it: a value that is no valid
   * label value (the API server does not validate node affinity values, so such pods exist: with
   * {@code NotIn} they would otherwise match every node).
   */
  private static boolean parsable(NodeSelectorTerm term) {
    for (NodeSelectorTerm.Requirement r : term.matchExpressions()) {
      for (String v : r.values()) {
        if (!LABEL_VALUE.matcher(v).matches()) {
          return false;
        }
      }
    }
    return true;
  }

  private static List<NodeSelectorTerm.Requirement> nodeRequirements(
      JsonNode term, String field, String termPath) {
    List<JsonNode> list = Fields.list(term, field, termPath);
    List<NodeSelectorTerm.Requirement> result = new ArrayList<>(list.size());
    String path = termPath + "." + field;
    for (int i = 0; i < list.size(); i++) {
      JsonNode r = list.get(i);
      String at = Fields.index(path, i);
      String op = Fields.text(r, "operator", at);
      var operator = Fields.at(at + ".operator", () -> NodeSelectorTerm.Operator.parse(op));
      String key = required(Fields.text(r, "key", at), at + ".key");
      List<String> values = Fields.texts(r, "values", at);
      result.add(Fields.at(at, () -> new NodeSelectorTerm.Requirement(key, operator, values)));
    }
    return result;
  }

  /**
   * Required pod affinity ({@code anti == false}) or anti-affinity terms. A null label selector
   * selects nothing. An empty namespace selector ({@code {}}) selects every namespace; a non-empty
   * one is kept for the core to read against the snapshot's Namespaces.
   */
  static List<PodAffinityTerm> podAffinity(
      JsonNode affinity, boolean anti, Map<String, String> podLabels, String path) {
    if (affinity == null) {
      return List.of();
    }
    String field = anti ? "podAntiAffinity" : "podAffinity";
    JsonNode spec = Fields.object(affinity, field, path);
    String base = path + "." + field + "." + REQUIRED;
    List<JsonNode> list = Fields.list(spec, REQUIRED, path + "." + field);
    if (list.isEmpty()) {
      return List.of();
    }
    List<PodAffinityTerm> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      result.add(podAffinityTerm(list.get(i), podLabels, Fields.index(base, i)));
    }
    return result;
  }

  private static PodAffinityTerm podAffinityTerm(
      JsonNode term, Map<String, String> podLabels, String path) {
    LabelSelector selector =
        labelSelector(Fields.object(term, "labelSelector", path), path + ".labelSelector");
    // The API server merges these keys at pod creation; templates (DaemonSets) are merged here.
    selector =
        withPodValues(
            selector,
            Fields.texts(term, "matchLabelKeys", path),
            podLabels,
            LabelSelector.Operator.IN);
    selector =
        withPodValues(
            selector,
            Fields.texts(term, "mismatchLabelKeys", path),
            podLabels,
            LabelSelector.Operator.NOT_IN);
    JsonNode namespaceSelectorNode = Fields.object(term, "namespaceSelector", path);
    Optional<LabelSelector> namespaceSelector =
        namespaceSelectorNode == null
            ? Optional.empty()
            : Optional.of(labelSelector(namespaceSelectorNode, path + ".namespaceSelector"));
    boolean allNamespaces = namespaceSelector.filter(LabelSelector.EVERYTHING::equals).isPresent();
    String topologyKey = required(Fields.text(term, "topologyKey", path), path + ".topologyKey");
    Set<String> namespaces = new HashSet<>(Fields.texts(term, "namespaces", path));
    LabelSelector finalSelector = selector;
    return Fields.at(
        path,
        () ->
            new PodAffinityTerm(
                finalSelector,
                namespaces,
                allNamespaces,
                allNamespaces ? Optional.empty() : namespaceSelector,
                topologyKey));
  }

  /** The label selector at {@code path}; a null one selects nothing, an empty one everything. */
  static LabelSelector labelSelector(JsonNode selector, String path) {
    if (selector == null) {
      return LabelSelector.NOTHING;
    }
    List<JsonNode> expressions = Fields.list(selector, "matchExpressions", path);
    List<LabelSelector.Requirement> requirements = new ArrayList<>(expressions.size());
    for (int i = 0; i < expressions.size(); i++) {
      JsonNode r = expressions.get(i);
      String at = Fields.index(path + ".matchExpressions", i);
      String op = Fields.text(r, "operator", at);
      var operator = Fields.at(at + ".operator", () -> LabelSelector.Operator.parse(op));
      requirements.add(
          new LabelSelector.Requirement(
              required(Fields.text(r, "key", at), at + ".key"),
              operator,
              Set.copyOf(Fields.texts(r, "values", at))));
    }
    return new LabelSelector(Fields.strings(selector, "matchLabels", path), requirements);
  }

  /** kube-scheduler's toleration defaults: operator Equal, a missing effect matches all effects. */
  static List<Toleration> tolerations(JsonNode spec, String specPath) {
    List<JsonNode> list = Fields.list(spec, "tolerations", specPath);
    if (list.isEmpty()) {
      return List.of();
    }
    List<Toleration> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      JsonNode t = list.get(i);
      result.add(Fields.item(specPath, "tolerations", i, () -> toleration(t)));
    }
    return result;
  }

  /** One toleration, its errors at paths relative to it. */
  private static Toleration toleration(JsonNode t) {
    Toleration.Operator operator = tolerationOperator(Fields.text(t, "operator", ""), "operator");
    String effectText = Fields.text(t, "effect", "");
    TaintEffect effect =
        effectText == null || effectText.isEmpty()
            ? null
            : Fields.at("effect", () -> TaintEffect.parse(effectText));
    String key = Fields.text(t, "key", "");
    String value = Fields.text(t, "value", "");
    return Fields.at("", () -> new Toleration(key, operator, value, effect));
  }

  private static Toleration.Operator tolerationOperator(String operator, String path) {
    if (operator == null || operator.isEmpty() || operator.equals("Equal")) {
      return Toleration.Operator.EQUAL;
    }
    if (operator.equals("Exists")) {
      return Toleration.Operator.EXISTS;
    }
    throw new FieldException(
        path, "invalid toleration operator \"" + operator + "\": expected Equal or Exists");
  }

  /**
   * Topology spread constraints. {@code matchLabelKeys} adds the pod's own values of those keys to
   * the selector, as kube-scheduler does (a key the pod lacks is skipped).
   */
  static List<TopologySpreadConstraint> topologySpread(
      JsonNode spec, Map<String, String> podLabels, String specPath) {
    List<JsonNode> list = Fields.list(spec, "topologySpreadConstraints", specPath);
    if (list.isEmpty()) {
      return List.of();
    }
    String path = specPath + ".topologySpreadConstraints";
    List<TopologySpreadConstraint> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      JsonNode c = list.get(i);
      String at = Fields.index(path, i);
      LabelSelector selector =
          withPodValues(
              labelSelector(Fields.object(c, "labelSelector", at), at + ".labelSelector"),
              Fields.texts(c, "matchLabelKeys", at),
              podLabels,
              LabelSelector.Operator.IN);
      boolean doNotSchedule = whenUnsatisfiable(Fields.text(c, "whenUnsatisfiable", at), at);
      boolean honorAffinity =
          policy(Fields.text(c, "nodeAffinityPolicy", at), true, at + ".nodeAffinityPolicy");
      boolean honorTaints =
          policy(Fields.text(c, "nodeTaintsPolicy", at), false, at + ".nodeTaintsPolicy");
      Integer maxSkew = Fields.integer(c, "maxSkew", at);
      if (maxSkew == null) {
        throw new FieldException(at + ".maxSkew", "missing: expected an integer of at least 1");
      }
      Integer min = Fields.integer(c, "minDomains", at);
      int minDomains = min == null ? 1 : min;
      String topologyKey = required(Fields.text(c, "topologyKey", at), at + ".topologyKey");
      result.add(
          Fields.at(
              at,
              () ->
                  new TopologySpreadConstraint(
                      maxSkew,
                      topologyKey,
                      doNotSchedule,
                      selector,
                      minDomains,
                      honorAffinity,
                      honorTaints)));
    }
    return result;
  }

  private static boolean whenUnsatisfiable(String value, String path) {
    if ("DoNotSchedule".equals(value)) {
      return true;
    }
    if ("ScheduleAnyway".equals(value)) {
      return false;
    }
    throw new FieldException(
        path + ".whenUnsatisfiable",
        (value == null ? "missing" : "invalid value \"" + value + "\"")
            + ": expected DoNotSchedule or ScheduleAnyway");
  }

  private static boolean policy(String value, boolean honorByDefault, String path) {
    if (value == null || value.isEmpty()) {
      return honorByDefault;
    }
    return switch (value) {
      case "Honor" -> true;
      case "Ignore" -> false;
      default ->
          throw new FieldException(
              path, "invalid value \"" + value + "\": expected Honor or Ignore");
    };
  }

  /**
   * Adds {@code key = <the pod's value>} (or {@code key != value}) for each key the pod has. A
   * selector that selects nothing stays so, as a merged {@code labels.Nothing()} does.
   */
  private static LabelSelector withPodValues(
      LabelSelector selector,
      List<String> keys,
      Map<String, String> podLabels,
      LabelSelector.Operator operator) {
    if (keys.isEmpty() || selector.equals(LabelSelector.NOTHING)) {
      return selector;
    }
    Map<String, String> matchLabels = new HashMap<>(selector.matchLabels());
    List<LabelSelector.Requirement> expressions = new ArrayList<>(selector.matchExpressions());
    for (String key : keys) {
      String value = podLabels.get(key);
      if (value == null) {
        continue;
      }
      if (operator == LabelSelector.Operator.IN && !matchLabels.containsKey(key)) {
        matchLabels.put(key, value);
      } else {
        expressions.add(new LabelSelector.Requirement(key, operator, Set.of(value)));
      }
    }
    return new LabelSelector(matchLabels, expressions);
  }

  static String required(String value, String path) {
    if (value == null || value.isBlank()) {
      throw new FieldException(path, "missing: expected a non-empty string");
    }
    return value;
  }
}
