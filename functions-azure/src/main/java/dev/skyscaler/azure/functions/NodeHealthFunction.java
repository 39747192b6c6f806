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
 * The health check, every {@code HEALTH_SCHEDULE} (default every minute): a {@link ScanKind#HEALTH}
 * cycle, the core's node health policy alone. A node NotReady or Unknown for longer than {@code
 * UNHEALTHY_TIME} climbs its group's repair ladder — restart, then after {@code
 * REPAIR_STEP_TIMEOUT} reimage, then delete and replace (the scale set's capacity restored) — one
 * node per group at a time, and not at all while too many nodes are unready (the circuit breaker);
 * an instance without a node after {@code MAX_NODE_PROVISION_TIME} is deleted. The VM Scale Set
 * provider carries the repairs out ({@code RepairInstance}), on AKS pools through the pool's VMs.
 *
 * <p>Scheduled scans run the same policy on the same kept state under the same Lease, so a repair
 * is never started twice; this function keeps repairs going while scaling is paused. No scaling, no
 * status ConfigMap. One {@link ScanLogLine} per check.
 */
public final class NodeHealthFunction {
  private final Supplier<AzureWiring> wiring;

  /**
   * @param wiring the worker's wiring, built at the first invocation ({@link FunctionInjector})
   */
  public NodeHealthFunction(Supplier<AzureWiring> wiring) {
    this.wiring = wiring;
  }

  @FunctionName("NodeHealth")
  public void run(
      @TimerTrigger(name = "tick", schedule = "%HEALTH_SCHEDULE%") String tick,
      ExecutionContext context) {
    check(context.getInvocationId(), context.getLogger());
  }

  /** One health check as invocation {@code invocationId}; its line is logged. */
  public ScanReport check(String invocationId, Logger log) {
    return Scans.run(wiring, invocationId, ScanKind.HEALTH, List.of(), Duration.ZERO, log);
  }
}
