package dev.skyscaler.kubernetes.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanFigures;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Which series of CA's metrics a scan's report moves, read back in Prometheus's text format. */
class ScanMetricsTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC);
  private static final Plan NOTHING =
      Plan.scaleUpOnly(List.of(), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);

  record Case(String name, ScanKind kind, ScanReport report, List<String> lines) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a completed scan sets every CA node state and both pod types",
            ScanKind.FULL,
            completed(figures(Map.of()), List.of()),
            List.of(
                "cluster_autoscaler_nodes_count{state=\"ready\"} 5",
                "cluster_autoscaler_nodes_count{state=\"unready\"} 1",
                "cluster_autoscaler_nodes_count{state=\"notStarted\"} 2",
                "cluster_autoscaler_nodes_count{state=\"unregistered\"} 1",
                "cluster_autoscaler_nodes_count{state=\"longUnregistered\"} 4",
                "cluster_autoscaler_unschedulable_pods_count{type=\"unschedulable\"} 7",
                "cluster_autoscaler_unschedulable_pods_count{type=\"scheduler_unprocessed\"} 3",
                "cluster_autoscaler_scaled_up_nodes_total 2",
                "cluster_autoscaler_last_activity{activity=\"scaleUp\"} 1767268800",
                "cluster_autoscaler_function_duration_seconds_count{function=\"main\"} 1")),
        new Case(
            "scale-downs are counted by their reason",
            ScanKind.FULL,
            completed(figures(Map.of("empty", 2, "underutilized", 1)), List.of()),
            List.of(
                "cluster_autoscaler_scaled_down_nodes_total{reason=\"empty\"} 2",
                "cluster_autoscaler_scaled_down_nodes_total{reason=\"underutilized\"} 1",
                "cluster_autoscaler_last_activity{activity=\"scaleDown\"} 1767268800")),
        new Case(
            "a scale-up the cloud refused is a failed scale-up and a cloud provider error",
            ScanKind.FULL,
            completed(
                figures(Map.of()),
                List.of(
                    new CloudOutcome(
                        new SetTargetSize("ng1", 1, 3, "pending pods"),
                        new Outcome(Outcome.Status.FAILED, "quota")))),
            List.of(
                "cluster_autoscaler_failed_scale_ups_total{reason=\"cloudProviderError\"} 1",
                "cluster_autoscaler_errors_total{type=\"cloudProviderError\"} 1",
                "cluster_autoscaler_errors_total{type=\"apiCallError\"} 0")),
        new Case(
            "a scale-up whose instances never came is a failed scale-up by timeout, as in CA",
            ScanKind.FULL,
            new ScanReport.Completed(
                Plan.scaleUpOnly(
                    List.of(),
                    List.of(),
                    List.of(
                        new RecordEvent(
                            "ConfigMap",
                            "cluster-autoscaler-status",
                            "ScaleUpTimedOut",
                            "Nodes added to group ng1 failed to register within 15m0s",
                            true)),
                    List.of(),
                    AutoscalerState.EMPTY),
                List.of(),
                List.of(),
                figures(Map.of()),
                true,
                List.of(),
                Duration.ofMillis(1500)),
            List.of(
                "cluster_autoscaler_failed_scale_ups_total{reason=\"timeout\"} 1",
                "cluster_autoscaler_failed_scale_ups_total{reason=\"cloudProviderError\"} 0")),
        new Case(
            "a scan that could not read the cluster is an API call error",
            ScanKind.FULL,
            new ScanReport.Failed("read the cluster", "timeout"),
            List.of(
                "cluster_autoscaler_errors_total{type=\"apiCallError\"} 1",
                "cluster_autoscaler_errors_total{type=\"internalError\"} 0",
                "cluster_autoscaler_failed_scale_ups_total{reason=\"cloudProviderError\"} 0",
                "skyscaler_scans_total{result=\"failed\"} 1")),
        new Case(
            "a health check counts repairs and times itself as nodeHealth",
            ScanKind.HEALTH,
            completed(figures(Map.of()), List.of()),
            List.of(
                "skyscaler_repaired_nodes_total 1",
                "cluster_autoscaler_function_duration_seconds_count{function=\"nodeHealth\"} 1")),
        new Case(
            "a skipped scan only counts itself and the main loop's activity",
            ScanKind.FULL,
            new ScanReport.Skipped("lease held"),
            List.of(
                "skyscaler_scans_total{result=\"skipped\"} 1",
                "cluster_autoscaler_last_activity{activity=\"main\"} 1767268800")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aScanMovesTheSeriesCaWould(Case c) {
    Metrics m = new Metrics();
    new ScanMetrics(m, CLOCK).record(c.kind(), c.report());

    assertThat(PrometheusText.render(m).lines()).containsAll(c.lines());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void onlyAFullScanSetsTheClustersGauges(Case c) {
    Metrics m = new Metrics();
    new ScanMetrics(m, CLOCK).record(c.kind(), c.report());

    boolean full = c.kind() == ScanKind.FULL && c.report() instanceof ScanReport.Completed;
    assertThat(PrometheusText.render(m).contains("cluster_autoscaler_nodes_count{"))
        .isEqualTo(full);
  }

  private static ScanFigures figures(Map<String, Integer> scaledDown) {
    int down = scaledDown.values().stream().mapToInt(Integer::intValue).sum();
    return new ScanFigures(5, 3, 7, 1, 2, down, 0, 1, 0, 2, 1, 4, 3, scaledDown);
  }

  private static ScanReport completed(ScanFigures f, List<CloudOutcome> cloud) {
    return new ScanReport.Completed(
        NOTHING, List.of(), cloud, f, true, List.of(), Duration.ofMillis(1500));
  }
}
