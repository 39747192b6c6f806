package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Node affinity, inter-pod affinity, tolerations and topology spread, with Kubernetes defaults. */
class PodSchedulingTermsTest {
  @Test
  void requiredNodeAffinityKeepsMatchExpressionsAndMatchFields() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions:
                          - {key: topology.kubernetes.io/zone, operator: In, values: [a, b]}
                          - {key: cores, operator: Gt, values: ["4"]}
                        - matchFields:
                          - {key: metadata.name, operator: NotIn, values: [n1]}
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 1
                        preference:
                          matchExpressions: [{key: x, operator: Exists}]
                """));
    assertThat(pod.requiredNodeAffinity())
        .containsExactly(
            new NodeSelectorTerm(
                List.of(
                    new NodeSelectorTerm.Requirement(
                        "topology.kubernetes.io/zone",
                        NodeSelectorTerm.Operator.IN,
                        List.of("a", "b")),
                    new NodeSelectorTerm.Requirement(
                        "cores", NodeSelectorTerm.Operator.GT, List.of("4"))),
                List.of()),
            new NodeSelectorTerm(
                List.of(),
                List.of(
                    new NodeSelectorTerm.Requirement(
                        "metadata.name", NodeSelectorTerm.Operator.NOT_IN, List.of("n1")))));
  }

  static Stream<Arguments> namespaceSelectors() {
    return Stream.of(
        arguments(
            "without a namespace selector only the listed namespaces count",
            "namespaces: [a, b]",
            Set.of("a", "b"),
            false,
            Optional.empty()),
        arguments(
            "an empty namespace selector selects every namespace",
            "namespaceSelector: {}",
            Set.of(),
            true,
            Optional.empty()),
        arguments(
            "a non-empty namespace selector is kept for the Namespaces' labels",
            "namespaceSelector: {matchLabels: {team: x}}",
            Set.of(),
            false,
            Optional.of(LabelSelector.of(Map.of("team", "x")))),
        arguments(
            "listed namespaces and a selector are kept together",
            "namespaces: [a]\n        namespaceSelector: {matchExpressions: [{key: team, operator: Exists}]}",
            Set.of("a"),
            false,
            Optional.of(
                new LabelSelector(
                    Map.of(),
                    List.of(
                        new LabelSelector.Requirement(
                            "team", LabelSelector.Operator.EXISTS, Set.of()))))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("namespaceSelectors")
  void podAffinityNamespaces(
      String rule,
      String field,
      Set<String> namespaces,
      boolean all,
      Optional<LabelSelector> selector) {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - topologyKey: kubernetes.io/hostname
                        labelSelector: {matchLabels: {app: db}}
                        %s
                """
                    .formatted(field)));
    assertThat(pod.antiAffinity())
        .containsExactly(
            new PodAffinityTerm(
                LabelSelector.of(Map.of("app", "db")),
                namespaces,
                all,
                selector,
                "kubernetes.io/hostname"));
    assertThat(pod.affinity()).isEmpty();
  }

  @Test
  void aNodeAffinityTermWithAValueKubeSchedulerCannotParseMatchesNoNode() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions: [{key: foo, operator: NotIn, values: ["not a value!"]}]
                        - matchExpressions: [{key: foo, operator: In, values: [bar]}]
                """));
    assertThat(pod.requiredNodeAffinity()).hasSize(2);
    assertThat(pod.requiredNodeAffinity().get(0).matches("n1", Map.of("foo", "baz"))).isFalse();
    assertThat(pod.requiredNodeAffinity().get(1).matches("n1", Map.of("foo", "bar"))).isTrue();
  }

  @Test
  void anAffinityTermWithoutLabelSelectorSelectsNothing() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    podAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - topologyKey: topology.kubernetes.io/zone
                """));
    assertThat(pod.affinity())
        .singleElement()
        .extracting(PodAffinityTerm::selector)
        .isEqualTo(LabelSelector.NOTHING);
  }

  static Stream<Arguments> tolerations() {
    return Stream.of(
        arguments(
            "a toleration without operator uses Equal and matches every effect",
            "{key: dedicated, value: gpu}",
            new Toleration("dedicated", Toleration.Operator.EQUAL, "gpu", null)),
        arguments(
            "Exists without a key tolerates everything",
            "{operator: Exists}",
            new Toleration("", Toleration.Operator.EXISTS, "", null)),
        arguments(
            "an effect narrows the toleration to that effect",
            "{key: spot, operator: Exists, effect: NoSchedule, tolerationSeconds: 30}",
            new Toleration("spot", Toleration.Operator.EXISTS, "", TaintEffect.NO_SCHEDULE)),
        arguments(
            "an empty effect matches every effect",
            "{key: a, operator: Equal, value: b, effect: ''}",
            new Toleration("a", Toleration.Operator.EQUAL, "b", null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tolerations")
  void tolerationDefaults(String rule, String toleration, Toleration expected) {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                "spec:\n  containers: [{name: a}]\n  tolerations: [" + toleration + "]\n"));
    assertThat(pod.tolerations()).containsExactly(expected);
  }

  @Test
  void matchLabelKeysAddThePodsOwnValuesToTheSpreadSelector() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.fullPod(
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web-1
                  labels: {app: web, pod-template-hash: abc}
                spec:
                  containers: [{name: a}]
                  topologySpreadConstraints:
                  - maxSkew: 1
                    topologyKey: topology.kubernetes.io/zone
                    whenUnsatisfiable: DoNotSchedule
                    labelSelector: {matchLabels: {app: web}}
                    matchLabelKeys: [pod-template-hash, not-on-the-pod]
                """));
    assertThat(pod.topologySpread())
        .singleElement()
        .extracting(TopologySpreadConstraint::selector)
        .isEqualTo(LabelSelector.of(Map.of("app", "web", "pod-template-hash", "abc")));
  }

  @Test
  void topologySpreadTakesTheKubernetesDefaults() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  topologySpreadConstraints:
                  - maxSkew: 2
                    topologyKey: kubernetes.io/hostname
                    whenUnsatisfiable: ScheduleAnyway
                    labelSelector:
                      matchExpressions: [{key: app, operator: In, values: [web]}]
                  - maxSkew: 1
                    topologyKey: topology.kubernetes.io/zone
                    whenUnsatisfiable: DoNotSchedule
                    minDomains: 3
                    nodeAffinityPolicy: Ignore
                    nodeTaintsPolicy: Honor
                    labelSelector: {matchLabels: {app: web}}
                """));
    LabelSelector inWeb =
        new LabelSelector(
            Map.of(),
            List.of(
                new LabelSelector.Requirement("app", LabelSelector.Operator.IN, Set.of("web"))));
    assertThat(pod.topologySpread())
        .containsExactly(
            new TopologySpreadConstraint(2, "kubernetes.io/hostname", false, inWeb, 1, true, false),
            new TopologySpreadConstraint(
                1,
                "topology.kubernetes.io/zone",
                true,
                LabelSelector.of(Map.of("app", "web")),
                3,
                false,
                true));
  }
}
