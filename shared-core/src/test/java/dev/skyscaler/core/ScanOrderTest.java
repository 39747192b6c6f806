package dev.skyscaler.core;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.HeadroomSpec;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How one scan puts interruptions, node health, headroom, scale-up and scale-down together. */
class ScanOrderTest {
  private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void tooManyUnreadyNodesStopScaleUpAndScaleDownAndSayWhy() {
    var snapshot =
        cluster()
            .groups(group("ng1").max(20))
            .nodes(
                node("a").inGroup("ng1").notReady().createdAt(NOW.minusSeconds(7200)),
                node("b").inGroup("ng1").notReady().createdAt(NOW.minusSeconds(7200)),
                node("c").inGroup("ng1").notReady().createdAt(NOW.minusSeconds(7200)),
                node("d").inGroup("ng1").notReady().createdAt(NOW.minusSeconds(7200)),
                node("e").inGroup("ng1"))
            .pods(pod("busy").cpu("4").on("e"), pod("waiting").cpu("2"))
            .build();

    Plan plan =
        Autoscaler.runOnce(snapshot, AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW);

    assertThat(plan.scaleUps()).isEmpty();
    assertThat(plan.scaleDowns()).isEmpty();
    assertThat(plan.actions()).noneMatch(a -> a instanceof SetTargetSize);
    assertThat(plan.warnings()).isNotEmpty();
  }

  @Test
  void anInterruptedNodeIsTaintedAndItsReplacementIsNotRequestedTwice() {
    var snapshot =
        cluster()
            .groups(group("ng1").max(10))
            .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
            .pods(pod("web").cpu("3").on("n1"), pod("db").cpu("3").on("n2"))
            .build();
    var warning =
        InterruptionNotice.of(
            "notice-1", InterruptionNotice.Kind.SPOT_WARNING, "i-n1", NOW.plusSeconds(120));

    Plan plan =
        Autoscaler.runOnce(
            snapshot,
            AutoscalerState.EMPTY,
            AutoscalerOptions.defaults(),
            NOW,
            new CloudObservations(List.of(), List.of(warning)));

    assertThat(plan.actions()).anyMatch(a -> a instanceof TaintNode t && t.node().equals("n1"));
    assertThat(plan.actions()).contains(new CordonNode("n1"));

    // next scan: web was evicted and waits; n1 is still there, tainted, until the cloud takes it
    TaintNode taint =
        (TaintNode) plan.actions().stream().filter(a -> a instanceof TaintNode).findFirst().get();
    var afterEviction =
        cluster()
            .groups(group("ng1").max(10))
            .nodes(
                node("n1")
                    .inGroup("ng1")
                    .cordoned()
                    .taint(taint.taint().key(), taint.taint().value(), taint.taint().effect()),
                node("n2").inGroup("ng1"))
            .pods(pod("web").cpu("3"), pod("db").cpu("3").on("n2"))
            .build();
    Plan next =
        Autoscaler.runOnce(
            afterEviction, plan.state(), AutoscalerOptions.defaults(), NOW.plusSeconds(10));

    assertThat(next.scaleUps()).as("the ASG's own replacement is the upcoming node").isEmpty();
    assertThat(next.noScaleUps()).isEmpty();
  }

  @Test
  void headroomKeepsSpareCapacityAsVirtualPodsThatScaleUp() {
    var snapshot =
        cluster()
            .groups(group("ng1").max(10).template(template().cpu("4").memory("16Gi")))
            .nodes(node("n1").inGroup("ng1"))
            .pods(pod("busy").cpu("4").on("n1"))
            .build();
    var options =
        AutoscalerOptions.defaults()
            .withHeadroom(List.of(HeadroomSpec.parse("cpu=2,memory=4Gi,count=2")));

    Plan plan = Autoscaler.runOnce(snapshot, AutoscalerState.EMPTY, options, NOW);

    assertThat(plan.scaleUps()).singleElement().satisfies(s -> assertThat(s.delta()).isEqualTo(1));
    assertThat(plan.noScaleUps()).isEmpty();
  }
}
