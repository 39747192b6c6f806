package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policy run scan after scan, its state carried over: the ladder climbs, scans repeat. */
class HealthOverTimeTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

  static ClusterSnapshot brokenSince(Instant since) {
    return cluster()
        .groups(group("ng1").min(1))
        .nodes(
            node("n1").inGroup("ng1").condition("Ready", "False", since), node("n2").inGroup("ng1"))
        .build();
  }

  @Test
  void theLadderClimbsOneRungPerStepTimeoutWhileTheNodeStaysUnready() {
    Instant brokeAt = T0.minus(Duration.ofMinutes(6));
    ClusterSnapshot s = brokenSince(brokeAt);
    HealthState state = HealthState.EMPTY;
    List<String> timeline = new ArrayList<>();
    for (int minute = 0; minute <= 40; minute += 1) {
      Instant now = T0.plus(Duration.ofMinutes(minute));
      HealthDecision d =
          NodeHealthPolicy.evaluate(s, state, HealthOptions.defaults(), now, List.of());
      d.actions().stream()
          .filter(a -> !a.describe().startsWith("warning"))
          .forEach(a -> timeline.add(minute(now) + " " + a.describe()));
      state = d.next();
    }
    assertThat(timeline)
        .containsExactly(
            "+0m restart n1 of ng1",
            "+10m reimage n1 of ng1",
            "+20m replace n1 of ng1",
            "+30m replace n1 of ng1",
            "+40m replace n1 of ng1");
  }

  @Test
  void theRepairEndsWhenTheReplacedNodeIsGone() {
    HealthState afterReplace =
        new HealthState(
            Map.of("ng1", new RepairRecord("n1", "aws:///eu-west-1a/i-n1", Level.REPLACE, T0)),
            Map.of());
    ClusterSnapshot replaced =
        cluster().groups(group("ng1")).nodes(node("n2").inGroup("ng1")).build();
    HealthDecision d =
        NodeHealthPolicy.evaluate(
            replaced,
            afterReplace,
            HealthOptions.defaults(),
            T0.plus(Duration.ofMinutes(4)),
            List.of());
    assertThat(d.actions()).isEmpty();
    assertThat(d.next()).isEqualTo(HealthState.EMPTY);
    assertThat(d.reasons()).containsExactly("n1 of ng1: gone after replace; repair finished");
  }

  @Test
  void theSameInputsGiveTheSameDecision() {
    ClusterSnapshot s = brokenSince(T0.minus(Duration.ofMinutes(30)));
    List<CloudInstance> instances =
        List.of(
            new CloudInstance(
                "ng1",
                "aws:///eu-west-1a/i-lost",
                CloudInstance.InstanceState.RUNNING,
                T0.minus(Duration.ofHours(1))));
    HealthDecision first =
        NodeHealthPolicy.evaluate(s, HealthState.EMPTY, HealthOptions.defaults(), T0, instances);
    HealthDecision second =
        NodeHealthPolicy.evaluate(s, HealthState.EMPTY, HealthOptions.defaults(), T0, instances);
    assertThat(second).isEqualTo(first);
    assertThat(first.actions())
        .extracting(Action::describe)
        .containsExactly(
            "restart n1 of ng1",
            "warning NodeRepair on Node n1: restart n1: Ready=False for 30m",
            "delete aws:///eu-west-1a/i-lost of ng1 (unregistered)",
            "event DeleteUnregistered on ConfigMap kube-system/cluster-autoscaler-status: Removed"
                + " unregistered node aws:///eu-west-1a/i-lost");
  }

  @Test
  void aScanRepeatedWithTheNewStatePlansNothingNew() {
    ClusterSnapshot s = brokenSince(T0.minus(Duration.ofMinutes(30)));
    List<CloudInstance> instances =
        List.of(
            new CloudInstance(
                "ng1",
                "i-lost",
                CloudInstance.InstanceState.RUNNING,
                T0.minus(Duration.ofHours(1))));
    HealthDecision first =
        NodeHealthPolicy.evaluate(s, HealthState.EMPTY, HealthOptions.defaults(), T0, instances);
    Instant later = T0.plusSeconds(10);
    HealthDecision again =
        NodeHealthPolicy.evaluate(s, first.next(), HealthOptions.defaults(), later, instances);
    assertThat(again.actions()).isEmpty();
    assertThat(again.next()).isEqualTo(first.next());
    assertThat(again.reasons())
        .containsExactly(
            "n1 of ng1: restart requested 10s ago; the next rung follows after --repair-step-timeout=10m",
            "instance i-lost of ng1: deletion requested 10s ago");
  }

  private static String minute(Instant now) {
    return "+" + Duration.between(T0, now).toMinutes() + "m";
  }
}
