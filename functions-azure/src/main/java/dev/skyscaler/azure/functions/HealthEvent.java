package dev.skyscaler.azure.functions;

import dev.skyscaler.azure.vmss.VmssProviderId;
import dev.skyscaler.core.cloud.InterruptionNotice;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One Azure Resource Notifications HealthResources event (Event Grid system topic, preview), in the
 * Event Grid or the CloudEvents schema: a {@code ResourceAnnotated} event ({@code annotation}
 * {@code VirtualMachinePreempted}, ...) or an {@code AvailabilityStatusChanged} event.
 *
 * @param type {@link #ANNOTATED} or {@link #AVAILABILITY_CHANGED}
 * @param targetResourceId the VM's ARM id ({@code
 *     …/virtualMachineScaleSets/<vmss>/virtualMachines/<id>})
 * @param annotation the annotation name of a {@code ResourceAnnotated} event, else empty
 * @param availabilityState the new state of an {@code AvailabilityStatusChanged} event ({@code
 *     Available}, {@code Unavailable}, {@code Degraded}, {@code Unknown}), else empty
 * @param context {@code Platform Initiated}, {@code Customer Initiated}, ...; empty when absent
 */
public record HealthEvent(
    String id,
    String type,
    Instant time,
    String targetResourceId,
    String targetResourceType,
    String annotation,
    String availabilityState,
    String reason,
    String context) {

  public static final String ANNOTATED =
      "Microsoft.ResourceNotifications.HealthResources.ResourceAnnotated";
  public static final String AVAILABILITY_CHANGED =
      "Microsoft.ResourceNotifications.HealthResources.AvailabilityStatusChanged";
  public static final String PREEMPTED = "VirtualMachinePreempted";

  public HealthEvent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(targetResourceId, "targetResourceId");
  }

  /** A spot VM was evicted (the VM is gone or deallocated; no notice came before). */
  public boolean preempted() {
    return type.equals(ANNOTATED) && annotation.equalsIgnoreCase(PREEMPTED);
  }

  /**
   * The core's interruption notice for a preemption: kind {@code AZURE_PREEMPTED}, the target
   * resource id as the instance (the core matches it to the node's providerID ignoring case), the
   * event time as the deadline (the VM is already gone). Empty for any other event.
   */
  public Optional<InterruptionNotice> notice() {
    if (!preempted()) {
      return Optional.empty();
    }
    return Optional.of(
        InterruptionNotice.of(id, InterruptionNotice.Kind.AZURE_PREEMPTED, targetResourceId, time));
  }

  /** The VM's node providerID, when the event is about a scale-set VM. */
  public Optional<VmssProviderId> scaleSetVm() {
    return VmssProviderId.parse("azure://" + targetResourceId);
  }
}
