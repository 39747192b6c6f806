package dev.skyscaler.cli.simulate;

import static dev.skyscaler.cli.simulate.Scenarios.minutes;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.ClusterSnapshot;
import java.time.Duration;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * A scenario whose outcome is known: one 4-CPU node in group {@code ng} (min 1, max 10), a
 * Deployment of 500m pods (8 per node) scaled to 50 at 1m and back to 8 at 10m, nodes that take
 * exactly 3 minutes to be Ready and register 30 seconds before: ⌈50 / 8⌉ = 7 nodes 3 minutes after
 * the scale, and back to 1 node 10 minutes after the scale back.
 */
class KnownOutcomeTest {
  private static final int PODS_PER_NODE = 8;
  private static final int REPLICAS = 50;
  private static final int NODES_NEEDED = (REPLICAS + PODS_PER_NODE - 1) / PODS_PER_NODE; // 7
  private static final int MIN = 1;
  private static final Duration SCAN = Duration.ofSeconds(10);

  private static final ClusterSnapshot CLUSTER =
      cluster()
          .nodes(node("n1").cpu("4").memory("16Gi").inGroup("ng"))
          .groups(group("ng").min(MIN).max(10).price(0.2))
          .build();

  private static final SimulationResult RESULT =
      Scenarios.on(CLUSTER)
          .duration(minutes(40))
          .boot("ng", minutes(3), Duration.ofSeconds(30))
          .deployment("web", "500m", 0)
          .scale(minutes(1), "web", REPLICAS)
          .scale(minutes(10), "web", PODS_PER_NODE)
          .run();

  private static int scan(Duration at) {
    return (int) (at.toSeconds() / SCAN.toSeconds());
  }

  private static int instances(Duration at) {
    return RESULT.samples().instances()[0][scan(at)];
  }

  private static int ready(Duration at) {
    return RESULT.samples().ready()[0][scan(at)];
  }

  private static int pending(Duration at) {
    return RESULT.samples().pending()[scan(at)];
  }

  @Test
  void oneScaleUpAsksForTheCeilingOfReplicasOverPodsPerNode() {
    assertThat(instances(Duration.ofSeconds(50))).isEqualTo(MIN);
    assertThat(instances(minutes(1))).isEqualTo(NODES_NEEDED);
    assertThat(lines("scale-up"))
        .containsExactly("00:01:00 ng: target 1 -> 7 for 42 pending pods (scale-up)");
  }

  @Test
  void theNewNodesRegisterNotReadyThenTurnReadyAfterTheBootDelay() {
    assertThat(ready(Duration.ofSeconds(230))).isEqualTo(MIN);
    assertThat(ready(minutes(4))).isEqualTo(NODES_NEEDED);
    assertThat(lines("node"))
        .containsExactly(
            "00:03:30 6 nodes of ng registered, NotReady: ng-1, ng-2, ng-3 and 3 more",
            "00:04:00 6 nodes of ng Ready, 3m after launch: ng-1, ng-2, ng-3 and 3 more");
  }

  @Test
  void podsThatDoNotFitWaitExactlyTheBootDelay() {
    assertThat(pending(minutes(1))).isEqualTo(REPLICAS - PODS_PER_NODE);
    assertThat(pending(Duration.ofSeconds(230))).isEqualTo(REPLICAS - PODS_PER_NODE);
    assertThat(pending(minutes(4))).isZero();
    Summary s = RESULT.summary();
    assertThat(s.worstWait()).isEqualTo(minutes(3));
    assertThat(s.pendingPodSeconds()).isEqualTo((REPLICAS - PODS_PER_NODE) * 180.0);
    assertThat(s.podsPendingAtEnd()).isZero();
  }

  @Test
  void bootingNodesCountAsUpcomingSoNothingIsRequestedTwice() {
    assertThat(RESULT.summary().count("scaleUps")).isEqualTo(1);
    assertThat(RESULT.summary().count("nodesRequested")).isEqualTo(NODES_NEEDED - MIN);
    assertThat(RESULT.summary().groups().get(0).peakNodes()).isEqualTo(NODES_NEEDED);
  }

  /**
   * After the scale back to one node's worth, the ReplicaSet deletes the newest pods, which leaves
   * the six new nodes empty; they are removed together (empty nodes in bulk) once they have been
   * unneeded for scale-down-unneeded-time (10m), and the group is back at its min.
   */
  @Test
  void afterTheScaleBackTheEmptyNodesGoTogetherAfterTheUnneededTimeAndTheGroupIsBackAtItsMin() {
    assertThat(lines("taint"))
        .containsExactly(
            "00:20:00 taint 6 nodes with ToBeDeletedByClusterAutoscaler=1748859600:NoSchedule:"
                + " ng-1, ng-2, ng-3 and 3 more");
    assertThat(lines("remove"))
        .containsExactly(
            "00:20:10 removed 6 nodes of ng (empty): ng-1, ng-2, ng-3, ng-4, ng-5, ng-6; 0 pods"
                + " on them");
    assertThat(instances(minutes(20))).isEqualTo(NODES_NEEDED);
    assertThat(instances(Duration.ofSeconds(1210))).isEqualTo(MIN);
    assertThat(RESULT.summary().groups().get(0).nodesAtEnd()).isEqualTo(MIN);
    assertThat(RESULT.summary().count("nodesRemoved")).isEqualTo(NODES_NEEDED - MIN);
    assertThat(RESULT.summary().count("evictions")).isZero();
    assertThat(lines("scale-up")).hasSize(1);
  }

  @Test
  void nodeHoursAndCostFollowTheInstancesAlive() {
    // n1 for the 40m; six instances from 1m to 20m10s.
    double hours = (40 + 6 * (19 + 10 / 60.0)) / 60.0;
    Summary.GroupSummary ng = RESULT.summary().groups().get(0);
    assertThat(ng.nodeHours()).isCloseTo(hours, Offset.offset(1e-9));
    assertThat(ng.cost().getAsDouble()).isCloseTo(hours * 0.2, Offset.offset(1e-9));
  }

  private static List<String> lines(String kind) {
    return RESULT.timeline().stream()
        .filter(e -> e.kind().equals(kind))
        .map(e -> TimelineEntry.clock(e.at()) + " " + e.message())
        .toList();
  }
}
