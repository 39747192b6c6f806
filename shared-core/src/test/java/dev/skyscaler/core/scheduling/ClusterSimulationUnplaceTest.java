package dev.skyscaler.core.scheduling;

import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ClusterSimulation#unplace}: taking pods off a node gives back everything placing them took
 * — room, host ports, topology counts and anti-affinity — which removal simulations rely on.
 */
class ClusterSimulationUnplaceTest {
  static final String HOST = Node.HOSTNAME_LABEL;
  static final String ZONE = Node.ZONE_LABEL;

  static SimNode add(ClusterSimulation sim, Node n) {
    return sim.addNode(
        n.name(), n.labels(), n.taints(), false, null, SimNode.Kind.EXISTING, n.allocatable());
  }

  static PodClass classOf(Pod p) {
    return EquivalenceClasses.of(List.of(p)).get(0);
  }

  @Test
  void unplacingGivesBackRoomAndPodSlots() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").cpu("4").memory("8Gi").pods(2).build());
    Pod big = pod("big").cpu("3").memory("6Gi").gpu(0).on("n1").build();
    sim.placeExisting(big, n1);
    PodClass other = classOf(pod("other").cpu("2").build());
    assertThat(sim.fit(other, n1, 5)).isZero();

    sim.unplace(big, n1, 1);

    assertThat(n1.freeCpu()).isEqualTo(4000);
    assertThat(n1.freeMemory()).isEqualTo(8L << 30);
    assertThat(n1.freePods()).isEqualTo(2);
    assertThat(n1.podCount()).isZero();
    assertThat(sim.fit(other, n1, 5)).isEqualTo(2);
  }

  @Test
  void loadingAFilteredListPlacesOnlyThePodsTheFilterTakesInOrder() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").cpu("8").build());
    Pod a = pod("a").cpu("1").on("n1").build();
    Pod done = pod("done").cpu("2").on("n1").build();
    Pod b = pod("b").cpu("3").on("n1").build();
    sim.placeExisting(List.of(a, done, b), n1, p -> p != done);
    assertThat(n1.podCount()).isEqualTo(2);
    assertThat(n1.freeCpu()).isEqualTo(4000);
    sim.unplace(b, n1, 1);
    sim.unplace(a, n1, 1);
    assertThat(n1.freeCpu()).isEqualTo(8000);
    assertThatThrownBy(() -> sim.unplace(done, n1, 1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unplacingPartOfARunKeepsTheRest() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").cpu("8").build());
    PodClass web = classOf(pod("web").cpu("1").build());
    sim.place(web, n1, 3);
    sim.unplace(web.exemplar(), n1, 2);
    assertThat(n1.podCount()).isEqualTo(1);
    assertThat(n1.freeCpu()).isEqualTo(7000);
  }

  @Test
  void unplacingFreesHostPorts() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").build());
    Pod old = pod("old").hostPort(8080).on("n1").build();
    sim.placeExisting(old, n1);
    PodClass web = classOf(pod("web").hostPort(8080).build());
    assertThat(sim.fit(web, n1, 1)).isZero();

    sim.unplace(old, n1, 1);

    assertThat(sim.fit(web, n1, 1)).isEqualTo(1);
  }

  @Test
  void unplacingLiftsTheAntiAffinityThePodHeld() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").zone("a").build());
    Pod guard =
        pod("guard").label("app", "guard").antiAffinity(ZONE, "app", "web").on("n1").build();
    sim.placeExisting(guard, n1);
    PodClass web = classOf(pod("web").label("app", "web").build());
    assertThat(sim.reason(web, n1)).isEqualTo(SchedulingChecks.EXISTING_ANTI_AFFINITY);

    sim.unplace(guard, n1, 1);

    assertThat(sim.reason(web, n1)).isNull();
  }

  @Test
  void unplacingLowersTheTopologyCountsThePodAddedTo() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode a = add(sim, node("a1").zone("a").build());
    add(sim, node("b1").zone("b").build());
    Pod first = pod("web-0").label("app", "web").spread(ZONE, 1, "app", "web").on("a1").build();
    sim.placeExisting(first, a);
    PodClass web = classOf(pod("web").label("app", "web").spread(ZONE, 1, "app", "web").build());
    assertThat(sim.spreadCount(web, 0, "a")).isEqualTo(1);

    sim.unplace(first, a, 1);

    assertThat(sim.spreadCount(web, 0, "a")).isZero();
    assertThat(sim.fit(web, a, 5)).isEqualTo(1);
  }

  @Test
  void unplacingWhatIsNotThereIsRefused() {
    ClusterSimulation sim = new ClusterSimulation();
    SimNode n1 = add(sim, node("n1").build());
    Pod stranger = pod("stranger").build();
    assertThatThrownBy(() -> sim.unplace(stranger, n1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot take 1 of default/stranger off n1: not placed there");
  }

  @Test
  void podsAreNotTakenOffScratchNodes() {
    ClusterSimulation sim = new ClusterSimulation();
    sim.beginScratch();
    SimNode s = add(sim, node("s1").build());
    PodClass web = classOf(pod("web").cpu("1").build());
    sim.place(web, s, 1);
    assertThatThrownBy(() -> sim.unplace(web.exemplar(), s, 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("pods are not taken off scratch nodes: discard the scratch");
  }
}
