package dev.skyscaler.kubernetes.metrics;

import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.scan.ScanFigures;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Each scan's figures as Prometheus metrics under Cluster Autoscaler's names and labels, for a
 * long-running runner's {@code /metrics}:
 *
 * <ul>
 *   <li>gauges {@code cluster_autoscaler_nodes_count{state=ready|unready}}, {@code
 *       _node_groups_count{node_group_type=autoscaled}}, {@code
 *       _unschedulable_pods_count{type=unschedulable}}, {@code _last_activity{activity=main}} (Unix
 *       seconds);
 *   <li>counters {@code _scaled_up_nodes_total}, {@code _scaled_down_nodes_total}, {@code
 *       _evicted_pods_total{eviction_result=succeeded}}, {@code
 *       _failed_scale_ups_total{reason=cloudProviderError}} and {@code _errors_total{type}} (a
 *       failed scan by the step that failed, a failed action by its side: {@code
 *       cloudProviderError}, {@code apiCallError}, {@code internalError});
 *   <li>the histogram {@code _function_duration_seconds{function=main}};
 *   <li>Skyscaler's own {@code skyscaler_scans_total{result=completed|skipped|failed}}.
 * </ul>
 */
public final class ScanMetrics {
  static final String CA = "cluster_autoscaler_";

  /** CA's duration buckets (0.1 s to 30 min, exponential), 15 of them rather than its 150. */
  static final List<Double> DURATION_BUCKETS = exponential(0.1, 1800.0, 15);

  private final Clock clock;
  private final Metrics.Family nodes;
  private final Metrics.Family groups;
  private final Metrics.Family unschedulable;
  private final Metrics.Family lastActivity;
  private final Metrics.Family scaledUp;
  private final Metrics.Family scaledDown;
  private final Metrics.Family evicted;
  private final Metrics.Family failedScaleUps;
  private final Metrics.Family errors;
  private final Metrics.Family duration;
  private final Metrics.Family scans;

  public ScanMetrics(Metrics m, Clock clock) {
    this.clock = clock;
    nodes = m.gauge(CA + "nodes_count", "Number of nodes in cluster.", "state");
    groups =
        m.gauge(
            CA + "node_groups_count", "Number of node groups managed by CA.", "node_group_type");
    unschedulable =
        m.gauge(
            CA + "unschedulable_pods_count",
            "Number of unschedulable pods in the cluster.",
            "type");
    lastActivity =
        m.gauge(CA + "last_activity", "Last time certain part of CA logic executed.", "activity");
    scaledUp = m.counter(CA + "scaled_up_nodes_total", "Number of nodes added by CA.");
    scaledDown = m.counter(CA + "scaled_down_nodes_total", "Number of nodes removed by CA.");
    evicted =
        m.counter(CA + "evicted_pods_total", "Number of pods evicted by CA", "eviction_result");
    failedScaleUps =
        m.counter(
            CA + "failed_scale_ups_total",
            "Number of times scale-up operation has failed.",
            "reason");
    errors =
        m.counter(CA + "errors_total", "The number of CA loops failed due to an error.", "type");
    duration =
        m.histogram(
            CA + "function_duration_seconds",
            "Time taken by various parts of CA main loop.",
            DURATION_BUCKETS,
            "function");
    scans = m.counter("skyscaler_scans_total", "Scans by how they ended.", "result");
  }

  /** Records one scan. */
  public void record(ScanReport report) {
    lastActivity.set(clock.millis() / 1000.0, "main");
    if (report instanceof ScanReport.Skipped) {
      scans.add(1, "skipped");
    } else if (report instanceof ScanReport.Failed failed) {
      scans.add(1, "failed");
      errors.add(1, errorType(failed.stage()));
    } else if (report instanceof ScanReport.Held held) {
      scans.add(1, held.dryRun() ? "shadow" : "held");
    } else if (report instanceof ScanReport.Completed done) {
      scans.add(1, "completed");
      completed(done);
    }
  }

  private void completed(ScanReport.Completed done) {
    ScanFigures f = done.figures();
    nodes.set(f.readyNodes(), "ready");
    nodes.set(f.unreadyNodes(), "unready");
    groups.set(f.nodeGroups(), "autoscaled");
    unschedulable.set(f.unschedulablePods(), "unschedulable");
    scaledUp.add(f.scaledUpNodes());
    scaledDown.add(f.scaledDownNodes());
    evicted.add(f.evictedPods(), "succeeded");
    long failedUps =
        done.cloud().stream()
            .filter(c -> c.action() instanceof SetTargetSize s && s.to() > s.from())
            .filter(c -> !c.succeeded())
            .count();
    failedScaleUps.add(failedUps, "cloudProviderError");
    long cloudErrors = done.cloud().stream().filter(c -> !c.succeeded()).count();
    long apiErrors =
        done.kubernetes().stream().filter(o -> o.result() == Outcome.Result.FAILED).count();
    errors.add(cloudErrors, "cloudProviderError");
    errors.add(apiErrors, "apiCallError");
    duration.observe(done.took().toMillis() / 1000.0, "main");
  }

  /** A failed scan's CA error type, by its step. */
  static String errorType(String stage) {
    return switch (stage) {
      case "discover the node groups", "connect to the management cluster" -> "cloudProviderError";
      case "take the lease", "load the state", "read the cluster", "connect to the cluster" ->
          "apiCallError";
      default -> "internalError";
    };
  }

  static List<Double> exponential(double min, double max, int count) {
    List<Double> bounds = new ArrayList<>();
    double factor = Math.pow(max / min, 1.0 / (count - 1));
    for (int i = 0; i < count; i++) {
      bounds.add(Math.round(min * Math.pow(factor, i) * 1000) / 1000.0);
    }
    return bounds;
  }
}
