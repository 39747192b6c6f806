package dev.skyscaler.azure.arm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the local ARM server knows: scale sets and their VMs, VM sizes, AKS clusters and pools. The
 * JSON it renders follows the shapes of the azure-rest-api-specs examples ({@code
 * VirtualMachineScaleSet_Get}, {@code VirtualMachineScaleSetVM_List} with {@code
 * $expand=instanceView}, {@code ListAvailableResourceSkusForARegion}, {@code AgentPoolsGet}, {@code
 * ManagedClustersGet}, {@code ManagedClustersListClusterCredentialResult}).
 */
public final class FakeArmWorld {
  static final ObjectMapper JSON = new ObjectMapper();

  final String subscription;
  public Instant now = Instant.parse("2026-11-21T08:00:00Z");
  final Map<String, ScaleSet> scaleSets = new LinkedHashMap<>();
  final List<ObjectNode> skus = new ArrayList<>();
  final Map<String, Cluster> clusters = new LinkedHashMap<>();

  FakeArmWorld(String subscription) {
    this.subscription = subscription;
  }

  /** Adds a uniform scale set with {@code capacity} running VMs. */
  public synchronized ScaleSet scaleSet(
      String resourceGroup, String name, String sku, int capacity) {
    ScaleSet set = new ScaleSet(resourceGroup, name, sku);
    scaleSets.put(key(resourceGroup, name), set);
    for (int i = 0; i < capacity; i++) {
      set.addVm("Succeeded", "running");
    }
    set.capacity = capacity;
    return set;
  }

  /** Adds a VM size offered in a region, as the Resource SKUs API lists it. */
  public synchronized void sku(String location, String name, int vcpus, String memoryGb, int gpus) {
    ObjectNode sku = JSON.createObjectNode();
    sku.put("resourceType", "virtualMachines");
    sku.putArray("locations").add(location);
    ArrayNode caps = sku.putArray("capabilities");
    capability(caps, "vCPUs", Integer.toString(vcpus));
    capability(caps, "MemoryGB", memoryGb);
    if (gpus > 0) {
      capability(caps, "GPUs", Integer.toString(gpus));
    }
    capability(caps, "CpuArchitectureType", "x64");
    sku.put("name", name).put("tier", "Standard").put("size", name.replace("Standard_", ""));
    skus.add(sku);
  }

  /** Adds an AKS cluster whose node pools live in {@code nodeResourceGroup}. */
  public synchronized Cluster cluster(String resourceGroup, String name, String nodeResourceGroup) {
    Cluster cluster = new Cluster(resourceGroup, name, nodeResourceGroup);
    clusters.put(key(resourceGroup, name), cluster);
    return cluster;
  }

  public synchronized Optional<ScaleSet> findScaleSet(String resourceGroup, String name) {
    return Optional.ofNullable(scaleSets.get(key(resourceGroup, name)));
  }

  static String key(String resourceGroup, String name) {
    return (resourceGroup + "/" + name).toLowerCase(Locale.ROOT);
  }

  private static void capability(ArrayNode caps, String name, String value) {
    caps.addObject().put("name", name).put("value", value);
  }

  /** A scale set; fields are the test's to set before the SDK reads them. */
  public final class ScaleSet {
    public final String resourceGroup;
    public final String name;
    public String sku;
    public String location = "westeurope";
    public int capacity;
    public final Map<String, String> tags = new LinkedHashMap<>();
    public final List<String> zones = new ArrayList<>();
    public boolean spot;
    public final List<Vm> vms = new ArrayList<>();
    private int nextId;

    ScaleSet(String resourceGroup, String name, String sku) {
      this.resourceGroup = resourceGroup;
      this.name = name;
      this.sku = sku;
    }

    public ScaleSet tag(String key, String value) {
      tags.put(key, value);
      return this;
    }

    public ScaleSet zones(String... names) {
      zones.addAll(List.of(names));
      return this;
    }

    public ScaleSet spot() {
      spot = true;
      return this;
    }

    FakeArmWorld outer() {
      return FakeArmWorld.this;
    }

