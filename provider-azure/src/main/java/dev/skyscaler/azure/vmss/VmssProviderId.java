package dev.skyscaler.azure.vmss;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Kubernetes providerID of a VM in a uniform scale set, {@code
 * azure:///subscriptions/<sub>/resourceGroups/<rg>/providers/Microsoft.Compute/virtualMachineScaleSets/<vmss>/virtualMachines/<instanceId>},
 * which is how nodes and VMs are matched. The cloud provider writes the resource group in lower
 * case on AKS, so segment names, resource group and scale set name compare case-insensitively, as
 * ARM compares them.
 */
public record VmssProviderId(
    String subscriptionId, String resourceGroup, String scaleSet, String instanceId) {

  private static final Pattern FORMAT =
      Pattern.compile(
          "(?i)^azure:///subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/"
              + "Microsoft\\.Compute/virtualMachineScaleSets/([^/]+)/virtualMachines/([^/]+)$");

  /** The parts of a providerID, or empty when it is not a scale-set VM's. */
  public static Optional<VmssProviderId> parse(String providerId) {
    if (providerId == null) {
      return Optional.empty();
    }
    Matcher m = FORMAT.matcher(providerId.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(new VmssProviderId(m.group(1), m.group(2), m.group(3), m.group(4)));
  }

  /** The providerID of a VM of a scale set. */
  public static VmssProviderId of(String subscriptionId, ScaleSet scaleSet, String instanceId) {
    return new VmssProviderId(
        subscriptionId, scaleSet.resourceGroup(), scaleSet.name(), instanceId);
  }

  /** True when this VM belongs to the scale set (resource group and name ignoring case). */
  public boolean in(ScaleSet set) {
    return resourceGroup.equalsIgnoreCase(set.resourceGroup())
        && scaleSet.equalsIgnoreCase(set.name());
  }

  /** A key equal for equal VMs whatever the case of the resource group and scale set. */
  public String key() {
    return (subscriptionId + "/" + resourceGroup + "/" + scaleSet + "/" + instanceId)
        .toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return "azure:///subscriptions/"
        + subscriptionId
        + "/resourceGroups/"
        + resourceGroup
        + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
        + scaleSet
        + "/virtualMachines/"
        + instanceId;
  }
}
