package dev.skyscaler.benchmarks;

import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ClusterGeneratorTest {

  static Stream<Arguments> scenarios() {
    return Stream.of(
        Arguments.of(
            "homogeneous",
            (LongFunction<ClusterSnapshot>) s -> ClusterGenerator.homogeneous(s, 500)),
        Arguments.of(
            "mixed", (LongFunction<ClusterSnapshot>) s -> ClusterGenerator.mixed(s, 2_000, 40, 20)),
        Arguments.of(
            "steady",
            (LongFunction<ClusterSnapshot>) s -> ClusterGenerator.steady(s, 100, 3_000, 20)));
  }

  @ParameterizedTest(name = "the {0} cluster is the same for the same seed")
  @MethodSource("scenarios")
  void sameSeedGivesAnEqualCluster(String name, LongFunction<ClusterSnapshot> generate) {
    assertThat(generate.apply(7)).isEqualTo(generate.apply(7));
  }

  @ParameterizedTest(name = "the {0} cluster changes with the seed")
  @MethodSource("scenarios")
  void anotherSeedGivesAnotherCluster(String name, LongFunction<ClusterSnapshot> generate) {
    assertThat(generate.apply(7)).isNotEqualTo(generate.apply(8));
  }

  @Test
  void homogeneousHasIdenticalPendingPodsAndOneEmptyGroup() {
    ClusterSnapshot cluster = ClusterGenerator.homogeneous(42);

    assertThat(cluster.pods()).hasSize(100_000).allMatch(ScaleUpEfficiency::isPending);
    assertThat(cluster.pods().stream().map(Pod::requests).collect(toSet()))
        .containsExactly(new Resources(500, 1L << 30, 0, 1, Map.of()));
    assertThat(cluster.pods().stream().map(Pod::owner).collect(toSet())).hasSize(1);
    assertThat(cluster.pods().stream().map(Pod::key).collect(toSet())).hasSize(100_000);
    assertThat(cluster.nodes()).isEmpty();
    NodeGroup group = cluster.nodeGroups().get(0);
    assertThat(cluster.nodeGroups()).hasSize(1);
    assertThat(group.memberNodes()).isEmpty();
    assertThat(List.of(group.minSize(), group.maxSize(), group.targetSize()))
        .containsExactly(0, 100_000, 0);
    assertThat(group.template().orElseThrow().capacity())
        .isEqualTo(new Resources(8_000, 32L << 30, 0, 110, Map.of()));
  }

  @Test
  void mixedHasTheStatedCountsAndProportions() {
    ClusterSnapshot cluster = ClusterGenerator.mixed(42);
    List<Pod> pods = cluster.pods();

    assertThat(pods).hasSize(40_000).allMatch(ScaleUpEfficiency::isPending);
    assertThat(pods.stream().map(Pod::owner).collect(toSet())).hasSize(200);
    assertThat(
            pods.stream()
                .map(p -> p.requests().withPods(0))
                .map(r -> List.of(r.cpu(), r.memory()))
                .collect(toSet()))
        .hasSize(200);
    assertThat(pods)
        .allMatch(p -> p.requests().cpu() >= 100 && p.requests().cpu() <= 4_000)
        .allMatch(p -> p.requests().memory() >= 128L << 20 && p.requests().memory() <= 16L << 30);
    assertThat(pods.stream().filter(p -> p.requests().gpus() == 1))
        .hasSize(4_000)
        .allMatch(p -> p.tolerations().get(0).tolerates(MixedCluster.GPU_TAINT));
    assertThat(pods.stream().filter(p -> !p.topologySpread().isEmpty()))
        .hasSize(4_000)
        .allMatch(p -> p.topologySpread().get(0).topologyKey().equals(Node.ZONE_LABEL))
        .allMatch(p -> p.topologySpread().get(0).selector().matches(p.labels()));
    assertThat(pods.stream().filter(p -> !p.antiAffinity().isEmpty()))
        .hasSize(2_000)
        .allMatch(p -> p.antiAffinity().get(0).topologyKey().equals(Node.HOSTNAME_LABEL))
        .allMatch(p -> p.antiAffinity().get(0).selects(p.namespace(), p.namespace(), p.labels()));
    assertThat(pods.stream().filter(ScaleUpEfficiency::isConstrained)).hasSize(10_000);
  }

  @Test
  void mixedHasTwentyEmptyGroupsOverThreeZonesWithOneTaintedGpuGroup() {
    List<NodeGroup> groups = ClusterGenerator.mixed(42).nodeGroups();
    List<NodeTemplate> templates = groups.stream().map(g -> g.template().orElseThrow()).toList();

    assertThat(groups)
        .hasSize(20)
        .allMatch(g -> g.memberNodes().isEmpty() && g.maxSize() >= 40_000);
    assertThat(templates.stream().map(t -> t.labels().get(Node.ZONE_LABEL)).collect(toSet()))
        .containsExactlyInAnyOrderElementsOf(ClusterGenerator.ZONES);
    assertThat(templates.stream().filter(t -> t.capacity().gpus() > 0))
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.taints())
                  .containsExactly(Taint.parse(ClusterGenerator.GPU, "present:NoSchedule"));
              assertThat(t.capacity())
                  .isEqualTo(
                      new Resources(8_000, 61L << 30, 0, 110, Map.of(ClusterGenerator.GPU, 1L)));
            });
    assertThat(templates.stream().map(t -> t.capacity().withPods(0)).collect(toSet())).hasSize(7);
  }

  @Test
  void steadyFillsEveryNodeToAboutThreeQuartersWithoutOvercommitting() {
    ClusterSnapshot cluster = ClusterGenerator.steady(42);
    Map<String, Node> nodes = new HashMap<>();
    cluster.nodes().forEach(n -> nodes.put(n.name(), n));
    Map<String, Resources> used = usedPerNode(cluster);

    assertThat(cluster.nodes()).hasSize(5_000);
    assertThat(cluster.nodeGroups())
        .hasSize(10)
        .allMatch(g -> g.targetSize() == g.memberNodes().size());
    assertThat(cluster.nodeGroups().stream().mapToInt(g -> g.memberNodes().size()).sum())
        .isEqualTo(5_000);
    assertThat(cluster.nodes().stream().map(n -> n.labels().get(Node.ZONE_LABEL)).collect(toSet()))
        .hasSize(3);
    assertThat(cluster.pods().stream().filter(p -> p.isScheduled() && !p.isDaemonSetPod()))
        .hasSize(150_000);
    assertThat(cluster.pods().stream().filter(Pod::isDaemonSetPod)).hasSize(3 * 5_000);
    assertThat(cluster.pods()).allMatch(p -> p.nodeName().map(nodes::containsKey).orElse(true));
    assertThat(used).hasSize(5_000);
    used.forEach(
        (name, u) -> assertThat(u.fitsIn(nodes.get(name).allocatable())).as(name).isTrue());
    double meanCpuFill =
        used.entrySet().stream()
            .mapToDouble(
                e -> (double) e.getValue().cpu() / nodes.get(e.getKey()).allocatable().cpu())
            .average()
            .orElseThrow();
    assertThat(meanCpuFill).isBetween(0.65, 0.85);
  }

  @Test
  void steadyPendingPodsMostlyFitExistingNodesAndAFewNeedNewOnes() {
    ClusterSnapshot cluster = ClusterGenerator.steady(42);
    Map<String, Resources> used = usedPerNode(cluster);
    List<Resources> free =
        cluster.nodes().stream().map(n -> n.allocatable().minusFloor(used.get(n.name()))).toList();
    List<Pod> pending = cluster.pods().stream().filter(ScaleUpEfficiency::isPending).toList();

    assertThat(pending).hasSize(50);
    assertThat(pending.stream().filter(p -> free.stream().anyMatch(f -> p.requests().fitsIn(f))))
        .hasSize(45);
    Resources fresh = ScaleUpEfficiency.freshNodeRoom(cluster, cluster.nodeGroups().get(2));
    assertThat(pending.stream().filter(p -> p.requests().fitsIn(fresh))).hasSize(50);
  }

  static Stream<Arguments> badParameters() {
    return Stream.of(
        Arguments.of(
            "no pods",
            (Runnable) () -> ClusterGenerator.homogeneous(1, 0),
            "homogeneous cluster: pendingPods must be at least 1, was 0"),
        Arguments.of(
            "fewer pods than shapes",
            (Runnable) () -> ClusterGenerator.mixed(1, 10, 200, 20),
            "mixed cluster: pendingPods must be at least 200, was 10"),
        Arguments.of(
            "a single group",
            (Runnable) () -> ClusterGenerator.mixed(1, 400, 200, 1),
            "mixed cluster: groups must be at least 2, was 1"),
        Arguments.of(
            "fewer nodes than groups",
            (Runnable) () -> ClusterGenerator.steady(1, 5, 100, 10),
            "steady cluster: nodes must be at least 10, was 5"),
        Arguments.of(
            "more pods than slots",
            (Runnable) () -> ClusterGenerator.steady(1, 10, 2_000, 10),
            "steady cluster: runningPods must be at most 107 per node (1070 for 10 nodes), was 2000"));
  }

  @ParameterizedTest(name = "{0} is rejected")
  @MethodSource("badParameters")
  void badParametersAreRejectedByName(String name, Runnable generate, String message) {
    assertThatThrownBy(generate::run)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  private static Map<String, Resources> usedPerNode(ClusterSnapshot cluster) {
    Map<String, Resources> used = new HashMap<>();
    for (Pod p : cluster.pods()) {
      p.nodeName().ifPresent(n -> used.merge(n, p.requests(), Resources::plus));
    }
    return used;
  }
}