    public String id() {
      return "/subscriptions/"
          + subscription
          + "/resourceGroups/"
          + resourceGroup
          + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
          + name;
    }

    /** Adds a VM (not counted in capacity: callers keep capacity right). */
    public Vm addVm(String provisioningState, String powerState) {
      Vm vm = new Vm(this, Integer.toString(nextId++));
      vm.provisioningState = provisioningState;
      vm.powerState = powerState;
      vms.add(vm);
      return vm;
    }

    public Optional<Vm> vm(String instanceId) {
      return vms.stream().filter(v -> v.instanceId.equals(instanceId)).findFirst();
    }

    ObjectNode json() {
      ObjectNode o = JSON.createObjectNode();
      o.put("id", id()).put("name", name);
      o.put("type", "Microsoft.Compute/virtualMachineScaleSets").put("location", location);
      ObjectNode t = o.putObject("tags");
      tags.forEach(t::put);
      if (!zones.isEmpty()) {
        ArrayNode z = o.putArray("zones");
        zones.forEach(z::add);
      }
      o.putObject("sku").put("name", sku).put("tier", "Standard").put("capacity", capacity);
      ObjectNode p = o.putObject("properties");
      p.put("singlePlacementGroup", false).put("orchestrationMode", "Uniform");
      p.putObject("upgradePolicy").put("mode", "Manual");
      ObjectNode profile = p.putObject("virtualMachineProfile");
      profile
          .putObject("osProfile")
          .put("computerNamePrefix", name)
          .put("adminUsername", "azureuser");
      if (spot) {
        profile.put("priority", "Spot").put("evictionPolicy", "Delete");
        profile.putObject("billingProfile").put("maxPrice", -1);
      }
      p.put("provisioningState", "Succeeded").put("overprovision", false);
      return o;
    }
  }

  /** A VM of a scale set. */
  public static final class Vm {
    public final ScaleSet set;
    public final String instanceId;
    public String computerName;
    public String provisioningState = "Succeeded";
    public String powerState = "running";
    public Instant created;
    public int restarts;
    public int reimages;

    Vm(ScaleSet set, String instanceId) {
      this.set = set;
      this.instanceId = instanceId;
      String suffix = Integer.toString(Integer.parseInt(instanceId), 36);
      this.computerName = set.name + "0".repeat(Math.max(0, 6 - suffix.length())) + suffix;
      this.created = set.outer().now;
    }

    ObjectNode json(boolean instanceView) {
      ObjectNode o = JSON.createObjectNode();
      o.put("id", set.id() + "/virtualMachines/" + instanceId);
      o.put("name", set.name + "_" + instanceId);
      o.put("type", "Microsoft.Compute/virtualMachineScaleSets/virtualMachines");
      o.put("location", set.location).put("instanceId", instanceId);
      if (!set.zones.isEmpty()) {
        o.putArray("zones").add(set.zones.get(Integer.parseInt(instanceId) % set.zones.size()));
      }
      o.putObject("sku").put("name", set.sku).put("tier", "Standard");
      ObjectNode p = o.putObject("properties");
      p.put("latestModelApplied", true)
          .put("vmId", "00000000-0000-0000-0000-00000000000" + instanceId);
      p.put("provisioningState", provisioningState).put("timeCreated", created.toString());
      p.putObject("osProfile").put("computerName", computerName).put("adminUsername", "azureuser");
      if (instanceView) {
        ArrayNode statuses = p.putObject("instanceView").putArray("statuses");
        statuses
            .addObject()
            .put("code", "ProvisioningState/" + provisioningState.toLowerCase(Locale.ROOT))
            .put("level", "Info")
            .put("displayStatus", "Provisioning " + provisioningState.toLowerCase(Locale.ROOT))
            .put("time", created.toString());
        if (!powerState.isEmpty()) {
          statuses
              .addObject()
              .put("code", "PowerState/" + powerState)
              .put("level", "Info")
              .put("displayStatus", "VM " + powerState);
        }
      }
      return o;
    }
  }

