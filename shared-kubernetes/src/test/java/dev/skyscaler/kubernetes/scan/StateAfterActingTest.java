package dev.skyscaler.kubernetes.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The state a scan saves keeps a repair step, or a deletion, only when the cloud took it. */
class StateAfterActingTest {
  static final Instant BEFORE = Instant.parse("2026-11-21T11:50:00Z");
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final String ID = "aws:///eu-west-1a/i-n1";
  static final RepairRecord RESTARTED = new RepairRecord("n1", ID, Level.RESTART, BEFORE);
  static final RepairRecord REIMAGED = new RepairRecord("n1", ID, Level.REIMAGE, NOW);
  static final RepairInstance REIMAGE = new RepairInstance("ng1", "n1", ID, Level.REIMAGE);
  static final DeleteInstance DELETE =
      new DeleteInstance("ng1", "n9", "i-n9", true, "unregistered");

  record Case(
      String name,
      HealthState loaded,
      HealthState planned,
      CloudOutcome outcome,
      HealthState saved) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    HealthState restarted = health(Map.of("ng1", RESTARTED), Map.of());
    HealthState reimaged = health(Map.of("ng1", REIMAGED), Map.of());
    HealthState none = HealthState.EMPTY;
    HealthState deleting = health(Map.of(), Map.of("i-n9", NOW));
    return Stream.of(
        new Case(
            "a rung the cloud took is saved as issued",
            restarted,
            reimaged,
            outcome(REIMAGE, Status.DONE),
            reimaged),
        new Case(
            "a rung the cloud refused leaves the rung before it",
            restarted,
            reimaged,
            outcome(REIMAGE, Status.FAILED),
            restarted),
        new Case(
            "a first rung left for the next scan (no lease time) leaves no repair",
            none,
            health(Map.of("ng1", REIMAGED), Map.of()),
            outcome(REIMAGE, Status.RETRY),
            none),
        new Case(
            "an unregistered instance whose deletion failed is not recorded as deleting",
            none,
            deleting,
            outcome(DELETE, Status.FAILED),
            none),
        new Case(
            "an action already done counts as taken",
            restarted,
            reimaged,
            outcome(REIMAGE, Status.ALREADY_DONE),
            reimaged),
        new Case(
            "another action's failure changes nothing",
            restarted,
            reimaged,
            outcome(new SetTargetSize("ng1", 2, 3, "pending pods"), Status.FAILED),
            reimaged));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theSavedStateKeepsOnlyWhatTheCloudTook(Case c) {
    AutoscalerState saved =
        StateAfterActing.of(state(c.planned()), state(c.loaded()), List.of(c.outcome()));

    assertThat(saved.health()).isEqualTo(c.saved());
  }

  private static HealthState health(Map<String, RepairRecord> r, Map<String, Instant> d) {
    return new HealthState(r, d);
  }

  private static CloudOutcome outcome(dev.skyscaler.core.plan.action.Action a, Status status) {
    return new CloudOutcome(a, new Outcome(status, "injected"));
  }

  private static AutoscalerState state(HealthState h) {
    return AutoscalerState.EMPTY.withPolicies(h, AutoscalerState.EMPTY.interruptions());
  }
}
