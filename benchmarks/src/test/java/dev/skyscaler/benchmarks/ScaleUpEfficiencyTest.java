package dev.skyscaler.benchmarks;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScaleUpEfficiencyTest {
  private final List<Pod> web = pod("web").cpu("1").memory("1Gi").times(20).buildAll();
  private final ClusterSnapshot snapshot =
      cluster()
          .nodes(node("big-1").cpu("16").memory("64Gi").inGroup("big"))
          .pods(web)
          .pods(
              pod("spread")
                  .cpu("1")
                  .memory("1Gi")
                  .spread("topology.kubernetes.io/zone", 1, "app", "s"))
          .groups(
              group("small").max(100).template(template().cpu("4").memory("16Gi")),
              group("big").max(100))
          .daemonSet("proxy", pod("proxy").cpu("1").memory("1Gi"))
          .build();

  @Test
  void eachGrownGroupIsComparedWithTheBoundForThePodsItGets() {
    Plan plan =
        plan(
            new ScaleUp("small", 3, 0, keys(web.subList(0, 8))),
            new ScaleUp("small", 1, 3, keys(web.subList(8, 10))),
            new ScaleUp("big", 1, 1, keys(web.subList(10, 20))));

    ScaleUpEfficiency efficiency = ScaleUpEfficiency.of(snapshot, plan);

    // small: 4 cores minus the 1-core DaemonSet leaves 3, so 10 one-core pods need 4 nodes;
    // big: a 16-core member minus the DaemonSet leaves 15, so 10 pods need 1.
    assertThat(efficiency.groups())
        .containsExactly(
            new ScaleUpEfficiency.GroupRow("small", 4, 10, 0, 4),
            new ScaleUpEfficiency.GroupRow("big", 1, 10, 0, 1));
    assertThat(efficiency.pendingPods()).isEqualTo(21);
    assertThat(efficiency.podsInScaleUps()).isEqualTo(20);
    assertThat(efficiency.plannedNodes()).isEqualTo(5);
    assertThat(efficiency.lowerBound()).isEqualTo(5);
  }

  @Test
  void constrainedPodsAndPodsWithoutScaleUpAreCounted() {
    Plan plan =
        Plan.scaleUpOnly(
            List.of(new ScaleUp("small", 2, 0, List.of("default/spread", "default/web-0"))),
            List.of(new NoScaleUp("default/web-1", Map.of("small", "Insufficient cpu"))),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);

    ScaleUpEfficiency efficiency = ScaleUpEfficiency.of(snapshot, plan);

    assertThat(efficiency.groups())
        .containsExactly(new ScaleUpEfficiency.GroupRow("small", 2, 2, 1, 1));
    assertThat(efficiency.podsWithoutScaleUp()).isEqualTo(1);
    assertThat(efficiency.describe())
        .contains("21 pending pods, 2 in scale-ups, 1 without scale-up")
        .containsPattern("small\\s+2\\s+1\\s+2\\.000\\s+2\\s+1");
  }

  @Test
  void aPlanWithoutScaleUpsSaysSo() {
    assertThat(ScaleUpEfficiency.of(snapshot, plan()).describe())
        .isEqualTo(
            "plan vs lower bound: 21 pending pods, 0 in scale-ups, 0 without scale-up\n"
                + "the plan grows no group\n");
  }

  @Test
  void freshNodeRoomIsTheMemberOrTemplateMinusDaemonSets() {
    assertThat(ScaleUpEfficiency.freshNodeRoom(snapshot, snapshot.nodeGroups().get(0)))
        .isEqualTo(new Resources(3_000, 15L << 30, 100L << 30, 109, Map.of()));
  }

  @Test
  void withoutConstrainedPodsKeepsEverythingButThePodsWithConstraints() {
    ClusterSnapshot plain = ScaleUpEfficiency.withoutConstrainedPods(snapshot);

    assertThat(plain.pods()).isEqualTo(web);
    assertThat(plain.nodeGroups()).isEqualTo(snapshot.nodeGroups());
    assertThat(plain.daemonSets()).isEqualTo(snapshot.daemonSets());
  }

  @Test
  void aPodTheSnapshotLacksIsRejectedByName() {
    Plan plan = plan(new ScaleUp("small", 1, 0, List.of("default/ghost")));

    assertThatThrownBy(() -> ScaleUpEfficiency.of(snapshot, plan))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "plan's scale-up of small names pod default/ghost, which is not in the snapshot");
  }

  @Test
  void aGroupTheSnapshotLacksIsRejectedByName() {
    Plan plan = plan(new ScaleUp("gone", 1, 0, List.of()));

    assertThatThrownBy(() -> ScaleUpEfficiency.of(snapshot, plan))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("plan grows node group gone, which is not in the snapshot");
  }

  private static Plan plan(ScaleUp... scaleUps) {
    return Plan.scaleUpOnly(
        List.of(scaleUps), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);
  }

  private static List<String> keys(List<Pod> pods) {
    return pods.stream().map(Pod::key).toList();
  }
}
