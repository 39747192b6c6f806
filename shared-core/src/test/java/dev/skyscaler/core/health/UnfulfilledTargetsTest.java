package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.CloudObservations;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.NodeGroupBackoff;
import dev.skyscaler.core.state.TargetShortfall;
import dev.skyscaler.testkit.GroupSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A target the cloud never made instances for: after {@code --max-node-provision-time} (15m) of the
 * same target and count, the plan lowers it to the instances there are (never below the minimum),
 * records CA's {@code ScaleUpTimedOut} and backs the group off with CA's {@code timeout} code.
 */
class UnfulfilledTargetsTest {
  static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
  static final String EVENT =
      "warning ScaleUpTimedOut on ConfigMap kube-system/cluster-autoscaler-status: Nodes added to"
          + " group ng1 failed to register within 15m";

  static CloudInstance instance(String id, InstanceState state) {
    return new CloudInstance("ng1", "aws:///eu-west-1a/i-" + id, state, NOW.minusSeconds(7200));
  }

  static final List<CloudInstance> TWO_RUNNING =
      List.of(instance("n1", InstanceState.RUNNING), instance("n2", InstanceState.RUNNING));

  record Case(
      String name,
      GroupSpec group,
      List<CloudInstance> instances,
      Map<String, TargetShortfall> before,
      List<String> actions,
      Map<String, TargetShortfall> after,
      String backoff) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    Instant old = NOW.minus(Duration.ofMinutes(16));
    Instant recent = NOW.minus(Duration.ofMinutes(10));
    return Stream.of(
        new Case(
            "a target 1 above its instances for 16m is lowered, and the group backs off",
            group("ng1").min(1).max(5).target(3),
            TWO_RUNNING,
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            List.of(
                EVENT,
                "set ng1 target size 3 -> 2 (decrease target: 1 requested node(s) never created)"),
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            "timeout: 1 requested node(s) did not come within --max-node-provision-time=15m"),
        new Case(
            "10m of shortfall is a scale-up still under way",
            group("ng1").min(1).max(5).target(3),
            TWO_RUNNING,
            Map.of("ng1", new TargetShortfall(3, 2, recent)),
            List.of(),
            Map.of("ng1", new TargetShortfall(3, 2, recent)),
            null),
        new Case(
            "a first sighting starts the clock",
            group("ng1").min(1).max(5).target(4),
            TWO_RUNNING,
            Map.of(),
            List.of(),
            Map.of("ng1", new TargetShortfall(4, 2, NOW)),
            null),
        new Case(
            "an instance that arrived since starts the clock again (CA's IncorrectNodeGroupSize)",
            group("ng1").min(1).max(5).target(4),
            TWO_RUNNING,
            Map.of("ng1", new TargetShortfall(4, 1, old)),
            List.of(),
            Map.of("ng1", new TargetShortfall(4, 2, NOW)),
            null),
        new Case(
            "a failed instance is not an instance: the target comes down to the running ones",
            group("ng1").min(1).max(5).target(3),
            List.of(
                instance("n1", InstanceState.RUNNING),
                instance("n2", InstanceState.RUNNING),
                instance("placeholder-0", InstanceState.FAILED)),
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            List.of(
                EVENT,
                "set ng1 target size 3 -> 2 (decrease target: 1 requested node(s) never created)"),
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            "cloudProviderError: the cloud could not create 1 instance(s)"),
        new Case(
            "the minimum size holds the target, the group still backs off and the clock starts again",
            group("ng1").min(3).max(5).target(3),
            TWO_RUNNING,
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            List.of(EVENT),
            Map.of("ng1", new TargetShortfall(3, 2, NOW)),
            "timeout: 1 requested node(s) did not come within --max-node-provision-time=15m"),
        new Case(
            "a target met forgets the shortfall",
            group("ng1").min(1).max(5).target(2),
            TWO_RUNNING,
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            List.of(),
            Map.of(),
            null),
        new Case(
            "without the cloud's instance list nothing is judged",
            group("ng1").min(1).max(5).target(3),
            List.of(),
            Map.of("ng1", new TargetShortfall(3, 2, old)),
            List.of(),
            Map.of(),
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aTargetTheCloudNeverMadeIsLoweredAfterMaxNodeProvisionTime(Case c) {
    var snapshot =
        cluster()
            .groups(c.group())
            .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
            .build();
    AutoscalerState state =
        AutoscalerState.EMPTY.withPolicies(
            new HealthState(Map.of(), Map.of(), c.before()), AutoscalerState.EMPTY.interruptions());

    Plan plan =
        Autoscaler.runOnce(
            snapshot,
            state,
            OptionsParser.parse(Map.of()),
            NOW,
            new CloudObservations(c.instances(), List.of()));

    assertThat(plan.actions()).extracting(Action::describe).containsExactlyElementsOf(c.actions());
    assertThat(plan.state().health().shortfalls()).isEqualTo(c.after());
    NodeGroupBackoff b = plan.state().backoffs().get("ng1");
    assertThat(b == null ? null : b.errorCode() + ": " + b.errorMessage()).isEqualTo(c.backoff());
    List<String> expectedWarnings = new ArrayList<>();
    if (c.backoff() != null) {
      assertThat(b.until()).isEqualTo(NOW.plus(Duration.ofMinutes(5)));
      expectedWarnings.add(
          "node group ng1 is in backoff after a failed scale-up until 2026-11-27T12:05:00Z (5m, "
              + b.errorMessage()
              + "): it gets no new node until then");
    }
    assertThat(plan.warnings()).containsAll(expectedWarnings);
  }
}
