package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.TimerTrigger;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The scan, every {@code SCAN_SCHEDULE} (six-field NCRONTAB, default every 10 seconds): one {@link
 * dev.skyscaler.kubernetes.scan.ScanCycle} per tick — interruptions (nodes with the {@code
 * PreemptionScheduled} / {@code VMEventScheduled} conditions), node health, scale-up and scale-down
 * planned by the core and carried out on the cluster and through the VM Scale Sets / AKS node
 * pools. Azure timers fire at second precision, so each invocation scans once. The timer runs on
 * one instance at a time (a blob lease of the Functions host) and a run that outlasts its period
 * delays the next; the Kubernetes Lease keeps the scan exclusive against the health and preemption
 * functions too, and a scan that finds it held is skipped (the next tick comes soon).
 *
 * <p>Each scan writes one {@link ScanLogLine}. A scan that cannot decide (the cluster or Resource
 * Manager unreachable) is logged as failed and returns: it did nothing, and the next tick retries.
 */
public final class ScanFunction {
  private final Supplier<AzureWiring> wiring;

  /**
   * @param wiring the worker's wiring, built at the first invocation ({@link FunctionInjector})
   */
  public ScanFunction(Supplier<AzureWiring> wiring) {
    this.wiring = wiring;
  }

  @FunctionName("Scan")
  public void run(
      @TimerTrigger(name = "tick", schedule = "%SCAN_SCHEDULE%") String tick,
      ExecutionContext context) {
    Logger log = context.getLogger();
    if (TimerTick.parse(tick).pastDue()) {
      log.warning("scan is late (the previous one outlasted the schedule)");
    }
    scan(context.getInvocationId(), log);
  }

  /** One full scan as invocation {@code invocationId}; its line is logged. */
  public ScanReport scan(String invocationId, Logger log) {
    return Scans.run(wiring, invocationId, ScanKind.FULL, List.of(), Duration.ZERO, log);
  }
}
