package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.DrainStepsTest.START;
import static dev.skyscaler.core.scaledown.DrainStepsTest.web;
import static dev.skyscaler.core.scaledown.DrainStepsTest.world;
import static dev.skyscaler.core.scaledown.Scans.T0;
import static dev.skyscaler.core.scaledown.Scans.work;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When removals start (docs/algorithm.md §21): unneeded long enough, no cooldown, within the
 * parallelism budgets.
 */
class RemovalTimingTest {

  static List<String> tainted(Plan plan) {
    return plan.actions().stream()
        .filter(TaintNode.class::isInstance)
        .map(a -> ((TaintNode) a).node())
        .toList();
  }

  @Test
  void aNodeIsRemovedOnlyOnceUnneededForScaleDownUnneededTime() {
    Scans s = new Scans();
    ClusterSnapshot c = world(node("n2"), web()).build();
    s.at(Duration.ZERO, c);
    assertThat(tainted(s.at(START.minusSeconds(1), c))).isEmpty();
    assertThat(tainted(s.at(START, c))).containsExactly("n2");
  }

  @Test
  void aNodeNeededOnceStartsItsUnneededTimeAgain() {
    Scans s = new Scans();
    s.at(Duration.ZERO, world(node("n2"), web()).build());
    Plan busy = s.at(Duration.ofMinutes(5), world(node("n2"), pod("web").cpu("3")).build());
    assertThat(busy.scaleDowns()).isEmpty();
    assertThat(s.state().unneededSince()).doesNotContainKey("n2");

    Plan back = s.at(Duration.ofMinutes(6), world(node("n2"), web()).build());
    assertThat(back.scaleDowns().get(0).unneededSince()).isEqualTo(T0.plus(Duration.ofMinutes(6)));
    assertThat(tainted(s.at(START, world(node("n2"), web()).build()))).isEmpty();
    assertThat(tainted(s.at(Duration.ofMinutes(16), world(node("n2"), web()).build())))
        .containsExactly("n2");
  }

  @Test
  void scaleDownUnneededTimeIsConfigurable() {
    Scans s = new Scans().with(o -> o.toBuilder().unneededTime(Duration.ZERO).build());
    assertThat(tainted(s.at(Duration.ZERO, world(node("n2"), web()).build())))
        .containsExactly("n2");
  }

  @Test
  void anUnreadyNodeWaitsScaleDownUnreadyTime() {
    Scans s = new Scans();
    NodeSpec unready = node("n2").notReady();
    s.at(Duration.ZERO, world(unready, web()).build());
    Plan plan = s.at(Duration.ofMinutes(19), world(node("n2").notReady(), web()).build());
    assertThat(plan.scaleDowns().get(0).removableAt()).isEqualTo(T0.plus(Duration.ofMinutes(20)));
    assertThat(tainted(plan)).isEmpty();
    assertThat(tainted(s.at(Duration.ofMinutes(20), world(node("n2").notReady(), web()).build())))
        .containsExactly("n2");
  }

  @Test
  void noRemovalStartsInAScanThatScalesUp() {
    ClusterSpec c =
        cluster()
            .groups(group("ng1").template(template().cpu("4")))
            .nodes(node("n1").cpu("8").inGroup("ng1"), node("n2").inGroup("ng1"))
            .pods(pod("base").cpu("5").on("n1"), pod("web").cpu("1").on("n2"))
            .pods(pod("huge").cpu("3500m"));
    Scans s = new Scans().with(o -> o.toBuilder().unneededTime(Duration.ZERO).build());
    Plan plan = s.at(Duration.ZERO, c.build());
    assertThat(plan.actions()).first().isInstanceOf(SetTargetSize.class);
    assertThat(plan.scaleDowns()).extracting(d -> d.node()).containsExactly("n2");
    assertThat(tainted(plan)).isEmpty();
    assertThat(s.state().lastScaleUp()).isEqualTo(T0);
  }

  @Test
  void noRemovalStartsWithinScaleDownDelayAfterAdd() {
    ClusterSnapshot c = world(node("n2"), web()).build();
    assertThat(tainted(scanWithLast(c, T0.plus(START).minusSeconds(1), null, null)))
        .as("a scale-up 10m minus 1s ago")
        .isEmpty();
    assertThat(tainted(scanWithLast(c, T0, null, null))).containsExactly("n2");
  }

  @Test
  void noRemovalStartsWithinScaleDownDelayAfterFailure() {
    ClusterSnapshot c = world(node("n2"), web()).build();
    Instant now = T0.plus(START);
    assertThat(tainted(scanWithLast(c, null, null, now.minusSeconds(179)))).isEmpty();
    assertThat(tainted(scanWithLast(c, null, null, now.minusSeconds(180)))).containsExactly("n2");
  }

