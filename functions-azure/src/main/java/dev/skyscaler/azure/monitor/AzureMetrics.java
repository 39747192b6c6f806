package dev.skyscaler.azure.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.metrics.DeltaFlush;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The scan metrics of one Functions worker: the shared {@link ScanMetrics} model, kept for the
 * worker's life, sent after every scan to Application Insights as custom metrics ({@link
 * MetricEnvelopes}: counters as their increase since the previous send) when {@value
 * AppInsightsConnection#SETTING} is set; kept and not sent otherwise. Sending never fails a scan:
 * what went wrong is returned for the log, and the items not taken are sent again, before the next
 * scan's, up to {@value #MAX_PENDING} of them (the oldest are dropped beyond that).
 */
public final class AzureMetrics {
  private final String cluster;
  private final Clock clock;
  private final Optional<TrackGateway> track;
  private final Metrics metrics = new Metrics();
  private final ScanMetrics scans;
  private final DeltaFlush flush = new DeltaFlush(metrics);
  private final List<ObjectNode> pending = new ArrayList<>();
  static final int MAX_PENDING = 1000;

  public AzureMetrics(String cluster, Clock clock, Optional<TrackGateway> track) {
    this.cluster = cluster;
    this.clock = clock;
    this.track = track;
    this.scans = new ScanMetrics(metrics, clock);
  }

  /**
   * Records one scan and sends what changed since the previous send.
   *
   * @return why the metrics could not be sent, if they could not
   */
  public synchronized Optional<String> record(ScanKind kind, ScanReport report) {
    scans.record(kind, report);
    if (track.isEmpty()) {
      return Optional.empty();
    }
    TrackGateway gateway = track.get();
    pending.addAll(
        MetricEnvelopes.of(
            gateway.connection().instrumentationKey(), cluster, clock.instant(), flush.next()));
    try {
      gateway.send(List.copyOf(pending));
      pending.clear();
      return Optional.empty();
    } catch (TrackGateway.TrackException e) {
      pending.subList(0, e.sent()).clear();
      if (pending.size() > MAX_PENDING) {
        pending.subList(0, pending.size() - MAX_PENDING).clear();
      }
      return Optional.of("metrics not sent: " + e.getMessage());
    }
  }
}
