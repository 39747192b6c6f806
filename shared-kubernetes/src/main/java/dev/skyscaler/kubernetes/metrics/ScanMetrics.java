package dev.skyscaler.kubernetes.metrics;

import dev.skyscaler.core.health.NodeHealthPolicy;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.scan.ScanFigures;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Each scan's figures as metrics under Cluster Autoscaler's names and label sets, in one {@link
 * Metrics} model that every output renders: {@code /metrics} of {@code skyscaler run} ({@link
 * PrometheusText}), CloudWatch EMF on AWS and Application Insights on Azure (both through {@link
 * DeltaFlush}). Counters accumulate for as long as the model lives (the process, or the warm
 * function environment); gauges hold the last scan's value.
 *
 * <ul>
 *   <li>gauges {@code cluster_autoscaler_nodes_count{state}} with CA's states {@code ready}, {@code
 *       unready}, {@code notStarted}, {@code unregistered}, {@code longUnregistered}; {@code
 *       _node_groups_count{node_group_type=autoscaled}}; {@code _unschedulable_pods_count{type}}
 *       with {@code unschedulable} and {@code scheduler_unprocessed}; {@code
 *       _last_activity{activity}} (Unix seconds) for {@code main}, {@code autoscaling}, {@code
 *       scaleUp}, {@code scaleDown};
 *   <li>counters {@code _scaled_up_nodes_total}, {@code _scaled_down_nodes_total{reason}}, {@code
 *       _evicted_pods_total{eviction_result}}, {@code _failed_scale_ups_total{reason}} and {@code
 *       _errors_total{type}} (a failed scan by the step that failed, a failed action by its side:
 *       {@code cloudProviderError}, {@code apiCallError}, {@code internalError});
 *   <li>the histogram {@code _function_duration_seconds{function}}: {@code main} for a full scan,
 *       {@code nodeHealth} for a health check;
 *   <li>Skyscaler's own {@code skyscaler_scans_total{result}} and {@code
 *       skyscaler_repaired_nodes_total} (CA has neither).
 * </ul>
 */
public final class ScanMetrics {
  static final String CA = "cluster_autoscaler_";
  public static final String NODES = CA + "nodes_count";
  public static final String NODE_GROUPS = CA + "node_groups_count";
  public static final String UNSCHEDULABLE_PODS = CA + "unschedulable_pods_count";
  public static final String LAST_ACTIVITY = CA + "last_activity";
  public static final String SCALED_UP = CA + "scaled_up_nodes_total";
  public static final String SCALED_DOWN = CA + "scaled_down_nodes_total";
  public static final String EVICTED_PODS = CA + "evicted_pods_total";
  public static final String FAILED_SCALE_UPS = CA + "failed_scale_ups_total";
  public static final String ERRORS = CA + "errors_total";
  public static final String DURATION = CA + "function_duration_seconds";
  public static final String SCANS = "skyscaler_scans_total";
  public static final String REPAIRED = "skyscaler_repaired_nodes_total";

  /** The label values of {@link #ERRORS}' {@code type}. */
  public static final List<String> ERROR_TYPES =
      List.of("cloudProviderError", "apiCallError", "internalError");

  /** The label values of {@link #FAILED_SCALE_UPS}' {@code reason} Skyscaler records. */
  public static final List<String> SCALE_UP_FAILURE_REASONS =
      List.of("cloudProviderError", "timeout");

  /** The {@code type} of {@link #UNSCHEDULABLE_PODS} the scheduler gave up on. */
  public static final String UNSCHEDULABLE = "unschedulable";

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
  private final Metrics.Family repaired;

  public ScanMetrics(Metrics m, Clock clock) {
    this.clock = clock;
    nodes = m.gauge(NODES, "Number of nodes in cluster.", "state");
    groups = m.gauge(NODE_GROUPS, "Number of node groups managed by CA.", "node_group_type");
    unschedulable =
        m.gauge(UNSCHEDULABLE_PODS, "Number of unschedulable pods in the cluster.", "type");
    lastActivity =
        m.gauge(LAST_ACTIVITY, "Last time certain part of CA logic executed.", "activity");
    scaledUp = m.counter(SCALED_UP, "Number of nodes added by CA.");
    scaledDown = m.counter(SCALED_DOWN, "Number of nodes removed by CA.", "reason");
    evicted = m.counter(EVICTED_PODS, "Number of pods evicted by CA", "eviction_result");
    failedScaleUps =
        m.counter(FAILED_SCALE_UPS, "Number of times scale-up operation has failed.", "reason");
    errors = m.counter(ERRORS, "The number of CA loops failed due to an error.", "type");
    duration =
        m.histogram(
            DURATION, "Time taken by various parts of CA main loop.", DURATION_BUCKETS, "function");
    scans = m.counter(SCANS, "Scans by how they ended.", "result");
    repaired = m.counter(REPAIRED, "Nodes whose instance the health check had repaired.");
  }

