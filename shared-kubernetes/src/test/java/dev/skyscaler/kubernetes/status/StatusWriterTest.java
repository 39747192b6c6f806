package dev.skyscaler.kubernetes.status;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.status.StatusReport.Backoff;
import dev.skyscaler.kubernetes.status.StatusReport.StatusInputs;
import dev.skyscaler.kubernetes.status.StatusWriter.StatusOptions;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class StatusWriterTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  /** ng1: 3 nodes (ready, starting, being deleted) of a target of 4; ng2: one ready node. */
  static ClusterSnapshot snapshot() {
    return cluster()
        .groups(group("ng1").min(1).max(10).target(4), group("ng2").min(0).max(3).target(1))
        .nodes(
            node("a1").cpu("4").memory("16Gi").inGroup("ng1"),
            node("a2")
                .cpu("4")
                .memory("16Gi")
                .inGroup("ng1")
                .notReady()
                .createdAt(NOW.minusSeconds(60)),
            node("a3")
                .cpu("4")
                .memory("16Gi")
                .inGroup("ng1")
                .taint(CaTaints.TO_BE_DELETED, "1738320000", TaintEffect.NO_SCHEDULE),
            node("b1").cpu("4").memory("16Gi").inGroup("ng2"))
        .build();
  }

  static Plan plan() {
    return new Plan(
        List.of(new ScaleUp("ng1", 1, 4, List.of("default/web-1"))),
        List.of(),
        List.of(new ScaleDown("b1", "ng2", true, Map.of(), 0.0, NOW, NOW.plusSeconds(600))),
        List.of(),
        List.of(),
        List.of(),
        AutoscalerState.EMPTY);
  }

  @Test
  void theStatusIsWrittenInCasYamlSchema() {
    StatusInputs inputs =
        new StatusInputs(
            Duration.ofMinutes(15),
            3,
            45,
            Map.of("ng2", new Backoff("QUOTA_EXCEEDED", "Quota 'CPUS' exceeded.")));

    writer().write(StatusReport.build(snapshot(), plan(), inputs, NOW), NOW);

    ConfigMap cm = statusConfigMap();
    assertThat(cm.getMetadata().getAnnotations())
        .containsEntry(
            "cluster-autoscaler.kubernetes.io/last-updated",
            "2025-01-31 12:00:00.000000000 +0000 UTC");
    assertThat(cm.getData().get("status"))
        .isEqualTo(
            """
            time: "2025-01-31 12:00:00.000000000 +0000 UTC"
            autoscalerStatus: "Running"
            clusterWide:
              health:
                status: "Healthy"
                nodeCounts:
                  registered:
                    total: 4
                    ready: 3
                    notStarted: 1
                    beingDeleted: 1
                    unready:
                      total: 0
                      resourceUnready: 0
                  longUnregistered: 0
                  unregistered: 0
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleUp:
                status: "InProgress"
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleDown:
                status: "CandidatesPresent"
                candidates: 1
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
            nodeGroups:
            - name: "ng1"
              health:
                status: "Healthy"
                nodeCounts:
                  registered:
                    total: 3
                    ready: 2
                    notStarted: 1
                    beingDeleted: 1
                    unready:
                      total: 0
                      resourceUnready: 0
                  longUnregistered: 0
                  unregistered: 0
                cloudProviderTarget: 4
                minSize: 1
                maxSize: 10
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleUp:
                status: "InProgress"
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleDown:
                status: "NoCandidates"
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
            - name: "ng2"
              health:
                status: "Healthy"
                nodeCounts:
                  registered:
                    total: 1
                    ready: 1
                    notStarted: 0
                    unready:
                      total: 0
                      resourceUnready: 0
                  longUnregistered: 0
                  unregistered: 0
                cloudProviderTarget: 1
                minSize: 0
                maxSize: 3
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleUp:
                status: "Backoff"
                backoffInfo:
                  errorCode: "QUOTA_EXCEEDED"
                  errorMessage: "Quota 'CPUS' exceeded."
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
              scaleDown:
                status: "CandidatesPresent"
                candidates: 1
                lastProbeTime: "2025-01-31T12:00:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
            """);
  }

  @Test
  void anUnchangedStatusIsNotWrittenAgainUntilItIsDueForARefresh() {
    StatusWriter writer = writer();
    writer.write(report(NOW), NOW);
    cluster.clearCalls();

    boolean oneMinuteLater =
        writer.write(report(NOW.plusSeconds(60)), NOW.plusSeconds(60)).written();
    boolean sixMinutesLater =
        writer.write(report(NOW.plusSeconds(360)), NOW.plusSeconds(360)).written();

    assertThat(oneMinuteLater).isFalse();
    assertThat(sixMinutesLater).isTrue();
    assertThat(cluster.writes()).hasSize(1);
    assertThat(statusConfigMap().getData().get("status"))
        .contains("lastProbeTime: \"2025-01-31T12:06:00Z\"")
        .doesNotContain("lastTransitionTime: \"2025-01-31T12:06:00Z\"");
  }

  @Test
  void aChangedConditionGetsANewTransitionTimeAndTheOthersKeepTheirs() {
    StatusWriter writer = writer();
    writer.write(report(NOW), NOW);
    Instant later = NOW.plusSeconds(60);
    Plan noScaleUp =
        new Plan(
            List.of(),
            List.of(),
            plan().scaleDowns(),
            List.of(),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);
    ClusterSnapshot settled =
        cluster()
            .groups(group("ng1").min(1).max(10).target(3), group("ng2").min(0).max(3).target(1))
            .nodes(
                node("a1").cpu("4").memory("16Gi").inGroup("ng1"),
                node("a2").cpu("4").memory("16Gi").inGroup("ng1"),
                node("a3").cpu("4").memory("16Gi").inGroup("ng1"),
                node("b1").cpu("4").memory("16Gi").inGroup("ng2"))
            .build();

    boolean written =
        writer
            .write(StatusReport.build(settled, noScaleUp, StatusInputs.DEFAULTS, later), later)
            .written();

    String status = statusConfigMap().getData().get("status");
    assertThat(written).isTrue();
    assertThat(status)
        .contains(
            """
              scaleUp:
                status: "NoActivity"
                lastProbeTime: "2025-01-31T12:01:00Z"
                lastTransitionTime: "2025-01-31T12:01:00Z"
              scaleDown:
                status: "CandidatesPresent"
                candidates: 1
                lastProbeTime: "2025-01-31T12:01:00Z"
                lastTransitionTime: "2025-01-31T12:00:00Z"
            """);
  }

  @Test
  void casOldPlainTextStatusIsReplaced() {
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("cluster-autoscaler-status")
                .endMetadata()
                .withData(
                    Map.of("status", "Cluster-autoscaler status at 2020-01-01:\nCluster-wide:\n"))
                .build())
        .create();

    assertThat(writer().write(report(NOW), NOW).written()).isTrue();
    assertThat(statusConfigMap().getData().get("status")).startsWith("time: \"2025-01-31 12:00:00");
  }

  private static java.util.Map<String, Object> report(Instant at) {
    return StatusReport.build(snapshot(), plan(), StatusInputs.DEFAULTS, at);
  }

  private StatusWriter writer() {
    return new StatusWriter(cluster.connect(), StatusOptions.DEFAULTS, WriteFence.NONE);
  }

  private ConfigMap statusConfigMap() {
    return cluster
        .admin()
        .configMaps()
        .inNamespace("kube-system")
        .withName("cluster-autoscaler-status")
        .get();
  }
}
