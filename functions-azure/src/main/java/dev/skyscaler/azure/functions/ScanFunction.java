package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.TimerTrigger;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The scan, every {@code SCAN_SCHEDULE} (six-field NCRONTAB, default every 10 seconds): Azure
 * timers fire at second precision, so each invocation scans once. The timer runs on one instance at
 * a time (a blob lease of the Functions host), and a run that outlasts its period delays the next
 * instead of overlapping it.
 *
 * <p>Today a scan validates the settings and discovers the node groups through Resource Manager,
 * logging each group and every discovery warning. Planning and acting on the plan wait for the
 * Kubernetes adapter's live snapshot and the scale-down state (see the module README).
 */
public final class ScanFunction {
  private final Supplier<AzureWiring> wiring;

  public ScanFunction() {
    this(AzureWiring::shared);
  }

  public ScanFunction(Supplier<AzureWiring> wiring) {
    this.wiring = wiring;
  }

  @FunctionName("Scan")
  public void run(
      @TimerTrigger(name = "tick", schedule = "%SCAN_SCHEDULE%") String tick,
      ExecutionContext context) {
    scan(TimerTick.parse(tick), context.getLogger());
  }

  /** One scan; the report is also logged. */
  public ScanReport scan(TimerTick tick, Logger log) {
    if (tick.pastDue()) {
      log.warning("scan is late (the previous one outlasted the schedule)");
    }
    ScanReport report = ScanReport.of(wiring.get().provider().discover(List.of()));
    report.groups().forEach(log::info);
    report.warnings().forEach(log::warning);
    return report;
  }
}
