package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.EventGridTrigger;
import com.microsoft.azure.functions.annotation.FunctionName;
import dev.skyscaler.azure.functions.Preemptions.Disposition;
import dev.skyscaler.azure.functions.Preemptions.Handled;
import dev.skyscaler.core.cloud.InterruptionNotice;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Spot evictions, from the Event Grid system topic of Azure Resource Notifications
 * (HealthResources, subscription scope, preview). A {@code ResourceAnnotated} event with the
 * annotation {@code VirtualMachinePreempted} about a VM of this cluster's scale sets becomes the
 * core's {@link InterruptionNotice.Kind#AZURE_PREEMPTED} notice and runs one full scan with it,
 * waiting up to {@link #LEASE_WAIT} for a scan that holds the Lease: the node is tainted, cordoned
 * and drained at once (the VM is already gone), and the same scan accounts for its replacement: a
 * VM the scale set still lists (eviction policy Deallocate) is deleted and the capacity restored;
 * an AKS pool keeps its count and AKS replaces the VM, which scans count as upcoming; a plain scale
 * set whose capacity Azure lowered with the VM (policy Delete) gets one node from scale-up for the
 * evicted pods. Either way later scans see the replacement as upcoming, not as a reason for another
 * node.
 *
 * <p>Azure gives no notice outside the VM, so this comes after the fact; scans act earlier on nodes
 * whose {@code PreemptionScheduled} / {@code VMEventScheduled} conditions an in-node agent set.
 * {@code AvailabilityStatusChanged} events say a VM became unavailable but not why (the {@code
 * ResourceAnnotated} event that comes with a preemption does): they are acknowledged and left to
 * the health check, which repairs a node that stays NotReady.
 *
 * <p>Events about other VMs (other subscriptions, resource groups or clusters: the topic covers the
 * whole subscription) are acknowledged and dropped, as is a malformed event (logged once with the
 * field at fault: Event Grid would only deliver the same bytes again). A scan that could not run
 * (Lease still held, cluster unreachable) throws, so Event Grid delivers the event again; a notice
 * delivered twice is recognised by its id and changes nothing.
 */
public final class PreemptionFunction {
  /** How long a preemption waits for a scan in progress: a scan takes about a second. */
  public static final Duration LEASE_WAIT = Duration.ofSeconds(10);

  private final Preemptions preemptions;

  /**
   * @param wiring the worker's wiring, built at the first invocation ({@link FunctionInjector})
   */
  public PreemptionFunction(Supplier<AzureWiring> wiring) {
    this.preemptions = new Preemptions(wiring, LEASE_WAIT);
  }

  /** Event Grid's entry point: an event whose scan could not run is handed back by throwing. */
  @FunctionName("Preemption")
  public void run(@EventGridTrigger(name = "event") String event, ExecutionContext context) {
    Handled handled = handle(event, context.getInvocationId(), context.getLogger());
    if (handled.disposition() == Disposition.RETRY) {
      throw new IllegalStateException(handled.summary());
    }
  }

  /** Reads one event and handles it as invocation {@code invocationId}; what happened is logged. */
  public Handled handle(String json, String invocationId, Logger log) {
    HealthEvent event;
    try {
      event = HealthEventParser.parse(json);
    } catch (IllegalArgumentException e) {
      return Preemptions.malformed(e.getMessage(), log);
    }
    return preemptions.handle(event, invocationId, log);
  }
}