  /** Records one scan of this kind. */
  public void record(ScanKind kind, ScanReport report) {
    lastActivity.set(clock.millis() / 1000.0, "main");
    // every error series exists from the first scan, so an alarm on it sees zeros, not gaps
    ERROR_TYPES.forEach(t -> errors.add(0, t));
    SCALE_UP_FAILURE_REASONS.forEach(r -> failedScaleUps.add(0, r));
    if (report instanceof ScanReport.Skipped) {
      scans.add(1, "skipped");
    } else if (report instanceof ScanReport.Failed failed) {
      scans.add(1, "failed");
      errors.add(1, errorType(failed.stage()));
    } else if (report instanceof ScanReport.Held held) {
      scans.add(1, held.dryRun() ? "shadow" : "held");
    } else if (report instanceof ScanReport.Completed done) {
      scans.add(1, "completed");
      if (kind == ScanKind.HEALTH) {
        repaired.add(done.figures().repairs());
        actions(done);
        duration.observe(done.took().toMillis() / 1000.0, "nodeHealth");
      } else {
        completed(done);
      }
    }
  }

  private void completed(ScanReport.Completed done) {
    ScanFigures f = done.figures();
    double now = clock.millis() / 1000.0;
    lastActivity.set(now, "autoscaling");
    nodes.set(f.readyNodes(), "ready");
    nodes.set(f.unreadyNodes() - f.notStartedNodes(), "unready");
    nodes.set(f.notStartedNodes(), "notStarted");
    nodes.set(f.unregisteredNodes(), "unregistered");
    nodes.set(f.longUnregisteredNodes(), "longUnregistered");
    groups.set(f.nodeGroups(), "autoscaled");
    unschedulable.set(f.unschedulablePods(), UNSCHEDULABLE);
    unschedulable.set(f.unprocessedPods(), "scheduler_unprocessed");
    scaledUp.add(f.scaledUpNodes());
    if (f.scaledUpNodes() > 0) {
      lastActivity.set(now, "scaleUp");
    }
    f.scaledDownByReason().forEach((reason, count) -> scaledDown.add(count, reason));
    if (f.scaledDownNodes() > 0) {
      lastActivity.set(now, "scaleDown");
    }
    repaired.add(f.repairs());
    actions(done);
    duration.observe(done.took().toMillis() / 1000.0, "main");
  }

  private void actions(ScanReport.Completed done) {
    evicted.add(done.figures().evictedPods(), "succeeded");
    evicted.add(
        done.kubernetes().stream()
            .filter(o -> o.action() instanceof EvictPod)
            .filter(o -> o.result() == Outcome.Result.FAILED)
            .count(),
        "failed");
    long failedUps =
        done.cloud().stream()
            .filter(c -> c.action() instanceof SetTargetSize s && s.to() > s.from())
            .filter(c -> !c.succeeded())
            .count();
    failedScaleUps.add(failedUps, "cloudProviderError");
    // CA's reason for a scale-up whose instances never came within --max-node-provision-time
    failedScaleUps.add(
        done.plan().actions().stream()
            .filter(
                a ->
                    a instanceof RecordEvent e
                        && e.reason().equals(NodeHealthPolicy.SCALE_UP_TIMED_OUT))
            .count(),
        "timeout");
    errors.add(done.cloud().stream().filter(c -> !c.succeeded()).count(), "cloudProviderError");
    errors.add(
        done.kubernetes().stream().filter(o -> o.result() == Outcome.Result.FAILED).count(),
        "apiCallError");
  }

  /** A failed scan's CA error type, by its step. */
  static String errorType(String stage) {
    return switch (stage) {
      case "discover the node groups", "connect to the management cluster" -> "cloudProviderError";
      case "take the lease",
          "load the state",
          "read the cluster",
          "connect to the cluster",
          "connect to the workload cluster" ->
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
