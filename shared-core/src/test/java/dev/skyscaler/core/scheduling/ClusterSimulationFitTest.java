package dev.skyscaler.core.scheduling;

import static dev.skyscaler.core.scheduling.Check.add;
import static dev.skyscaler.core.scheduling.Check.classOf;
import static dev.skyscaler.core.scheduling.Check.simulate;
import static dev.skyscaler.core.scheduling.ClusterSimulationTest.HOST;
import static dev.skyscaler.core.scheduling.ClusterSimulationTest.ZONE;
import static dev.skyscaler.core.scheduling.PodTopologySpreadTest.spread;
import static dev.skyscaler.core.scheduling.PodTopologySpreadTest.web;
import static dev.skyscaler.core.scheduling.PodTopologySpreadTest.webOn;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ClusterSimulation#fit} answers "how many pods of this class fit here" in one call, which
 * is where the planner's speed comes from; and the scratch layer an estimate builds on.
 */
class ClusterSimulationFitTest {

  /** A cluster, a class, a node, how many pods are wanted, and how many fit. */
  record Bulk(
      String sentence,
      List<NodeSpec> nodes,
      List<PodSpec> running,
      PodSpec incoming,
      String target,
      int want,
      int fits) {
    @Override
    public String toString() {
      return sentence;
    }
  }

  static Bulk bulk(
      String sentence,
      List<NodeSpec> nodes,
      List<PodSpec> running,
      PodSpec incoming,
      String target,
      int want,
      int fits) {
    return new Bulk(sentence, nodes, running, incoming, target, want, fits);
  }

