package dev.skyscaler.azure.e2e;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld.Pool;
import dev.skyscaler.azure.arm.FakeArmWorld.ScaleSet;
import dev.skyscaler.azure.arm.FakeArmWorld.Vm;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the cluster and Azure do that the autoscaler does not, one {@link #step()} at a time on the
 * test's clock:
 *
 * <ul>
 *   <li><b>kubelets</b>: a VM of a served scale set that is provisioned and running registers,
 *       {@link #bootDelay} after it was created, as a Ready node named after its computer name, 4
 *       CPU / 16Gi / 110 pods (Standard_D4s_v5), with the providerID AKS writes: {@code
 *       azure:///subscriptions/<sub>/resourceGroups/<rg in lower
 *       case>/providers/Microsoft.Compute/virtualMachineScaleSets/<ss>/virtualMachines/<id>}; a
 *       spot VM's node has AKS's spot label and taint; a {@linkplain #breakVm broken} VM's node
 *       stays NotReady;
 *   <li><b>the cloud node lifecycle controller</b>: a node whose VM is gone turns NotReady (its
 *       kubelet stopped) and is deleted {@link #nodeGcDelay} later, with its pods;
 *   <li><b>AKS</b> brings a served pool's scale set back to the pool's count {@link
 *       #aksRestoreDelay} after it fell short (a spot eviction takes a VM and a unit of the scale
 *       set's capacity, not of the pool's count);
 *   <li>the pods' side: {@link WorkloadActors}.
 * </ul>
 */
final class ClusterActors {
  Duration bootDelay = Duration.ofSeconds(60);
  Duration nodeGcDelay = Duration.ofSeconds(40);
  Duration aksRestoreDelay = Duration.ofSeconds(30);

  final WorkloadActors workloads;
  private final KubernetesClient admin;
  private final FakeArm arm;
  private final MutableClock clock;
  private final List<ScaleSet> sets = new ArrayList<>();
  private final List<Pool> pools = new ArrayList<>();
  private final Set<String> broken = new HashSet<>();
  private final Map<String, Instant> vmGoneSince = new HashMap<>();
  private final Map<String, Instant> poolShortSince = new HashMap<>();

  ClusterActors(MockCluster cluster, FakeArm arm, MutableClock clock) {
    this.workloads = new WorkloadActors(cluster);
    this.admin = cluster.admin();
    this.arm = arm;
    this.clock = clock;
  }

  /** The VMs of {@code set} run kubelets of this cluster. */
  void serve(ScaleSet set) {
    sets.add(set);
  }

  /** The VMs of the AKS pool run kubelets of this cluster, and AKS keeps the pool at its count. */
  void serve(Pool pool) {
    serve(pool.set);
    pools.add(pool);
  }

  /** Deployment {@code name} at {@code count} replicas. */
  void scale(String name, int count) {
    workloads.scale(name, count);
  }

  /** The kubelet of VM {@code instanceId} stops reporting Ready, from now until the VM is gone. */
  void breakVm(ScaleSet set, String instanceId) {
    broken.add(providerId(set, instanceId));
    admin.nodes().list().getItems().stream()
        .filter(n -> n.getSpec().getProviderID().equals(providerId(set, instanceId)))
        .forEach(n -> setReady(n, "False", "KubeletNotReady"));
  }

  /**
   * Azure evicts a spot VM with the Delete policy: the VM is deleted and the scale set's capacity
   * drops with it (an AKS pool's count stays); no notice reaches the cluster.
   */
  void preempt(ScaleSet set, String instanceId) {
    synchronized (arm) {
      set.vms.removeIf(v -> v.instanceId.equals(instanceId));
      set.capacity--;
    }
  }

  /** One round of every actor. */
  void step() {
    restorePools();
    registerNodes();
    collectNodes();
    workloads.step();
  }

  private void restorePools() {
    synchronized (arm) {
      for (Pool pool : pools) {
        long live =
            pool.set.vms.stream().filter(v -> !v.provisioningState.equals("Deleting")).count();
        if (live >= pool.count || !pool.provisioningState.equals("Succeeded")) {
          poolShortSince.remove(pool.name);
          continue;
        }
        Instant since = poolShortSince.computeIfAbsent(pool.name, k -> clock.instant());
        if (!clock.instant().isBefore(since.plus(aksRestoreDelay))) {
          for (long i = live; i < pool.count; i++) {
            pool.set.addVm("Succeeded", "running");
          }
          pool.set.capacity = pool.count;
          poolShortSince.remove(pool.name);
        }
      }
    }
  }

  static String providerId(ScaleSet set, String instanceId) {
    return "azure:///subscriptions/"
        + FakeArm.SUBSCRIPTION
        + "/resourceGroups/"
        + set.resourceGroup.toLowerCase(Locale.ROOT)
        + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
        + set.name
        + "/virtualMachines/"
        + instanceId;
  }

  private record VmView(
      ScaleSet set, String instanceId, String name, boolean up, Instant created) {}

  private List<VmView> vms() {
    List<VmView> out = new ArrayList<>();
    synchronized (arm) {
      for (ScaleSet set : sets) {
        for (Vm vm : set.vms) {
          boolean up = vm.provisioningState.equals("Succeeded") && vm.powerState.equals("running");
          out.add(new VmView(set, vm.instanceId, vm.computerName, up, vm.created));
        }
      }
    }
    return out;
  }

  private void registerNodes() {
    Set<String> nodes = new HashSet<>();
    admin.nodes().list().getItems().forEach(n -> nodes.add(n.getMetadata().getName()));
    for (VmView vm : vms()) {
      if (vm.up()
          && !nodes.contains(vm.name())
          && !clock.instant().isBefore(vm.created().plus(bootDelay))) {
        admin.nodes().resource(node(vm)).create();
      }
    }
  }

  private Node node(VmView vm) {
    String providerId = providerId(vm.set(), vm.instanceId());
    boolean ready = !broken.contains(providerId);
    Map<String, Quantity> capacity =
        Map.of(
            "cpu", new Quantity("4"),
            "memory", new Quantity("16Gi"),
            "pods", new Quantity("110"));
    NodeBuilder b =
        new NodeBuilder()
            .withNewMetadata()
            .withName(vm.name())
            .addToLabels("kubernetes.io/hostname", vm.name())
            .addToLabels("kubernetes.io/os", "linux")
            .addToLabels("kubernetes.io/arch", "amd64")
            .addToLabels("node.kubernetes.io/instance-type", "Standard_D4s_v5")
            .addToLabels("topology.kubernetes.io/region", "westeurope")
            .addToLabels("topology.kubernetes.io/zone", "0")
            .endMetadata()
            .withNewSpec()
            .withProviderID(providerId)
            .endSpec()
            .withNewStatus()
            .withCapacity(capacity)
            .withAllocatable(capacity)
            .addNewCondition()
            .withType("Ready")
            .withStatus(ready ? "True" : "False")
            .withReason(ready ? "KubeletReady" : "KubeletNotReady")
            .withLastTransitionTime(clock.instant().toString())
            .endCondition()
            .endStatus();
    String pool = vm.set().tags.get("aks-managed-poolName");
    if (pool != null) {
      b.editMetadata().addToLabels("kubernetes.azure.com/agentpool", pool).endMetadata();
    }
    if (vm.set().spot) {
      b.editMetadata().addToLabels(WorkloadActors.SPOT_KEY, "spot").endMetadata();
      b.editSpec()
          .addNewTaint()
          .withKey(WorkloadActors.SPOT_KEY)
          .withValue("spot")
          .withEffect("NoSchedule")
          .endTaint()
          .endSpec();
    }
    return b.build();
  }

  private void collectNodes() {
    Set<String> live = new HashSet<>();
    vms().forEach(vm -> live.add(providerId(vm.set(), vm.instanceId())));
    for (Node n : admin.nodes().list().getItems()) {
      String name = n.getMetadata().getName();
      if (live.contains(n.getSpec().getProviderID())) {
        continue;
      }
      Instant since = vmGoneSince.computeIfAbsent(name, k -> clock.instant());
      if (since.equals(clock.instant())) {
        setReady(n, "Unknown", "NodeStatusUnknown");
      }
      if (!clock.instant().isBefore(since.plus(nodeGcDelay))) {
        admin.pods().inNamespace(WorkloadActors.NAMESPACE).list().getItems().stream()
            .filter(p -> name.equals(p.getSpec().getNodeName()))
            .forEach(p -> admin.pods().resource(p).delete());
        admin.nodes().withName(name).delete();
        vmGoneSince.remove(name);
      }
    }
  }

  private void setReady(Node n, String status, String reason) {
    admin
        .nodes()
        .withName(n.getMetadata().getName())
        .edit(
            node ->
                new NodeBuilder(node)
                    .editStatus()
                    .editMatchingCondition(c -> c.getType().equals("Ready"))
                    .withStatus(status)
                    .withReason(reason)
                    .withLastTransitionTime(clock.instant().toString())
                    .endCondition()
                    .endStatus()
                    .build());
  }
}
