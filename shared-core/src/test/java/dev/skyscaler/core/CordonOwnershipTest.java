package dev.skyscaler.core;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.core.state.InterruptionState;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every taint and cordon the autoscaler sets has an owner in the state — an interruption record or
 * a removal — or is rolled back; and one owner letting go never lifts the cordon the other holds.
 */
class CordonOwnershipTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final String INTERRUPTED = InterruptionPolicy.TAINT_KEY;
  static final String TO_BE_DELETED = "ToBeDeletedByClusterAutoscaler";
  static final String ROLLBACK_EVENT =
      "event InterruptionCleared on Node n1: node n1 carries skyscaler.dev/interrupted but no"
          + " interruption in the state: taint removed, cordon lifted";

  record Case(String name, NodeSpec n1, AutoscalerState state, List<String> kubernetesActions) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a node tainted interrupted with no record (a lost or reset state) is untainted and"
                + " uncordoned",
            node("n1").taint(INTERRUPTED, "spot-warning", TaintEffect.NO_SCHEDULE).cordoned(),
            AutoscalerState.EMPTY,
            List.of("remove taint " + INTERRUPTED + " from n1", "uncordon n1", ROLLBACK_EVENT)),
        new Case(
            "a rebalance recommendation forgotten after the notice retention is rolled back",
            node("n1").taint(INTERRUPTED, "rebalance", TaintEffect.NO_SCHEDULE).cordoned(),
            interrupted(rebalance(NOW.minus(Duration.ofMinutes(16)))),
            List.of("remove taint " + INTERRUPTED + " from n1", "uncordon n1", ROLLBACK_EVENT)),
        new Case(
            "a rebalance recommendation within the retention keeps its taint and cordon",
            node("n1").taint(INTERRUPTED, "rebalance", TaintEffect.NO_SCHEDULE).cordoned(),
            interrupted(rebalance(NOW.minus(Duration.ofMinutes(14)))),
            List.of()),
        new Case(
            "an uncordoned node with a stale taint only loses the taint",
            node("n1").taint(INTERRUPTED, "spot-warning", TaintEffect.NO_SCHEDULE),
            AutoscalerState.EMPTY,
            List.of("remove taint " + INTERRUPTED + " from n1", ROLLBACK_EVENT)),
        new Case(
            "a stale deletion taint comes off but the cordon an interruption holds stays",
            node("n1")
                .taint(INTERRUPTED, "rebalance", TaintEffect.NO_SCHEDULE)
                .taint(TO_BE_DELETED, "1795000000", TaintEffect.NO_SCHEDULE)
                .cordoned(),
            interrupted(rebalance(NOW.minus(Duration.ofMinutes(1)))),
            List.of("remove taint " + TO_BE_DELETED + " from n1")),
        new Case(
            "a forgotten interruption loses its taint but a removal under way keeps the cordon",
            node("n1")
                .taint(INTERRUPTED, "rebalance", TaintEffect.NO_SCHEDULE)
                .taint(TO_BE_DELETED, "1795000000", TaintEffect.NO_SCHEDULE)
                .cordoned(),
            draining(),
            List.of("remove taint " + INTERRUPTED + " from n1", ROLLBACK_EVENT)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyTaintAndCordonHasAnOwnerOrIsRolledBack(Case c) {
    var snapshot =
        cluster()
            .groups(group("ng1").min(0).max(5))
            .nodes(c.n1().inGroup("ng1").cpu("4"), node("n2").inGroup("ng1").cpu("4"))
            .pods(pod("web").cpu("1").on("n1"), pod("db").cpu("1").on("n2"))
            .build();

    var plan =
        Autoscaler.runOnce(snapshot, c.state(), OptionsParser.parse(Map.of()), NOW, noNotices());

    assertThat(plan.actions())
        .filteredOn(CordonOwnershipTest::touchesTaintsOrCordons)
        .extracting(Action::describe)
        .containsExactlyElementsOf(c.kubernetesActions());
  }

  private static boolean touchesTaintsOrCordons(Action a) {
    String d = a.describe();
    return d.startsWith("taint ")
        || d.startsWith("remove taint ")
        || d.startsWith("cordon ")
        || d.startsWith("uncordon ")
        || d.contains("InterruptionCleared");
  }

  private static CloudObservations noNotices() {
    return new CloudObservations(List.of(), List.of());
  }

  private static InterruptedNode rebalance(Instant at) {
    return InterruptedNode.first(
        "n1",
        "aws:///eu-west-1a/i-n1",
        "ng1",
        InterruptionNotice.of("r-1", Kind.REBALANCE, "i-n1", at));
  }

  private static AutoscalerState interrupted(InterruptedNode n) {
    return AutoscalerState.EMPTY.withPolicies(
        HealthState.EMPTY, new InterruptionState(Map.of("n1", n), Map.of()));
  }

  private static AutoscalerState draining() {
    Drain d =
        new Drain(
            "n1",
            "ng1",
            "aws:///eu-west-1a/i-n1",
            DrainStep.EVICTING,
            false,
            "underutilized",
            NOW.minus(Duration.ofMinutes(1)),
            NOW.plus(Duration.ofMinutes(10)));
    return new AutoscalerState(
        Map.of(),
        Map.of(),
        Map.of("n1", d),
        AutoscalerState.NEVER,
        AutoscalerState.NEVER,
        AutoscalerState.NEVER);
  }
}
