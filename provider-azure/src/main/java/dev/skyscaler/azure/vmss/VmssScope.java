package dev.skyscaler.azure.vmss;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the provider looks for the cluster's scale sets and how it treats them.
 *
 * @param resourceGroup the resource group holding the scale sets ({@code ARM_RESOURCE_GROUP}; the
 *     {@code MC_…} node resource group on AKS); empty to search the whole subscription
 * @param aksCluster the AKS cluster whose node pools the AKS-managed scale sets are; empty for a
 *     self-managed cluster
 * @param forceDelete delete VMs with {@code forceDeletion} ({@code AZURE_ENABLE_FORCE_DELETE})
 * @param dynamicSizes look VM sizes up with the Resource SKUs API before the static table ({@code
 *     AZURE_ENABLE_DYNAMIC_INSTANCE_LIST})
 */
public record VmssScope(
    String subscriptionId,
    Optional<String> resourceGroup,
    DiscoverySpec discovery,
    Optional<AksCluster> aksCluster,
    boolean forceDelete,
    boolean dynamicSizes) {

  /** An AKS managed cluster by resource group and name. */
  public record AksCluster(String resourceGroup, String name) {
    public AksCluster {
      Objects.requireNonNull(resourceGroup, "resourceGroup");
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return resourceGroup + "/" + name;
    }
  }

  public VmssScope {
    Objects.requireNonNull(subscriptionId, "subscriptionId");
    Objects.requireNonNull(resourceGroup, "resourceGroup");
    Objects.requireNonNull(discovery, "discovery");
    Objects.requireNonNull(aksCluster, "aksCluster");
  }
}