  /** An AKS managed cluster. */
  public final class Cluster {
    public final String resourceGroup;
    public final String name;
    public final String nodeResourceGroup;
    public String location = "westeurope";
    public String fqdn;
    public String kubeconfig = "";
    public final Map<String, Pool> pools = new LinkedHashMap<>();

    Cluster(String resourceGroup, String name, String nodeResourceGroup) {
      this.resourceGroup = resourceGroup;
      this.name = name;
      this.nodeResourceGroup = nodeResourceGroup;
      this.fqdn = name + "-dns-1a2b3c4d.hcp." + location + ".azmk8s.io";
    }

    /** Adds a node pool backed by a scale set tagged as AKS tags its pools' scale sets. */
    public Pool pool(String poolName, String vmSize, int count) {
      String setName = "aks-" + poolName + "-12345678-vmss";
      ScaleSet set = FakeArmWorld.this.scaleSet(nodeResourceGroup, setName, vmSize, count);
      set.tag("aks-managed-poolName", poolName)
          .tag("aks-managed-orchestrator", "Kubernetes:1.30.5");
      Pool pool = new Pool(poolName, vmSize, set, count);
      pools.put(poolName.toLowerCase(Locale.ROOT), pool);
      return pool;
    }

    String id() {
      return "/subscriptions/"
          + subscription
          + "/resourcegroups/"
          + resourceGroup
          + "/providers/Microsoft.ContainerService/managedClusters/"
          + name;
    }

    ObjectNode json() {
      ObjectNode o = JSON.createObjectNode();
      o.put("id", id()).put("location", location).put("name", name);
      o.put("type", "Microsoft.ContainerService/ManagedClusters");
      ObjectNode p = o.putObject("properties");
      p.put("provisioningState", "Succeeded").put("kubernetesVersion", "1.30.5");
      p.put("dnsPrefix", name + "-dns")
          .put("fqdn", fqdn)
          .put("nodeResourceGroup", nodeResourceGroup);
      p.putObject("aadProfile").put("managed", true).put("enableAzureRBAC", false);
      p.put("disableLocalAccounts", true);
      ArrayNode profiles = p.putArray("agentPoolProfiles");
      pools.values().forEach(pool -> profiles.add(pool.properties().put("name", pool.name)));
      return o;
    }
  }

  /**
   * An AKS node pool. Its count is the count asked for: a PUT changes it at once (the pool reads
   * {@code Scaling} meanwhile), and AKS brings the scale set's capacity to it while the operation
   * runs, so the scale set follows only when the operation completes.
   */
  public static final class Pool {
    public final String name;
    public final String vmSize;
    public final ScaleSet set;
    public int count;
    public String provisioningState = "Succeeded";
    public boolean autoscaled;
    public int maxPods = 110;
    public final Map<String, String> labels = new LinkedHashMap<>();
    public final List<String> taints = new ArrayList<>();

    Pool(String name, String vmSize, ScaleSet set, int count) {
      this.name = name;
      this.vmSize = vmSize;
      this.set = set;
      this.count = count;
    }

    ObjectNode properties() {
      ObjectNode p = JSON.createObjectNode();
      p.put("provisioningState", provisioningState).put("count", count).put("vmSize", vmSize);
      p.put("maxPods", maxPods).put("osType", "Linux").put("type", "VirtualMachineScaleSets");
      p.put("mode", "User")
          .put("orchestratorVersion", "1.30.5")
          .put("enableAutoScaling", autoscaled);
      if (autoscaled) {
        p.put("minCount", 1).put("maxCount", 5);
      }
      ObjectNode l = p.putObject("nodeLabels");
      labels.forEach(l::put);
      ArrayNode t = p.putArray("nodeTaints");
      taints.forEach(t::add);
      if (set.spot) {
        p.put("scaleSetPriority", "Spot").put("scaleSetEvictionPolicy", "Delete");
      }
      return p;
    }

    ObjectNode json(Cluster cluster) {
      ObjectNode o = JSON.createObjectNode();
      o.put("id", cluster.id() + "/agentPools/" + name).put("name", name);
      o.put("type", "Microsoft.ContainerService/managedClusters/agentPools");
      o.set("properties", properties());
      return o;
    }
  }
}
