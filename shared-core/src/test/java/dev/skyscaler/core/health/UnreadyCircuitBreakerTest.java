package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CA's cluster health rule: stop when unready nodes exceed both the count and the share. */
class UnreadyCircuitBreakerTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  /**
   * {@code unready} nodes NotReady for an hour and {@code booting} fresh ones, out of {@code
   * total}.
   */
  static ClusterSnapshot nodes(int unready, int booting, int total) {
    List<NodeSpec> nodes = new ArrayList<>();
    for (int i = 0; i < total; i++) {
      NodeSpec n = node("n" + i).inGroup("ng1");
      if (i < unready) {
        n.condition("Ready", "False", NOW.minus(Duration.ofHours(1)));
      } else if (i < unready + booting) {
        n.condition("Ready", "False", NOW.minusSeconds(60)).createdAt(NOW.minusSeconds(90));
      }
      nodes.add(n);
    }
    return cluster().groups(group("ng1")).nodes(nodes.toArray(NodeSpec[]::new)).build();
  }

  @ParameterizedTest(name = "{0} of {2} unready ({1} more booting), ok {3} and {4}%: healthy {5}")
  @CsvSource({
    "3, 0, 6, 3, 45, true",
    "4, 0, 6, 3, 45, false",
    "4, 0, 10, 3, 45, true",
    "5, 0, 10, 3, 45, false",
    "3, 0, 3, 3, 45, true",
    "4, 0, 4, 3, 45, false",
    "3, 2, 6, 3, 45, true",
    "1, 0, 2, 0, 45, false",
    "1, 0, 3, 0, 45, true",
    "9, 0, 20, 3, 45, true",
    "10, 0, 20, 3, 45, false",
    "4, 0, 6, 3, 66.7, true",
  })
  void theBreakerOpensOnlyAboveBothThresholds(
      int unready, int booting, int total, int ok, double percent, boolean healthy) {
    HealthOptions options =
        HealthOptions.defaults().toBuilder()
            .okTotalUnreadyCount(ok)
            .maxTotalUnreadyPercentage(percent)
            .build();
    HealthDecision d =
        NodeHealthPolicy.evaluate(
            nodes(unready, booting, total), HealthState.EMPTY, options, NOW, List.of());
    assertThat(d.clusterHealthy()).isEqualTo(healthy);
    assertThat(d.actions().stream().anyMatch(a -> a.describe().startsWith("restart")))
        .isEqualTo(healthy && unready > 0);
  }

  @Test
  void anOpenBreakerRepairsAndDeletesNothingAndSaysWhy() {
    HealthState state =
        new HealthState(
            Map.of(
                "ng1",
                new RepairRecord(
                    "n0", "aws:///eu-west-1a/i-n0", Level.RESTART, NOW.minus(Duration.ofHours(1)))),
            Map.of());
    List<CloudInstance> lost =
        List.of(
            new CloudInstance(
                "ng1",
                "i-lost",
                CloudInstance.InstanceState.RUNNING,
                NOW.minus(Duration.ofHours(2))));
    HealthDecision d =
        NodeHealthPolicy.evaluate(nodes(4, 0, 6), state, HealthOptions.defaults(), NOW, lost);
    String why =
        "cluster is unhealthy: 4 of 6 nodes are unready, more than --ok-total-unready-count=3 and"
            + " more than --max-total-unready-percentage=45% of the nodes; no node is repaired or"
            + " deleted";
    assertThat(d.actions())
        .extracting(Action::describe)
        .containsExactly(
            "warning ClusterUnhealthy on ConfigMap kube-system/cluster-autoscaler-status: " + why);
    assertThat(d.warnings()).containsExactly(why);
    assertThat(d.next()).isEqualTo(state);
    assertThat(d.clusterHealthy()).isFalse();
  }

  @Test
  void nodesBeingDeletedOrInterruptedDoNotCountAsUnready() {
    List<NodeSpec> nodes = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      NodeSpec n = node("n" + i).inGroup("ng1");
      if (i < 6) {
        n.condition("Ready", "False", NOW.minus(Duration.ofMinutes(2)))
            .taint(
                i < 5 ? "ToBeDeletedByClusterAutoscaler" : "skyscaler.dev/interrupted",
                "1",
                TaintEffect.NO_SCHEDULE);
      }
      nodes.add(n);
    }
    ClusterSnapshot s =
        cluster().groups(group("ng1")).nodes(nodes.toArray(NodeSpec[]::new)).build();

    assertThat(UnreadyCircuitBreaker.open(s, HealthOptions.defaults(), NOW)).isEmpty();
  }
}
