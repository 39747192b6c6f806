package dev.skyscaler.aws;

import dev.skyscaler.kubernetes.metrics.DeltaFlush;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;

/**
 * The scan metrics of one Lambda execution environment: the shared {@link ScanMetrics} model, kept
 * across invocations as the {@link dev.skyscaler.kubernetes.ClusterView} is, and written to the log
 * after every scan as CloudWatch embedded metric format documents ({@link EmbeddedMetricFormat}):
 * counters as their increase since the previous scan's documents, gauges as their current value.
 * CloudWatch's Sum of a counter over a period is therefore its increase in that period, whichever
 * environment counted it.
 */
public final class EmfMetrics {
  private final JsonLog log;
  private final String cluster;
  private final Clock clock;
  private final Metrics metrics = new Metrics();
  private final ScanMetrics scans;
  private final DeltaFlush flush = new DeltaFlush(metrics);

  public EmfMetrics(JsonLog log, String cluster, Clock clock) {
    this.log = log;
    this.cluster = cluster;
    this.clock = clock;
    this.scans = new ScanMetrics(metrics, clock);
  }

  /** Records one scan and writes what changed since the previous one. */
  void record(ScanKind kind, ScanReport report) {
    scans.record(kind, report);
    EmbeddedMetricFormat.documents(cluster, clock.instant(), flush.next()).forEach(log::document);
  }
}
