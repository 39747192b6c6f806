package dev.skyscaler.core.model;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What is odd in a snapshot is a warning in the plan, word for word. */
class SnapshotWarningsTest {
  private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  record Case(String name, ClusterSpec cluster, List<String> warnings) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a sound snapshot has none",
            cluster().nodes(node("n1")).pods(pod("a").on("n1"), pod("p")),
            List.of()),
        new Case(
            "a pod bound to a node the snapshot does not have",
            cluster().nodes(node("n1")).pods(pod("a").on("n9")),
            List.of(
                "pod default/a is bound to node n9, which is not in the snapshot: it holds room on"
                    + " no node")),
        new Case(
            "many pods bound to missing nodes, three named per node",
            cluster().nodes(node("n1")).pods(pod("w").on("gone-b").times(5), pod("x").on("gone-a")),
            List.of(
                "pod default/x is bound to node gone-a, which is not in the snapshot: it holds"
                    + " room on no node",
                "5 pods (default/w-0, default/w-1, default/w-2 and 2 more) are bound to node"
                    + " gone-b, which is not in the snapshot: they hold room on no node")),
        new Case(
            "a node with zero allocatable cpu and memory",
            cluster().nodes(node("n1").cpu("0").memory("0")),
            List.of(
                "node n1 has zero allocatable cpu, memory (status.allocatable): no pod that needs"
                    + " them fits on it")),
        new Case(
            "a node with no pod capacity",
            cluster().nodes(node("n1").pods(0)),
            List.of(
                "node n1 has zero allocatable pods (status.allocatable): no pod that needs it fits"
                    + " on it")),
        new Case(
            "more pods on a node than its pod capacity",
            cluster().nodes(node("n1").pods(2), node("n2")).pods(pod("a").on("n1").times(3)),
            List.of(
                "node n1 holds 3 pods, more than its pod capacity of 2"
                    + " (status.allocatable.pods): it has room for no further pod")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void oddSnapshotsAreWarnedAboutInThePlan(Case c) {
    ClusterSnapshot snapshot = c.cluster().build();

    assertThat(SnapshotWarnings.of(snapshot)).isEqualTo(c.warnings());
    assertThat(
            Autoscaler.runOnce(snapshot, AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW)
                .warnings())
        .containsAll(c.warnings());
  }
}
