package dev.skyscaler.azure.functions;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

/** What the three functions share: wire, run one scan cycle, log its line, send its metrics. */
final class Scans {
  private Scans() {}

  /**
   * Runs one cycle, logs its {@link ScanLogLine} and records its metrics ({@link
   * dev.skyscaler.azure.monitor.AzureMetrics}; a failure to send them is a warning in the log). A
   * wiring that cannot be built (the cluster's endpoint or kubeconfig unreadable) ends as a {@link
   * ScanReport.Failed} at stage {@code connect to the cluster}, with nothing done.
   *
   * @throws dev.skyscaler.core.config.ConfigException listing every invalid app setting
   */
  static ScanReport run(
      Supplier<AzureWiring> wiring,
      String invocationId,
      ScanKind kind,
      List<InterruptionNotice> notices,
      Duration leaseWait,
      Logger log) {
    AzureWiring w = wiring.get();
    w.noEffectNote().ifPresent(log::info);
    ScanReport report;
    try {
      report = w.scanCycle(invocationId, leaseWait).run(kind, notices);
    } catch (RuntimeException e) {
      report = new ScanReport.Failed("connect to the cluster", String.valueOf(e.getMessage()));
    }
    ScanLogLine line = ScanLogLine.of(AzureWiring.identity(invocationId), kind, report);
    log.log(line.level(), line.text());
    w.metrics().record(kind, report).ifPresent(log::warning);
    return report;
  }
}