  @Test
  void scaleDownDelayAfterDeleteSpacesRemovals() {
    ClusterSnapshot c = world(node("n2"), web()).build();
    Instant now = T0.plus(START);
    Scans s = new Scans().with(o -> o.toBuilder().delayAfterDelete(Duration.ofMinutes(1)).build());
    s.state(state(Map.of("n2", T0), null, now.minusSeconds(59), null, Map.of()));
    assertThat(tainted(s.at(START, c))).isEmpty();
    s.state(state(Map.of("n2", T0), null, now.minusSeconds(60), null, Map.of()));
    assertThat(tainted(s.at(START, c))).containsExactly("n2");
  }

  /** A scan at T0 + 10m of a node unneeded since T0, with the given last event times. */
  static Plan scanWithLast(ClusterSnapshot c, Instant scaleUp, Instant scaleDown, Instant failure) {
    return new Scans()
        .state(state(Map.of("n2", T0), scaleUp, scaleDown, failure, Map.of()))
        .at(START, c);
  }

  static AutoscalerState state(
      Map<String, Instant> unneeded,
      Instant scaleUp,
      Instant scaleDown,
      Instant failure,
      Map<String, Drain> drains) {
    return new AutoscalerState(
        unneeded,
        Map.of(),
        drains,
        scaleUp == null ? AutoscalerState.NEVER : scaleUp,
        scaleDown == null ? AutoscalerState.NEVER : scaleDown,
        failure == null ? AutoscalerState.NEVER : failure);
  }

  /** {@code empty} empty nodes e0.. and {@code busy} nodes b0.. with 500m, one roomy node x. */
  static ClusterSnapshot nodes(int empty, int busy) {
    ClusterSpec c = cluster().groups(group("ng1"));
    c.nodes(node("x").cpu("64").inGroup("ng1")).pods(pod("x-base").cpu("40").on("x"));
    for (int i = 0; i < empty; i++) {
      c.nodes(node("e" + i).inGroup("ng1"));
    }
    for (int i = 0; i < busy; i++) {
      c.nodes(node("b" + i).inGroup("ng1")).pods(pod("p" + i).cpu("500m").on("b" + i));
    }
    return c.build();
  }

  static Map<String, Instant> allUnneeded(ClusterSnapshot c) {
    Map<String, Instant> m = new java.util.HashMap<>();
    c.nodes().forEach(n -> m.put(n.name(), T0));
    m.remove("x");
    return m;
  }

  @Test
  void emptyNodesGoInBulkUpToMaxScaleDownParallelism() {
    ClusterSnapshot c = nodes(5, 0);
    Scans s = new Scans().with(o -> o.toBuilder().maxScaleDownParallelism(3).build());
    s.state(state(allUnneeded(c), null, null, null, Map.of()));
    assertThat(tainted(s.at(START, c))).containsExactly("e0", "e1", "e2");
    assertThat(s.state().drains()).hasSize(3);
  }

  @Test
  void nonEmptyNodesAreDrainedOneAtATimeByDefault() {
    ClusterSnapshot c = nodes(0, 3);
    Scans s = new Scans().state(state(allUnneeded(c), null, null, null, Map.of()));
    assertThat(tainted(s.at(START, c))).containsExactly("b0");
  }

  @Test
  void maxDrainParallelismAllowsMoreDrains() {
    ClusterSnapshot c = nodes(0, 3);
    Scans s = new Scans().with(o -> o.toBuilder().maxDrainParallelism(2).build());
    s.state(state(allUnneeded(c), null, null, null, Map.of()));
    assertThat(tainted(s.at(START, c))).containsExactly("b0", "b1");
  }

  @Test
  void emptyNodesTakeTheBudgetFirst() {
    ClusterSnapshot c = nodes(2, 2);
    Scans s = new Scans().with(o -> o.toBuilder().maxScaleDownParallelism(2).build());
    s.state(state(allUnneeded(c), null, null, null, Map.of()));
    assertThat(tainted(s.at(START, c))).containsExactly("e0", "e1");
  }

  @Test
  void removalsUnderWayCountAgainstTheBudgets() {
    ClusterSnapshot c = nodes(2, 3);
    Drain underWay =
        new Drain(
            "b2",
            "ng1",
            "aws:///eu-west-1a/i-b2",
            DrainStep.EVICTING,
            false,
            "underutilized",
            T0.plus(START).minusSeconds(10),
            T0.plus(START).plusSeconds(170));
    Map<String, Instant> unneeded = allUnneeded(c);
    unneeded.remove("b2");
    Scans s = new Scans().with(o -> o.toBuilder().maxScaleDownParallelism(2).build());
    s.state(state(unneeded, null, null, null, Map.of("b2", underWay)));
    Plan plan = s.at(START, c);
    assertThat(tainted(plan)).as("one slot left, for an empty node").containsExactly("e0");
    List<String> draining = new ArrayList<>(s.state().drains().keySet());
    assertThat(draining).containsExactly("b2", "e0");
  }

  @Test
  void theRemovableSetStaysListedWhileItsNodesWait() {
    ClusterSnapshot c = nodes(0, 3);
    Plan plan = new Scans().at(Duration.ZERO, c);
    assertThat(plan.scaleDowns()).extracting(d -> d.node()).containsExactly("b0", "b1", "b2");
    assertThat(work(plan)).isEmpty();
  }
}
