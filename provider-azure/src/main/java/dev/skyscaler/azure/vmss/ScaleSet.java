package dev.skyscaler.azure.vmss;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A VM Scale Set as Resource Manager describes it: what discovery, templates and scaling need.
 *
 * @param resourceGroup as written in the scale set's id (ARM compares it case-insensitively)
 * @param sku the VM size ({@code Standard_D4s_v5})
 * @param capacity the instance count asked for ({@code sku.capacity})
 * @param zones the availability zones the scale set spreads over; empty when regional
 * @param spot {@code virtualMachineProfile.priority} is {@code Spot} (or the older {@code Low})
 */
public record ScaleSet(
    String id,
    String resourceGroup,
    String name,
    String location,
    String sku,
    long capacity,
    Map<String, String> tags,
    List<String> zones,
    boolean spot) {

  /** The tag AKS puts on the scale sets of its node pools, naming the pool. */
  public static final String AKS_POOL_TAG = "aks-managed-poolName";

  public ScaleSet {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(resourceGroup, "resourceGroup");
    Objects.requireNonNull(name, "name");
    location = location == null ? "" : location;
    sku = sku == null ? "" : sku;
    tags = Map.copyOf(tags);
    zones = List.copyOf(zones);
  }

  /** The AKS node pool this scale set belongs to, empty for a self-managed scale set. */
  public String aksPool() {
    return tags.getOrDefault(AKS_POOL_TAG, "");
  }
}
