package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.TimerTrigger;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The health check, every {@code HEALTH_SCHEDULE} (default every minute): the instances the cloud
 * reports failed (a failed scale-up) or going away.
 *
 * <p>Today it validates the settings and reports those instances. The core's {@code
 * NodeHealthPolicy} (restart → reimage → replace after {@code unhealthy-time}, deleting instances
 * without a node after {@code max-node-provision-time}, the unready circuit breaker) is on main and
 * its options are read ({@link FunctionSettings#healthOptions()}); running it needs the cluster
 * snapshot and the kept {@code HealthState}, which the Kubernetes adapter's live reader and state
 * store provide. Its {@code RepairInstance} / {@code DeleteInstance} actions are what {@code
 * VmssNodeGroupProvider} carries out.
 */
public final class NodeHealthFunction {
  private final Supplier<AzureWiring> wiring;

  public NodeHealthFunction() {
    this(AzureWiring::shared);
  }

  public NodeHealthFunction(Supplier<AzureWiring> wiring) {
    this.wiring = wiring;
  }

  @FunctionName("NodeHealth")
  public void run(
      @TimerTrigger(name = "tick", schedule = "%HEALTH_SCHEDULE%") String tick,
      ExecutionContext context) {
    check(context.getLogger());
  }

  /** The instances needing attention, one line each (also logged). */
  public List<String> check(Logger log) {
    Discovery discovery = wiring.get().provider().discover(List.of());
    List<String> lines =
        discovery.instances().stream()
            .filter(
                i ->
                    i.state() == CloudInstance.InstanceState.FAILED
                        || i.state() == CloudInstance.InstanceState.TERMINATING)
            .map(i -> i.state() + " " + i.providerId() + " of " + i.nodeGroup())
            .toList();
    lines.forEach(log::warning);
    discovery.warnings().forEach(log::warning);
    return lines;
  }
}
