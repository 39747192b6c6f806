package dev.skyscaler.azure.e2e;

import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The pods' side of the cluster, one {@link #step()} at a time:
 *
 * <ul>
 *   <li><b>the eviction API</b> accepts every eviction, and the pod goes;
 *   <li><b>ReplicaSet controllers</b> keep each deployment (nginx-like: 100m CPU and 128Mi per pod,
 *       tolerating AKS's spot taint) at its replica count: new pods pending, surplus pods going
 *       unscheduled first, then newest first;
 *   <li><b>the scheduler</b> binds pending pods, oldest first, to the first node by name that is
 *       Ready, schedulable, without NoSchedule taints but the spot taint, and with room (CPU
 *       requests and pod count), and marks the others Unschedulable.
 * </ul>
 */
final class WorkloadActors {
  static final String NAMESPACE = "default";

  /** AKS labels and taints spot nodes with it; every pod here tolerates the taint. */
  static final String SPOT_KEY = "kubernetes.azure.com/scalesetpriority";

  private static final long NODE_MILLICPU = 4000;
  private static final int NODE_PODS = 110;
  private static final long POD_MILLICPU = 100;

  private final MockCluster cluster;
  private final KubernetesClient admin;
  private final Map<String, Integer> replicas = new TreeMap<>();
  private final Map<String, Integer> nextPod = new HashMap<>();
  private int evictionsSeen;

  WorkloadActors(MockCluster cluster) {
    this.cluster = cluster;
    this.admin = cluster.admin();
    cluster.fail(c -> c.subresource().equals("eviction"), 201, Integer.MAX_VALUE);
  }

  /** Deployment {@code name} at {@code count} replicas. */
  void scale(String name, int count) {
    replicas.put(name, count);
  }

  void step() {
    removeEvictedPods();
    reconcileReplicaSets();
    schedule();
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
                  .thenComparing(WorkloadActors::sequence, Comparator.reverseOrder()))
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
        .sorted(Comparator.comparing(WorkloadActors::sequence))
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
