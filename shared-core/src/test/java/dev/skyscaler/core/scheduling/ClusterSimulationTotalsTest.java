package dev.skyscaler.core.scheduling;

import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.testkit.PodSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loading a node's existing pods from their totals ({@link ClusterSimulation#placeExisting(List,
 * SimNode, Predicate, dev.skyscaler.core.model.PodTotals)}) leaves the simulation exactly as
 * placing them one by one does: the same room, the same answers to every check, the same topology
 * counts, and the same pods to take off again.
 */
class ClusterSimulationTotalsTest {
  static final String ZONE = Node.ZONE_LABEL;
  static final Predicate<Pod> UNFINISHED = p -> !p.isTerminal();

  static final List<Node> NODES =
      List.of(
          node("a1").cpu("8").memory("32Gi").pods(20).gpu(2).zone("a").build(),
          node("a2").cpu("8").memory("32Gi").pods(20).zone("a").build(),
          node("b1").cpu("8").memory("32Gi").pods(20).zone("b").build());

  /**
   * @param pods the existing pods
   * @param before what happens between loading a1 and loading the other nodes
   * @param after what happens once every node is loaded, before the checks
   * @param probe the pod whose class is checked against every node
   */
  record Case(
      String name,
      List<PodSpec> pods,
      Consumer<ClusterSimulation> before,
      Consumer<ClusterSimulation> after,
      PodSpec probe) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final Consumer<ClusterSimulation> NOTHING = sim -> {};

  static PodSpec web(String name) {
    return pod(name).cpu("1").memory("2Gi").label("app", "web");
  }

  static PodSpec spreadWeb() {
    return web("new").spread(ZONE, 1, "app", "web");
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "plain pods take room from their totals and are counted when a spread asks",
            List.of(web("w1").on("a1"), web("w2").on("a1"), web("w3").on("b1")),
            NOTHING,
            NOTHING,
            spreadWeb()),
        new Case(
            "finished pods the filter leaves out take no room and are never counted",
            List.of(
                web("w1").on("a1"),
                web("done").cpu("7").on("a1").phase(PodPhase.SUCCEEDED),
                web("w2").on("b1")),
            NOTHING,
            NOTHING,
            spreadWeb()),
        new Case(
            "a host port of an existing pod still keeps the port taken",
            List.of(pod("proxy").hostPort(8080).on("a1"), web("w1").on("a1")),
            NOTHING,
            NOTHING,
            pod("other-proxy").hostPort(8080)),
        new Case(
            "anti-affinity of an existing pod still repels what it selects",
            List.of(pod("guard").antiAffinity(ZONE, "app", "web").on("a2"), web("w1").on("a2")),
            NOTHING,
            NOTHING,
            web("new")),
        new Case(
            "GPUs of existing pods are taken",
            List.of(pod("trainer").cpu("1").gpu(2).on("a1"), web("w1").on("a1")),
            NOTHING,
            NOTHING,
            pod("another").gpu(1)),
        new Case(
            "pods placed after the load are listed after the existing ones",
            List.of(web("w1").on("a1"), web("w2").on("b1")),
            NOTHING,
            sim -> sim.place(classOf(web("w9")), sim.node("a1").orElseThrow(), 3),
            spreadWeb()),
        new Case(
            "once a domain is counted, later nodes are loaded pod by pod",
            List.of(web("w1").on("a1"), web("w2").on("a2"), web("w3").on("b1")),
            sim -> sim.spreadCounts(classOf(spreadWeb()), 0),
            NOTHING,
            spreadWeb()));
  }

  static PodClass classOf(PodSpec p) {
    return EquivalenceClasses.of(List.of(p.build())).get(0);
  }

  static ClusterSimulation load(List<Pod> pods, Case c, boolean fromTotals) {
    PodsByNode index = PodsByNode.of(pods);
    ClusterSimulation sim = new ClusterSimulation();
    for (Node n : NODES) {
      sim.addNode(
          n.name(), n.labels(), n.taints(), false, null, SimNode.Kind.EXISTING, n.allocatable());
    }
    for (SimNode n : sim.nodes()) {
      List<Pod> on = index.placedOn(n.name());
      if (fromTotals) {
        sim.placeExisting(on, n, UNFINISHED, index.totalsOn(n.name()));
      } else {
        sim.placeExisting(on, n, UNFINISHED);
      }
      if (n.name().equals("a1")) {
        c.before().accept(sim);
      }
    }
    c.after().accept(sim);
    return sim;
  }

  /** Everything a planner can ask of the node, for the probe's class. */
  static List<Object> state(ClusterSimulation sim, PodClass probe) {
    List<Object> state = new ArrayList<>();
    for (SimNode n : sim.nodes()) {
      state.add(
          List.of(
              n.name(),
              n.freeCpu(),
              n.freeMemory(),
              n.freeStorage(),
              n.freePods(),
              n.freeExtended("nvidia.com/gpu"),
              String.valueOf(sim.reason(probe, n)),
              sim.fit(probe, n, 100)));
    }
    if (!probe.exemplar().topologySpread().isEmpty()) {
      state.add(sim.spreadCounts(probe, 0));
    }
    for (SimNode n : sim.nodes()) {
      state.add(n.podCount()); // after the checks, which may have listed the pods
    }
    return state;
  }

  @Test
  void podsLoadedFromTotalsAreLookedAtOnlyWhenADomainCountAsksForThem() {
    List<Pod> pods = List.of(web("w1").on("a1").build(), web("w2").on("a1").build());
    PodsByNode index = PodsByNode.of(pods);
    AtomicInteger looks = new AtomicInteger();
    ClusterSimulation sim = new ClusterSimulation();
    Node a1 = NODES.get(0);
    SimNode n =
        sim.addNode(
            a1.name(),
            a1.labels(),
            a1.taints(),
            false,
            null,
            SimNode.Kind.EXISTING,
            a1.allocatable());
    Predicate<Pod> counted = p -> looks.incrementAndGet() > 0;
    sim.placeExisting(index.placedOn("a1"), n, counted, index.totalsOn("a1"));

    assertThat(n.freeCpu()).isEqualTo(6000);
    assertThat(sim.fit(classOf(web("plain")), n, 10)).isEqualTo(6);
    assertThat(looks).hasValue(0);

    assertThat(sim.spreadCounts(classOf(spreadWeb()), 0)).containsEntry("a", 2L);
    assertThat(looks).hasValue(2);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void loadingFromTotalsLeavesTheSimulationAsLoadingPodByPod(Case c) {
    List<Pod> pods = c.pods().stream().map(PodSpec::build).toList();
    PodClass probe = classOf(c.probe());
    ClusterSimulation byPod = load(pods, c, false);
    ClusterSimulation byTotals = load(pods, c, true);

    assertThat(state(byTotals, probe)).isEqualTo(state(byPod, probe));
    for (Pod p : pods) { // every existing pod the filter took can be taken off again
      if (UNFINISHED.test(p)) {
        SimNode n = byTotals.node(p.nodeName().orElseThrow()).orElseThrow();
        byTotals.unplace(p, n, 1);
        byPod.unplace(p, byPod.node(n.name()).orElseThrow(), 1);
      }
    }
    assertThat(state(byTotals, probe)).isEqualTo(state(byPod, probe));
  }
}
