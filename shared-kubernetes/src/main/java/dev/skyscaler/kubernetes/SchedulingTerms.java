package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
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
  private SchedulingTerms() {}

  static List<NodeSelectorTerm> requiredNodeAffinity(Affinity affinity, String path) {
    if (affinity == null
        || affinity.getNodeAffinity() == null
        || affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null) {
      return List.of();
    }
    String base = path + ".nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    var terms =
        Fields.list(
            affinity
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms());
    List<NodeSelectorTerm> result = new ArrayList<>();
    for (int i = 0; i < terms.size(); i++) {
      String termPath = Fields.index(base + ".nodeSelectorTerms", i);
      NodeSelectorTerm term =
          new NodeSelectorTerm(
              nodeRequirements(terms.get(i).getMatchExpressions(), termPath + ".matchExpressions"),
              nodeRequirements(terms.get(i).getMatchFields(), termPath + ".matchFields"));
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
      List<NodeSelectorRequirement> requirements, String path) {
    List<NodeSelectorTerm.Requirement> result = new ArrayList<>();
    var list = Fields.list(requirements);
    for (int i = 0; i < list.size(); i++) {
      NodeSelectorRequirement r = list.get(i);
      String at = Fields.index(path, i);
      var operator =
          Fields.at(at + ".operator", () -> NodeSelectorTerm.Operator.parse(r.getOperator()));
      result.add(
          Fields.at(
              at,
              () ->
                  new NodeSelectorTerm.Requirement(
                      required(r.getKey(), at + ".key"), operator, Fields.list(r.getValues()))));
    }
    return result;
  }

  /**
   * Required pod affinity ({@code anti == false}) or anti-affinity terms. A null label selector
   * selects nothing. An empty namespace selector ({@code {}}) selects every namespace; a non-empty
   * one is kept for the core to read against the snapshot's Namespaces.
   */
  static List<PodAffinityTerm> podAffinity(
      Affinity affinity, boolean anti, Map<String, String> podLabels, String path) {
    List<io.fabric8.kubernetes.api.model.PodAffinityTerm> terms;
    String base;
    if (affinity == null) {
      return List.of();
    } else if (anti) {
      var spec = affinity.getPodAntiAffinity();
      terms = spec == null ? null : spec.getRequiredDuringSchedulingIgnoredDuringExecution();
      base = path + ".podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    } else {
      var spec = affinity.getPodAffinity();
      terms = spec == null ? null : spec.getRequiredDuringSchedulingIgnoredDuringExecution();
      base = path + ".podAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    }
    List<PodAffinityTerm> result = new ArrayList<>();
    var list = Fields.list(terms);
    for (int i = 0; i < list.size(); i++) {
      result.add(podAffinityTerm(list.get(i), podLabels, Fields.index(base, i)));
    }
    return result;
  }

  private static PodAffinityTerm podAffinityTerm(
      io.fabric8.kubernetes.api.model.PodAffinityTerm term,
      Map<String, String> podLabels,
      String path) {
    LabelSelector selector = labelSelector(term.getLabelSelector(), path + ".labelSelector");
    // The API server merges these keys at pod creation; templates (DaemonSets) are merged here.
    selector =
        withPodValues(selector, term.getMatchLabelKeys(), podLabels, LabelSelector.Operator.IN);
    selector =
        withPodValues(
            selector, term.getMismatchLabelKeys(), podLabels, LabelSelector.Operator.NOT_IN);
    Optional<LabelSelector> namespaceSelector =
        Optional.ofNullable(term.getNamespaceSelector())
            .map(s -> labelSelector(s, path + ".namespaceSelector"));
    boolean allNamespaces = namespaceSelector.filter(LabelSelector.EVERYTHING::equals).isPresent();
    String topologyKey = required(term.getTopologyKey(), path + ".topologyKey");
    LabelSelector finalSelector = selector;
    return Fields.at(
        path,
        () ->
            new PodAffinityTerm(
                finalSelector,
                new HashSet<>(Fields.list(term.getNamespaces())),
                allNamespaces,
                allNamespaces ? Optional.empty() : namespaceSelector,
                topologyKey));
  }

  /** A label selector; a null one selects nothing, an empty one everything. */
  static LabelSelector labelSelector(
      io.fabric8.kubernetes.api.model.LabelSelector selector, String path) {
    if (selector == null) {
      return LabelSelector.NOTHING;
    }
    List<LabelSelector.Requirement> requirements = new ArrayList<>();
    List<LabelSelectorRequirement> expressions = Fields.list(selector.getMatchExpressions());
    for (int i = 0; i < expressions.size(); i++) {
      LabelSelectorRequirement r = expressions.get(i);
      String at = Fields.index(path + ".matchExpressions", i);
      var operator =
          Fields.at(at + ".operator", () -> LabelSelector.Operator.parse(r.getOperator()));
      requirements.add(
          new LabelSelector.Requirement(
              required(r.getKey(), at + ".key"), operator, Set.copyOf(Fields.list(r.getValues()))));
    }
    return new LabelSelector(
        Fields.strings(selector.getMatchLabels(), path + ".matchLabels"), requirements);
  }

  /** kube-scheduler's toleration defaults: operator Equal, a missing effect matches all effects. */
  static List<Toleration> tolerations(
      List<io.fabric8.kubernetes.api.model.Toleration> tolerations, String path) {
    List<Toleration> result = new ArrayList<>();
    var list = Fields.list(tolerations);
    for (int i = 0; i < list.size(); i++) {
      var t = list.get(i);
      String at = Fields.index(path, i);
      Toleration.Operator operator = tolerationOperator(t.getOperator(), at + ".operator");
      TaintEffect effect =
          t.getEffect() == null || t.getEffect().isEmpty()
              ? null
              : Fields.at(at + ".effect", () -> TaintEffect.parse(t.getEffect()));
      result.add(Fields.at(at, () -> new Toleration(t.getKey(), operator, t.getValue(), effect)));
    }
    return result;
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
      List<io.fabric8.kubernetes.api.model.TopologySpreadConstraint> constraints,
      Map<String, String> podLabels,
      String path) {
    List<TopologySpreadConstraint> result = new ArrayList<>();
    var list = Fields.list(constraints);
    for (int i = 0; i < list.size(); i++) {
      var c = list.get(i);
      String at = Fields.index(path, i);
      LabelSelector selector =
          withPodValues(
              labelSelector(c.getLabelSelector(), at + ".labelSelector"),
              c.getMatchLabelKeys(),
              podLabels,
              LabelSelector.Operator.IN);
      boolean doNotSchedule = whenUnsatisfiable(c.getWhenUnsatisfiable(), at);
      boolean honorAffinity = policy(c.getNodeAffinityPolicy(), true, at + ".nodeAffinityPolicy");
      boolean honorTaints = policy(c.getNodeTaintsPolicy(), false, at + ".nodeTaintsPolicy");
      if (c.getMaxSkew() == null) {
        throw new FieldException(at + ".maxSkew", "missing: expected an integer of at least 1");
      }
      int minDomains = c.getMinDomains() == null ? 1 : c.getMinDomains();
      String topologyKey = required(c.getTopologyKey(), at + ".topologyKey");
      result.add(
          Fields.at(
              at,
              () ->
                  new TopologySpreadConstraint(
                      c.getMaxSkew(),
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
    if (keys == null || keys.isEmpty() || selector.equals(LabelSelector.NOTHING)) {
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
