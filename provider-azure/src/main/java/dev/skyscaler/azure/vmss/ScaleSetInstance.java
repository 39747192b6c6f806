package dev.skyscaler.azure.vmss;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One VM of a uniform scale set.
 *
 * @param instanceId the scale set's instance id ({@code 3}), the last segment of the node's
 *     providerID
 * @param computerName the VM's host name, which is the Kubernetes node name ({@code
 *     aks-pool1-12345678-vmss000003}); empty when not reported yet
 * @param provisioningState {@code Creating}, {@code Succeeded}, {@code Failed}, {@code Deleting},
 *     ...
 * @param powerState the {@code PowerState/…} status without its prefix ({@code running}, {@code
 *     deallocated}); empty when the instance view has none
 * @param created when the VM was created, when ARM says
 */
public record ScaleSetInstance(
    String instanceId,
    String computerName,
    String provisioningState,
    String powerState,
    Optional<Instant> created) {

  public ScaleSetInstance {
    Objects.requireNonNull(instanceId, "instanceId");
    computerName = computerName == null ? "" : computerName;
    provisioningState = provisioningState == null ? "" : provisioningState;
    powerState = powerState == null ? "" : powerState;
    Objects.requireNonNull(created, "created");
  }
}
