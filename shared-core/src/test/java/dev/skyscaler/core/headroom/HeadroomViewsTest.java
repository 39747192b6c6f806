package dev.skyscaler.core.headroom;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.HeadroomSpec;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Headroom in the planners' snapshots: scale-up keeps it free, scale-down does not take it back.
 */
class HeadroomViewsTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  /** ng1 (4-CPU nodes, one member with 1 CPU free) and ng2 (8-CPU nodes, no members). */
  static ClusterSpec twoGroups() {
    return cluster()
        .groups(
            group("ng1").max(10).template(template().cpu("4")),
            group("ng2").max(10).template(template().cpu("8")))
        .nodes(node("n1").cpu("4").inGroup("ng1"))
        .pods(pod("web").cpu("1").on("n1").times(3));
  }

  static Map<String, Integer> scaleUps(ClusterSnapshot s, String... headroom) {
    ClusterSnapshot view =
        HeadroomViews.forScaleUp(
            s,
            Headroom.virtualPods(
                s, List.of(headroom).stream().map(HeadroomSpec::parse).toList(), List.of(), -10));
    return Autoscaler.runOnce(view, AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW)
        .scaleUps()
        .stream()
        .collect(Collectors.toMap(ScaleUp::nodeGroup, ScaleUp::delta));
  }

  @Test
  void headroomThatFitsFreeRoomNeedsNoNode() {
    assertThat(scaleUps(twoGroups().build(), "cpu=1")).isEmpty();
  }

  @Test
  void headroomBeyondFreeRoomAddsANode() {
    assertThat(scaleUps(twoGroups().build(), "cpu=1,count=3")).isEqualTo(Map.of("ng1", 1));
  }

  @Test
  void groupHeadroomGrowsThatGroup() {
    assertThat(scaleUps(twoGroups().build(), "group=ng2,cpu=1,count=2"))
        .isEqualTo(Map.of("ng2", 1));
    assertThat(scaleUps(twoGroups().build(), "group=ng1,cpu=1,count=2"))
        .isEqualTo(Map.of("ng1", 1));
  }

  @Test
  void onlyGroupsWithGroupHeadroomAreLabelled() {
    ClusterSnapshot s = twoGroups().build();
    HeadroomPods h =
        Headroom.virtualPods(s, List.of(HeadroomSpec.parse("group=ng1,cpu=1")), List.of(), -10);
    ClusterSnapshot view = HeadroomViews.forScaleUp(s, h);
    assertThat(view.nodes().get(0).labels()).containsEntry(Headroom.GROUP_LABEL, "ng1");
    assertThat(view.nodeGroups().get(0).template().orElseThrow().labels())
        .containsEntry(Headroom.GROUP_LABEL, "ng1");
    assertThat(view.nodeGroups().get(1).template().orElseThrow().labels())
        .doesNotContainKey(Headroom.GROUP_LABEL);
    assertThat(view.pods()).hasSize(4);
    assertThat(HeadroomViews.forScaleUp(s, new HeadroomPods(List.of(), List.of()))).isEqualTo(s);
  }

  @Test
  void forScaleDownTheHeadroomThatFitsIsBoundToNodesAndTheRestStaysPending() {
    ClusterSnapshot s =
        cluster()
            .groups(group("ng1").max(10))
            .nodes(node("a").cpu("4").inGroup("ng1"), node("b").cpu("4").inGroup("ng1"))
            .pods(pod("web").cpu("3").on("a"))
            .build();
    HeadroomPods h =
        Headroom.virtualPods(s, List.of(HeadroomSpec.parse("cpu=2,count=3")), List.of(), -10);
    ClusterSnapshot view = HeadroomViews.forScaleDown(s, h);
    List<Pod> virtual = view.pods().stream().filter(Headroom::isVirtual).toList();
    assertThat(virtual)
        .extracting(p -> p.name() + "@" + p.nodeName().orElse("pending"))
        .containsExactly(
            "headroom-cluster-0-0@b", "headroom-cluster-0-1@b", "headroom-cluster-0-2@pending");
    assertThat(virtual.get(0).unschedulable()).isFalse();
  }

  @Test
  void aBufferNeedsExactlyOneReference() {
    assertThatThrownBy(
            () ->
                new CapacityBuffer(
                    "ns",
                    "b",
                    "",
                    "",
                    Optional.of("t"),
                    Optional.of(new CapacityBuffer.ScalableRef("apps", "Deployment", "web")),
                    OptionalInt.of(1),
                    OptionalInt.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    OptionalInt.empty()))
        .hasMessage(
            "CapacityBuffer ns/b: spec needs exactly one of podTemplateRef and scalableRef");
  }
}
