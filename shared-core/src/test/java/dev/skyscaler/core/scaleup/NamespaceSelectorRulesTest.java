package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.testkit.ClusterSpec;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A pod (anti-)affinity term's {@code namespaceSelector} read against the snapshot's Namespaces, as
 * kube-scheduler's InterPodAffinity reads it (docs/algorithm.md §3); without Namespace objects it
 * selects every namespace and the plan says so once.
 */
class NamespaceSelectorRulesTest {
  static final String WARNING =
      "the snapshot has no Namespace objects: the namespaceSelector in the pod (anti-)affinity of 1"
          + " pod is read as selecting every namespace (add them: kubectl get namespaces -o yaml)";

  static PodAffinityTerm term(LabelSelector namespaces, Set<String> names) {
    return new PodAffinityTerm(
        LabelSelector.of(Map.of("app", "db")),
        names,
        false,
        Optional.of(namespaces),
        Node.HOSTNAME_LABEL);
  }

  static LabelSelector team(String team) {
    return LabelSelector.of(Map.of("team", team));
  }

  /** One node in group ng1 running a {@code db} pod in namespace {@code data}. */
  static ClusterSpec dbIn(String namespace) {
    return cluster()
        .groups(group("ng1"))
        .nodes(node("n1").inGroup("ng1"))
        .pods(pod("db").namespace(namespace).label("app", "db").on("n1"));
  }

  static Stream<Rule> namespaceSelectors() {
    return Stream.of(
        rule("anti-affinity to a selected namespace keeps the pod off the node: a node is added")
            .given(
                dbIn("data")
                    .namespace("data", "team", "storage")
                    .namespace("default")
                    .pods(pod("web").antiAffinity(term(team("storage"), Set.of()))))
            .grows("ng1", 1)
            .build(),
        rule("anti-affinity to a namespace the selector does not select: the pod fits the node")
            .given(
                dbIn("data")
                    .namespace("data", "team", "ml")
                    .namespace("default")
                    .pods(pod("web").antiAffinity(term(team("storage"), Set.of()))))
            .build(),
        rule("a selector on the name label the API server sets selects that namespace")
            .given(
                dbIn("data")
                    .namespace("data")
                    .namespace("default")
                    .pods(
                        pod("web")
                            .antiAffinity(
                                term(
                                    LabelSelector.of(Map.of(Namespace.NAME_LABEL, "data")),
                                    Set.of()))))
            .grows("ng1", 1)
            .build(),
        rule("namespaces listed by name count besides the selector's")
            .given(
                dbIn("data")
                    .namespace("data", "team", "ml")
                    .namespace("default")
                    .pods(pod("web").antiAffinity(term(team("storage"), Set.of("data")))))
            .grows("ng1", 1)
            .build(),
        rule("a selector does not add the pod's own namespace")
            .given(
                dbIn("default")
                    .namespace("data", "team", "storage")
                    .namespace("default")
                    .pods(pod("web").antiAffinity(term(team("storage"), Set.of()))))
            .build(),
        rule("affinity to a pod in a selected namespace places the pod next to it")
            .given(
                dbIn("data")
                    .namespace("data", "team", "storage")
                    .namespace("default")
                    .pods(pod("web").affinity(term(team("storage"), Set.of()))))
            .build(),
        rule("affinity to an unselected namespace finds no pod: no new node helps either")
            .given(
                dbIn("data")
                    .namespace("data", "team", "ml")
                    .namespace("default")
                    .pods(pod("web").affinity(term(team("storage"), Set.of()))))
            .reasons("web", Map.of("ng1", "node(s) didn't match pod affinity rules"))
            .build(),
        rule("without Namespace objects the selector reads as every namespace, with a warning")
            .given(dbIn("data").pods(pod("web").antiAffinity(term(team("storage"), Set.of()))))
            .grows("ng1", 1)
            .warning(WARNING)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("namespaceSelectors")
  void namespaceSelectorsSelectTheNamespacesTheirLabelsMatch(Rule r) {
    r.check();
  }

  @Test
  void aPlanWithoutNamespaceSelectorsHasNoNamespaceWarningEvenWithoutNamespaces() {
    Rule r = rule("plain").given(dbIn("data").pods(pod("web").cpu("1"))).build();
    assertThat(r.plan().warnings()).isEmpty();
  }

  @Test
  void theWarningComesOnceForAllPodsThatNeedNamespaces() {
    Rule r =
        rule("two")
            .given(
                dbIn("data")
                    .pods(pod("web").antiAffinity(term(team("storage"), Set.of())).times(2)))
            .build();
    assertThat(r.plan().warnings()).containsExactly(WARNING.replace("of 1 pod is", "of 2 pods is"));
  }

  @Test
  void aNamespaceWithoutItsNameLabelGetsIt() {
    assertThat(new Namespace("data", Map.of("team", "ml")).labels())
        .isEqualTo(Map.of("team", "ml", Namespace.NAME_LABEL, "data"));
  }

  @Test
  void aSnapshotNamesEachNamespaceOnce() {
    var spec = cluster().namespace("data").namespace("data");
    assertThatThrownBy(spec::build).hasMessage("namespace data appears twice");
  }
}
