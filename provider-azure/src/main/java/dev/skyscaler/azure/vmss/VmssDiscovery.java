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
 * One discovery pass, in two steps so that a scan can read the cloud while it reads the cluster.
 * {@link #read} makes every ARM call: it lists the scale sets, keeps those the discovery spec
 * selects, and reads their bounds, templates, AKS pools and VMs. {@link Read#match} then matches
 * nodes by providerID, without a call. A group's target is its scale set's capacity, or for an AKS
 * pool the pool's count, which AKS then brings the scale set to. A scale set with a bad tag, an
 * unknown VM size (and no node to copy), a node pool that AKS's own autoscaler manages, or a
 * failing call is left out with a warning naming it; the others carry on.
 */
final class VmssDiscovery {
  /** A discovered group and what acting on it needs. */
  record Group(ScaleSet set, int min, int max, Optional<AgentPool> pool) {}

  /** The discovery and the groups behind it, by lower-case name. */
  record Result(Discovery discovery, Map<String, Group> groups) {}

  /** A selected scale set as read: its shape from the tags, its pool and its VMs. */
  private record ReadSet(
      ScaleSet set,
      ScaleSetTags.Shape shape,
      Optional<AgentPool> pool,
      List<ScaleSetInstance> vms) {}

  /** What {@link #read} found, to be matched with the cluster's nodes. */
  static final class Read {
    private final List<ReadSet> sets;
    private final List<String> readWarnings;
    private final String subscriptionId;
    private final Instant readAt;

    private Read(List<ReadSet> sets, List<String> warnings, String subscriptionId, Instant at) {
      this.sets = List.copyOf(sets);
      this.readWarnings = List.copyOf(warnings);
      this.subscriptionId = subscriptionId;
      this.readAt = at;
    }

    /**
     * The discovery with {@code nodes} matched to groups and VMs by providerID. Makes no call; may
     * be called more than once.
     */
    Result match(List<Node> nodes) {
      Map<String, Node> nodesByVm = new HashMap<>();
      for (Node node : nodes) {
        VmssProviderId.parse(node.providerId()).ifPresent(id -> nodesByVm.put(id.key(), node));
      }
      List<String> warnings = new ArrayList<>(readWarnings);
      Map<String, Group> groups = new LinkedHashMap<>();
      List<NodeGroup> nodeGroups = new ArrayList<>();
      List<CloudInstance> instances = new ArrayList<>();
      for (ReadSet read : sets) {
        ScaleSet set = read.set();
        String key = set.name().toLowerCase(Locale.ROOT);
        if (groups.containsKey(key)) {
          warnings.add(
              warning(set, "has the same name as scale set " + groups.get(key).set().id()));
          continue;
        }
        Set<String> members = new TreeSet<>();
        List<CloudInstance> own = new ArrayList<>();
        for (ScaleSetInstance vm : read.vms()) {
          VmssProviderId id = VmssProviderId.of(subscriptionId, set, vm.instanceId());
          Node node = nodesByVm.get(id.key());
          if (node != null) {
            members.add(node.name());
          }
          // the node's own spelling, so that the core matches node and instance by equal strings
          String providerId = node != null ? node.providerId() : id.toString();
          own.add(
              new CloudInstance(
                  set.name(),
                  providerId,
                  InstanceStates.of(vm.provisioningState(), vm.powerState()),
                  vm.created().orElse(readAt)));
        }
        if (members.isEmpty() && read.shape().template().isEmpty()) {
          warnings.add(
              warning(set, "VM size " + set.sku() + " is unknown and no node runs on it to copy"));
          continue;
        }
        // an AKS pool's count is the size asked for; its scale set catches up while AKS scales
        int target = read.pool().map(AgentPool::count).orElse((int) set.capacity());
        ScaleSetTags.Shape shape = read.shape();
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
        groups.put(key, new Group(set, shape.min(), shape.max(), read.pool()));
      }
      return new Result(new Discovery(nodeGroups, instances, warnings), groups);
    }
  }

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

  /** Every ARM call of the pass; a VM without a creation time counts as launched now. */
  Read read() {
    List<ScaleSet> sets = new ArrayList<>(gateway.scaleSets(scope.resourceGroup()));
    sets.sort(Comparator.comparing(ScaleSet::name).thenComparing(ScaleSet::resourceGroup));
    List<ReadSet> read = new ArrayList<>();
    for (ScaleSet set : sets) {
      // two selected sets of one name are both read: which one is kept depends on the nodes
      if (scope.discovery().selects(set)) {
        describe(set).ifPresent(read::add);
      }
    }
    return new Read(read, warnings, scope.subscriptionId(), clock.instant());
  }

  private Optional<ReadSet> describe(ScaleSet set) {
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
      return Optional.of(
          new ReadSet(set, shape, pool, gateway.instances(set.resourceGroup(), set.name())));
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
    warnings.add(warning(set, problem));
  }

  private static String warning(ScaleSet set, String problem) {
    return "scale set " + set.resourceGroup() + "/" + set.name() + ": " + problem + "; left out";
  }
}
