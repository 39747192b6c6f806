package dev.skyscaler.azure.vmss;

import dev.skyscaler.azure.arm.ArmException;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * One discovery pass: lists the scale sets, keeps those the discovery spec selects, reads their
 * bounds and templates, matches nodes by providerID and lists every VM. A group's target is its
 * scale set's capacity, or for an AKS pool the pool's count, which AKS then brings the scale set
 * to. A scale set with a bad tag, an unknown VM size (and no node to copy), a node pool that AKS's
 * own autoscaler manages, or a failing call is left out with a warning naming it; the others carry
 * on.
 */
final class VmssDiscovery {
  /** A discovered group and what acting on it needs. */
  record Group(ScaleSet set, int min, int max, Optional<AgentPool> pool) {}

  /** The discovery and the groups behind it, by lower-case name. */
  record Result(Discovery discovery, Map<String, Group> groups) {}

  private final VmssGateway gateway;
  private final VmssScope scope;
  private final Clock clock;
  private final Map<String, List<VmSku>> sizesByLocation;
  private final List<String> warnings = new ArrayList<>();

  VmssDiscovery(
      VmssGateway gateway, VmssScope scope, Clock clock, Map<String, List<VmSku>> sizeCache) {
    this.gateway = gateway;
    this.scope = scope;
    this.clock = clock;
    this.sizesByLocation = sizeCache;
  }

  Result run(List<Node> nodes) {
    Map<String, Node> nodesByVm = new HashMap<>();
    for (Node node : nodes) {
      VmssProviderId.parse(node.providerId()).ifPresent(id -> nodesByVm.put(id.key(), node));
    }
    List<ScaleSet> sets = new ArrayList<>(gateway.scaleSets(scope.resourceGroup()));
    sets.sort(Comparator.comparing(ScaleSet::name).thenComparing(ScaleSet::resourceGroup));
    Map<String, Group> groups = new LinkedHashMap<>();
    List<NodeGroup> nodeGroups = new ArrayList<>();
    List<CloudInstance> instances = new ArrayList<>();
    for (ScaleSet set : sets) {
      if (!scope.discovery().matches(set.tags())) {
        continue;
      }
      String key = set.name().toLowerCase(Locale.ROOT);
      if (groups.containsKey(key)) {
        warn(set, "has the same name as scale set " + groups.get(key).set().id());
        continue;
      }
      describe(set, nodesByVm, nodeGroups, instances).ifPresent(g -> groups.put(key, g));
    }
    return new Result(new Discovery(nodeGroups, instances, warnings), groups);
  }

  private Optional<Group> describe(
      ScaleSet set,
      Map<String, Node> nodesByVm,
      List<NodeGroup> nodeGroups,
      List<CloudInstance> instances) {
    try {
      Optional<AgentPool> pool = aksPool(set);
      if (!set.aksPool().isEmpty() && pool.isEmpty()) {
        return Optional.empty();
      }
      ScaleSetTags.Shape shape;
      try {
        shape = ScaleSetTags.read(set, scope.discovery(), pool, size(set));
      } catch (IllegalArgumentException e) {
        warnings.add(e.getMessage() + "; left out");
        return Optional.empty();
      }
      List<ScaleSetInstance> vms = gateway.instances(set.resourceGroup(), set.name());
      Set<String> members = new TreeSet<>();
      List<CloudInstance> own = new ArrayList<>();
      for (ScaleSetInstance vm : vms) {
        VmssProviderId id = VmssProviderId.of(scope.subscriptionId(), set, vm.instanceId());
        Node node = nodesByVm.get(id.key());
        if (node != null) {
          members.add(node.name());
        }
        // the node's own spelling, so that the core matches node and instance by equal strings
        String providerId = node != null ? node.providerId() : id.toString();
        Instant launched = vm.created().orElseGet(clock::instant);
        own.add(
            new CloudInstance(
                set.name(),
                providerId,
                InstanceStates.of(vm.provisioningState(), vm.powerState()),
                launched));
      }
      if (members.isEmpty() && shape.template().isEmpty()) {
        warn(set, "VM size " + set.sku() + " is unknown and no node runs on it to copy");
        return Optional.empty();
      }
      // an AKS pool's count is the size asked for; its scale set catches up while AKS scales
      int target = pool.map(AgentPool::count).orElse((int) set.capacity());
      nodeGroups.add(
          new NodeGroup(
              set.name(),
              shape.min(),
              shape.max(),
              target,
              members,
              shape.template(),
              OptionalDouble.empty()));
      instances.addAll(own);
      return Optional.of(new Group(set, shape.min(), shape.max(), pool));
    } catch (ArmException e) {
      warn(set, e.getMessage());
      return Optional.empty();
    }
  }

  private Optional<AgentPool> aksPool(ScaleSet set) {
    if (set.aksPool().isEmpty()) {
      return Optional.empty();
    }
    if (scope.aksCluster().isEmpty()) {
      warn(
          set,
          "belongs to AKS node pool "
              + set.aksPool()
              + " but no AKS cluster is configured (ARM_CLUSTER_RESOURCE_GROUP and CLUSTER_NAME);"
              + " AKS pools are scaled through AKS only");
      return Optional.empty();
    }
    VmssScope.AksCluster cluster = scope.aksCluster().get();
    AgentPool pool = gateway.agentPool(cluster.resourceGroup(), cluster.name(), set.aksPool());
    if (pool.autoscaled()) {
      warn(
          set,
          "AKS's own cluster autoscaler manages node pool "
              + pool.name()
              + " (enableAutoScaling); turn it off for Skyscaler to scale the pool");
      return Optional.empty();
    }
    return Optional.of(pool);
  }

  private Optional<VmSku> size(ScaleSet set) {
    Optional<VmSku> known =
        scope.dynamicSizes() ? Optional.empty() : StaticSkuTable.find(set.sku());
    if (known.isPresent()) {
      return known;
    }
    List<VmSku> offered;
    try {
      offered = sizesByLocation.computeIfAbsent(set.location(), gateway::vmSizes);
    } catch (ArmException e) {
      warn(set, "VM sizes of " + set.location() + " could not be read: " + e.getMessage());
      return StaticSkuTable.find(set.sku());
    }
    return offered.stream()
        .filter(s -> s.name().equalsIgnoreCase(set.sku()))
        .findFirst()
        .or(() -> StaticSkuTable.find(set.sku()));
  }

  private void warn(ScaleSet set, String problem) {
    warnings.add(
        "scale set " + set.resourceGroup() + "/" + set.name() + ": " + problem + "; left out");
  }
}
