package dev.skyscaler.azure.e2e;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld.ScaleSet;
import dev.skyscaler.azure.arm.FakeArmWorld.Vm;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

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
 *       {@linkplain #breakVm broken} VM's node stays NotReady;
 *   <li><b>the cloud node lifecycle controller</b>: a node whose VM is gone turns NotReady (its
 *       kubelet stopped) and is deleted {@link #nodeGcDelay} later, with its pods;
 *   <li><b>the eviction API</b> accepts every eviction, and the pod goes;
 *   <li><b>ReplicaSet controllers</b> keep each deployment at its replica count (new pods pending;
 *       surplus pods go unscheduled first, then newest first);
 *   <li><b>the scheduler</b> binds pending pods, oldest first, to the first node by name that is
 *       Ready, schedulable, without NoSchedule taints but AKS's spot taint (every pod here
 *       tolerates it) and with room (CPU requests and pod count), and marks the others
 *       Unschedulable.
 * </ul>
 */
final class ClusterActors {
  static final String NAMESPACE = "default";
  private static final long NODE_MILLICPU = 4000;
  private static final int NODE_PODS = 110;
  private static final long POD_MILLICPU = 100;

  /** AKS labels and taints spot nodes with it; the nginx pods tolerate the taint. */
  static final String SPOT_KEY = "kubernetes.azure.com/scalesetpriority";

  Duration bootDelay = Duration.ofSeconds(60);
  Duration nodeGcDelay = Duration.ofSeconds(40);

  private final MockCluster cluster;
  private final KubernetesClient admin;
  private final FakeArm arm;
  private final MutableClock clock;
  private final List<ScaleSet> sets = new ArrayList<>();
  private final Map<String, Integer> replicas = new TreeMap<>();
  private final Map<String, Integer> nextPod = new HashMap<>();
  private final Set<String> broken = new HashSet<>();
  private final Map<String, Instant> vmGoneSince = new HashMap<>();
  private int evictionsSeen;

  ClusterActors(MockCluster cluster, FakeArm arm, MutableClock clock) {
    this.cluster = cluster;
    this.admin = cluster.admin();
    this.arm = arm;
    this.clock = clock;
    cluster.fail(c -> c.subresource().equals("eviction"), 201, Integer.MAX_VALUE);
  }

  /** The VMs of {@code set} run kubelets of this cluster. */
  void serve(ScaleSet set) {
    sets.add(set);
  }

  /** Deployment {@code name} (nginx, 100m CPU and 128Mi per pod) at {@code count} replicas. */
  void scale(String name, int count) {
    replicas.put(name, count);
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
   * drops with it; no notice reaches the cluster.
   */
  void preempt(ScaleSet set, String instanceId) {
    synchronized (arm) {
      set.vms.removeIf(v -> v.instanceId.equals(instanceId));
      set.capacity--;
    }
  }

  /** One round of every actor. */
  void step() {
    registerNodes();
    collectNodes();
    removeEvictedPods();
    reconcileReplicaSets();
    schedule();
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
            "pods", new Quantity(Integer.toString(NODE_PODS)));
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
      b.editMetadata().addToLabels(SPOT_KEY, "spot").endMetadata();
      b.editSpec()
          .addNewTaint()
          .withKey(SPOT_KEY)
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
        admin.pods().inNamespace(NAMESPACE).list().getItems().stream()
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

  private void removeEvictedPods() {
    List<ApiCall> evictions =
        cluster.calls().stream().filter(c -> c.subresource().equals("eviction")).toList();
    for (ApiCall e : evictions.subList(evictionsSeen, evictions.size())) {
      admin.pods().inNamespace(e.namespace()).withName(e.name()).delete();
    }
    evictionsSeen = evictions.size();
  }

  private void reconcileReplicaSets() {
    List<Pod> pods = admin.pods().inNamespace(NAMESPACE).list().getItems();
    for (Map.Entry<String, Integer> d : replicas.entrySet()) {
      List<Pod> own =
          pods.stream()
              .filter(p -> d.getKey().equals(p.getMetadata().getLabels().get("app")))
              .toList();
      for (int i = own.size(); i < d.getValue(); i++) {
        admin.pods().resource(pod(d.getKey())).create();
      }
      own.stream()
          .sorted(
              Comparator.comparing((Pod p) -> p.getSpec().getNodeName() != null)
                  .thenComparing(ClusterActors::sequence, Comparator.reverseOrder()))
          .limit(Math.max(0, own.size() - d.getValue()))
          .forEach(p -> admin.pods().resource(p).delete());
    }
  }

  private Pod pod(String app) {
    int seq = nextPod.merge(app, 1, Integer::sum) - 1;
    String name = app + "-" + seq;
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace(NAMESPACE)
        .withName(name)
        .withUid("uid-" + name)
        .addToLabels("app", app)
        .addToAnnotations("e2e/sequence", Integer.toString(seq))
        .addNewOwnerReference()
        .withApiVersion("apps/v1")
        .withKind("ReplicaSet")
        .withName(app + "-7c5ddbdf54")
        .withUid("uid-rs-" + app)
        .withController(true)
        .endOwnerReference()
        .endMetadata()
        .withNewSpec()
        .withTerminationGracePeriodSeconds(30L)
        .addNewToleration()
        .withKey(SPOT_KEY)
        .withOperator("Equal")
        .withValue("spot")
        .withEffect("NoSchedule")
        .endToleration()
        .addNewContainer()
        .withName(app)
        .withImage("nginx:1.27")
        .withNewResources()
        .withRequests(Map.of("cpu", new Quantity("100m"), "memory", new Quantity("128Mi")))
        .endResources()
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase("Pending")
        .endStatus()
        .build();
  }

  private static int sequence(Pod p) {
    return Integer.parseInt(p.getMetadata().getAnnotations().get("e2e/sequence"));
  }

  private void schedule() {
    List<Pod> pods = admin.pods().inNamespace(NAMESPACE).list().getItems();
    Map<String, long[]> room = new TreeMap<>();
    for (Node n : admin.nodes().list().getItems()) {
      if (schedulable(n)) {
        room.put(n.getMetadata().getName(), new long[] {NODE_MILLICPU, NODE_PODS});
      }
    }
    for (Pod p : pods) {
      Optional.ofNullable(p.getSpec().getNodeName()).map(room::get).ifPresent(r -> take(r));
    }
    pods.stream()
        .filter(p -> p.getSpec().getNodeName() == null)
        .sorted(Comparator.comparing(ClusterActors::sequence))
        .forEach(p -> place(p, room));
  }

  private void place(Pod p, Map<String, long[]> room) {
    Optional<String> node =
        room.entrySet().stream()
            .filter(e -> e.getValue()[0] >= POD_MILLICPU && e.getValue()[1] >= 1)
            .map(Map.Entry::getKey)
            .findFirst();
    if (node.isPresent()) {
      take(room.get(node.get()));
      admin
          .pods()
          .resource(
              new PodBuilder(p)
                  .editSpec()
                  .withNodeName(node.get())
                  .endSpec()
                  .withNewStatus()
                  .withPhase("Running")
                  .addNewCondition()
                  .withType("PodScheduled")
                  .withStatus("True")
                  .endCondition()
                  .endStatus()
                  .build())
          .update();
    } else if (p.getStatus().getConditions() == null || p.getStatus().getConditions().isEmpty()) {
      admin
          .pods()
          .resource(
              new PodBuilder(p)
                  .editStatus()
                  .addNewCondition()
                  .withType("PodScheduled")
                  .withStatus("False")
                  .withReason("Unschedulable")
                  .withMessage("0/" + room.size() + " nodes are available: Too many pods.")
                  .endCondition()
                  .endStatus()
                  .build())
          .update();
    }
  }

  private static void take(long[] room) {
    room[0] -= POD_MILLICPU;
    room[1] -= 1;
  }

  private static boolean schedulable(Node n) {
    boolean ready =
        n.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
    boolean cordoned = Boolean.TRUE.equals(n.getSpec().getUnschedulable());
    boolean tainted =
        n.getSpec().getTaints() != null
            && n.getSpec().getTaints().stream()
                .filter(t -> !t.getKey().equals(SPOT_KEY)) // every pod here tolerates it
                .anyMatch(
                    t -> t.getEffect().equals("NoSchedule") || t.getEffect().equals("NoExecute"));
    return ready && !cordoned && !tainted;
  }
}