  static Stream<Bulk> bulkFits() {
    List<NodeSpec> eightCores = List.of(node("n1").cpu("8").memory("64Gi"));
    List<NodeSpec> zones =
        List.of(node("a1").zone("a"), node("b1").zone("b"), node("c1").zone("c"));
    return Stream.of(
        bulk(
            "16 pods of 500m fit on 8 cores",
            eightCores,
            List.of(),
            pod("w").cpu("500m"),
            "n1",
            100,
            16),
        bulk(
            "no more than wanted are offered",
            eightCores,
            List.of(),
            pod("w").cpu("500m"),
            "n1",
            5,
            5),
        bulk(
            "running pods' requests are taken first",
            eightCores,
            List.of(pod("busy").cpu("3").on("n1")),
            pod("w").cpu("500m"),
            "n1",
            100,
            10),
        bulk(
            "the scarcer resource binds: memory",
            List.of(node("n1").cpu("8").memory("4Gi")),
            List.of(),
            pod("w").cpu("100m").memory("1Gi"),
            "n1",
            100,
            4),
        bulk(
            "the pod slots left bind pods that request nothing",
            List.of(node("n1").pods(10)),
            List.of(pod("a").on("n1").times(3)),
            pod("w"),
            "n1",
            100,
            7),
        bulk(
            "GPUs bind GPU pods",
            List.of(node("n1").cpu("32").memory("128Gi").gpu(4)),
            List.of(),
            pod("train").cpu("1").gpu(1),
            "n1",
            100,
            4),
        bulk(
            "a pod with a host port fits once per node",
            eightCores,
            List.of(),
            pod("proxy").cpu("100m").hostPort(8080),
            "n1",
            100,
            1),
        bulk(
            "a pod with anti-affinity to its own kind fits once per node",
            eightCores,
            List.of(),
            web().cpu("100m").antiAffinity(HOST, "app", "web"),
            "n1",
            100,
            1),
        bulk(
            "anti-affinity to other pods does not cap the count",
            eightCores,
            List.of(),
            web().cpu("1").antiAffinity(HOST, "app", "db"),
            "n1",
            100,
            8),
        bulk(
            "a self-affine group's first pods fill the node they start on",
            eightCores,
            List.of(),
            web().cpu("1").affinity(HOST, "app", "web"),
            "n1",
            100,
            8),
        bulk(
            "spread room is m + maxSkew - here (4 + 2 - 3 = 3)",
            zones,
            List.of(webOn("a1", 3), webOn("b1", 5), webOn("c1", 4)),
            web().spread(ZONE, 2, "app", "web"),
            "a1",
            100,
            3),
        bulk(
            "the fullest zone has no spread room (3 + 2 - 5 = 0)",
            zones,
            List.of(webOn("a1", 3), webOn("b1", 5), webOn("c1", 4)),
            web().spread(ZONE, 2, "app", "web"),
            "b1",
            100,
            0),
        bulk(
            "an empty zone may catch up to the others plus maxSkew",
            zones,
            List.of(webOn("a1", 4), webOn("b1", 4)),
            web().spread(ZONE, 1, "app", "web"),
            "c1",
            100,
            5),
        bulk(
            "minDomains above the domain count allows maxSkew - here",
            List.of(node("a1").zone("a"), node("b1").zone("b")),
            List.of(webOn("a1", 1)),
            web().spread(spread(ZONE, 3, 3, true, false)),
            "a1",
            100,
            2),
        bulk(
            "a single domain has no skew to keep",
            List.of(node("a1").zone("a").cpu("8")),
            List.of(),
            web().cpu("1").spread(ZONE, 1, "app", "web"),
            "a1",
            100,
            8),
        bulk(
            "a spread selector that does not match the pod does not cap the count",
            zones,
            List.of(),
            pod("api").label("app", "api").cpu("1").spread(ZONE, 1, "app", "web"),
            "a1",
            100,
            4),
        bulk(
            "an existing pod's anti-affinity leaves no room for matching pods",
            eightCores,
            List.of(pod("db").antiAffinity(HOST, "app", "web").on("n1")),
            web().cpu("1"),
            "n1",
            100,
            0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bulkFits")
  void countsHowManyPodsOfAClassFitInOneCall(Bulk b) {
    ClusterSimulation sim = simulate(b.nodes(), b.running());
    PodClass c = classOf(b.incoming().times(100));
    SimNode n = sim.node(b.target()).orElseThrow();
    assertThat(sim.fit(c, n, b.want())).isEqualTo(b.fits());
  }

  @Test
  void placingPodsUsesUpTheRoomFitReports() {
    ClusterSimulation sim = simulate(List.of(node("n1").cpu("8")), List.of());
    PodClass c = classOf(pod("w").cpu("500m").times(100));
    SimNode n = sim.node("n1").orElseThrow();
    sim.place(c, n, 10);
    assertThat(sim.fit(c, n, 100)).isEqualTo(6);
    assertThat(n.podCount()).isEqualTo(10);
    assertThat(n.freeCpu()).isEqualTo(3000);
  }

  @Test
  void placingSpreadPodsMovesTheSkew() {
    ClusterSimulation sim =
        simulate(List.of(node("a1").zone("a"), node("b1").zone("b")), List.of());
    PodClass c = classOf(web().spread(ZONE, 1, "app", "web").times(10));
    SimNode a1 = sim.node("a1").orElseThrow();
    SimNode b1 = sim.node("b1").orElseThrow();
    assertThat(sim.fit(c, a1, 10)).isEqualTo(1);
    sim.place(c, a1, 1);
    assertThat(sim.fit(c, a1, 10)).isZero();
    assertThat(sim.fit(c, b1, 10)).isEqualTo(2);
    assertThat(sim.spreadCounts(c, 0)).isEqualTo(Map.of("a", 1L, "b", 0L));
  }

  @Test
  void discardScratchForgetsScratchNodesAndTheirPods() {
    ClusterSimulation sim = simulate(List.of(node("a1").zone("a")), List.of(webOn("a1", 1)));
    PodClass c = classOf(web().spread(ZONE, 1, "app", "web").times(10));
    sim.beginScratch();
    SimNode s1 = add(sim, node("s1").zone("b").build(), SimNode.Kind.EXISTING);
    assertThat(s1.kind()).isEqualTo(SimNode.Kind.SCRATCH);
    sim.place(c, s1, 2);
    assertThat(sim.spreadCounts(c, 0)).isEqualTo(Map.of("a", 1L, "b", 2L));
    assertThat(sim.scratchNodes()).containsExactly(s1);
    assertThat(sim.nodes()).extracting(SimNode::name).containsExactly("a1");

    sim.discardScratch();

    assertThat(sim.node("s1")).isEmpty();
    assertThat(sim.scratchNodes()).isEmpty();
    assertThat(sim.spreadCounts(c, 0)).isEqualTo(Map.of("a", 1L));
    assertThat(sim.fit(c, sim.node("a1").orElseThrow(), 10)).isEqualTo(10);
  }

  @Test
  void discardScratchForgetsCountsFirstBuiltDuringTheScratchPhase() {
    ClusterSimulation sim = simulate(List.of(node("a1").zone("a")), List.of(webOn("a1", 1)));
    PodClass c = classOf(web().spread(ZONE, 1, "app", "web").times(10));
    sim.beginScratch();
    SimNode s1 = add(sim, node("s1").zone("a").build(), SimNode.Kind.EXISTING);
    sim.place(c, s1, 3);
    assertThat(sim.spreadCount(c, 0, "a")).isEqualTo(4);
    sim.discardScratch();
    assertThat(sim.spreadCount(c, 0, "a")).isEqualTo(1);
  }

  @Test
  void discardScratchForgetsTheAntiAffinityOfScratchPods() {
    ClusterSimulation sim = simulate(List.of(node("a1").zone("a")), List.of());
    PodClass db = classOf(pod("db").antiAffinity(ZONE, "app", "web"));
    PodClass webClass = classOf(web());
    SimNode a1 = sim.node("a1").orElseThrow();
    sim.beginScratch();
    sim.place(db, add(sim, node("s1").zone("a").build(), SimNode.Kind.EXISTING), 1);
    assertThat(sim.reason(webClass, a1)).isEqualTo(SchedulingChecks.EXISTING_ANTI_AFFINITY);
    sim.discardScratch();
    assertThat(sim.reason(webClass, a1)).isNull();
    assertThat(sim.fit(webClass, a1, 1)).isEqualTo(1);
  }

  @Test
  void commitScratchKeepsNodesPlacementsAndAntiAffinity() {
    ClusterSimulation sim = simulate(List.of(node("a1").zone("a")), List.of());
    PodClass db = classOf(pod("db").label("app", "db").antiAffinity(ZONE, "app", "web"));
    PodClass spreadWeb = classOf(web().spread(ZONE, 1, "app", "web"));
    PodClass webClass = classOf(web());
    sim.beginScratch();
    SimNode s1 = add(sim, node("s1").zone("b").build(), SimNode.Kind.EXISTING);
    sim.place(db, s1, 1);
    sim.place(spreadWeb, s1, 1);
    sim.commitScratch(SimNode.Kind.PLANNED);

    assertThat(s1.kind()).isEqualTo(SimNode.Kind.PLANNED);
    assertThat(sim.nodes()).extracting(SimNode::name).containsExactly("a1", "s1");
    assertThat(sim.scratchNodes()).isEmpty();
    assertThat(sim.spreadCounts(spreadWeb, 0)).isEqualTo(Map.of("a", 0L, "b", 1L));
    assertThat(sim.reason(webClass, s1)).isEqualTo(SchedulingChecks.EXISTING_ANTI_AFFINITY);
    sim.beginScratch();
    sim.discardScratch();
    assertThat(sim.reason(webClass, s1)).isEqualTo(SchedulingChecks.EXISTING_ANTI_AFFINITY);
  }

  @Test
  void aScratchPhaseCannotBeOpenedTwice() {
    ClusterSimulation sim = new ClusterSimulation();
    sim.beginScratch();
    assertThatThrownBy(sim::beginScratch)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a scratch phase is already open");
  }

  @Test
  void aNodeNameCanOnlyBeUsedOnce() {
    ClusterSimulation sim = simulate(List.of(node("n1")), List.of());
    assertThatThrownBy(() -> add(sim, node("n1").build(), SimNode.Kind.EXISTING))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("simulated node n1 exists already");
  }

  @Test
  void aScratchNodeNameIsFreeAgainAfterDiscard() {
    ClusterSimulation sim = new ClusterSimulation();
    sim.beginScratch();
    add(sim, node("s1").build(), SimNode.Kind.EXISTING);
    sim.discardScratch();
    assertThat(add(sim, node("s1").build(), SimNode.Kind.UPCOMING).kind())
        .isEqualTo(SimNode.Kind.UPCOMING);
  }
}
