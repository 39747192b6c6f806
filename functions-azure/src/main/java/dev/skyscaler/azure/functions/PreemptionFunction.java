package dev.skyscaler.azure.functions;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.EventGridTrigger;
import com.microsoft.azure.functions.annotation.FunctionName;
import dev.skyscaler.azure.vmss.VmssProviderId;
import dev.skyscaler.core.interruption.InterruptionNotice;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Spot evictions, from the Event Grid system topic of Azure Resource Notifications
 * (HealthResources, subscription scope): a {@code ResourceAnnotated} event with the annotation
 * {@code VirtualMachinePreempted} says a spot VM was evicted. Azure gives no notice outside the VM,
 * so this comes after the fact; scans treat nodes with the {@code PreemptionScheduled} / {@code
 * VMEventScheduled} conditions (set by an in-node agent) as interrupted.
 *
 * <p>Today the function parses and checks the event and names the evicted scale-set VM. Cleaning up
 * its node and accounting for the replacement is the interruption policy's (core.interruption, not
 * on main yet). A malformed event is logged with the field at fault and not retried: Event Grid
 * would only deliver the same bytes again.
 */
public final class PreemptionFunction {
  /** What an event turned out to be. */
  public record Notice(
      Optional<HealthEvent> event,
      Optional<VmssProviderId> evicted,
      Optional<InterruptionNotice> interruption,
      String summary) {}

  @FunctionName("Preemption")
  public void run(@EventGridTrigger(name = "event") String event, ExecutionContext context) {
    handle(event, context.getLogger());
  }

  public Notice handle(String json, Logger log) {
    HealthEvent event;
    try {
      event = HealthEventParser.parse(json);
    } catch (IllegalArgumentException e) {
      log.severe(e.getMessage());
      return new Notice(Optional.empty(), Optional.empty(), Optional.empty(), e.getMessage());
    }
    Optional<VmssProviderId> vm = event.scaleSetVm();
    if (!event.preempted() || vm.isEmpty()) {
      String summary =
          "event "
              + event.id()
              + " ("
              + describe(event)
              + " on "
              + event.targetResourceId()
              + ") is not a scale-set VM eviction; ignored";
      log.fine(summary);
      return new Notice(Optional.of(event), Optional.empty(), Optional.empty(), summary);
    }
    String summary =
        "spot VM "
            + vm.get().instanceId()
            + " of scale set "
            + vm.get().resourceGroup()
            + "/"
            + vm.get().scaleSet()
            + " was preempted at "
            + event.time()
            + " ("
            + event.reason()
            + ")";
    log.warning(summary);
    return new Notice(Optional.of(event), vm, event.notice(), summary);
  }

  private static String describe(HealthEvent event) {
    return event.type().equals(HealthEvent.ANNOTATED)
        ? "annotation " + event.annotation()
        : "availability " + event.availabilityState();
  }
}
