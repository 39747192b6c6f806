package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The counts behind CA's node states, pod types and scale-down reasons. */
class ScanFiguresTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final Plan NOTHING =
      Plan.scaleUpOnly(List.of(), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);

  @Test
  void nodesAreCountedInCasStatesByReadinessAgeAndRegistration() {
    ClusterSnapshot snapshot =
        cluster()
            .groups(group("ng1").max(9))
            .nodes(
                node("ready").inGroup("ng1").providerId("aws:///a/i-1"),
                node("starting").inGroup("ng1").notReady().createdAt(NOW.minusSeconds(60)),
                node("broken").inGroup("ng1").notReady().createdAt(NOW.minus(Duration.ofHours(1))))
            .pods(pod("waiting").cpu("1"), pod("new").cpu("1").unprocessed())
            .build();
    List<CloudInstance> instances =
        List.of(
            new CloudInstance("ng1", "aws:///a/i-1", InstanceState.RUNNING, NOW.minusSeconds(3600)),
            new CloudInstance("ng1", "aws:///a/i-2", InstanceState.PENDING, NOW.minusSeconds(60)),
            new CloudInstance("ng1", "aws:///a/i-3", InstanceState.RUNNING, NOW.minusSeconds(3600)),
            new CloudInstance("ng1", "aws:///a/i-4", InstanceState.TERMINATING, NOW));

    ScanFigures f =
        ScanFigures.of(snapshot, NOTHING, List.of(), List.of(), instances, health(), NOW);

    assertThat(
            List.of(
                f.readyNodes(),
                f.unreadyNodes(),
                f.notStartedNodes(),
                f.unregisteredNodes(),
                f.longUnregisteredNodes(),
                f.unschedulablePods(),
                f.unprocessedPods()))
        .containsExactly(1, 2, 1, 1, 1, 1, 1);
  }

  @Test
  void deletionsTheCloudAcceptedAreCountedByTheirReason() {
    ClusterSnapshot snapshot = cluster().build();
    List<CloudOutcome> cloud =
        List.of(
            deleted("empty", Outcome.Status.DONE),
            deleted("empty", Outcome.Status.DONE),
            deleted("underutilized", Outcome.Status.DONE),
            deleted("unready", Outcome.Status.FAILED));

    ScanFigures f = ScanFigures.of(snapshot, NOTHING, List.of(), cloud, List.of(), health(), NOW);

    assertThat(f.scaledDownNodes()).isEqualTo(3);
    assertThat(f.scaledDownByReason()).isEqualTo(Map.of("empty", 2, "underutilized", 1));
  }

  private static CloudOutcome deleted(String reason, Outcome.Status status) {
    return new CloudOutcome(
        new DeleteInstance("ng1", "n", "aws:///a/i-9", true, reason), new Outcome(status, ""));
  }

  private static HealthOptions health() {
    return HealthOptions.defaults();
  }
}
