package dev.skyscaler.benchmarks;

import static dev.skyscaler.benchmarks.ClusterGenerator.requireAtLeast;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;

/** The {@link ClusterGenerator#steady} scenario. */
final class SteadyCluster {
  static final int GROUPS = 10;
  static final int DEPLOYMENTS_PER_GROUP = 30;
  static final double TARGET_FILL = 0.75;
  static final double MAX_FILL = 0.92;
  static final List<NodeShape> SHAPES =
      List.of(
          NodeShape.M5_XLARGE,
          NodeShape.M5_2XLARGE,
          NodeShape.M5_4XLARGE,
          NodeShape.R5_2XLARGE,
          NodeShape.C5_4XLARGE);

  private static final Toleration TOLERATE_ALL =
      new Toleration("", Toleration.Operator.EXISTS, "", null);

  private final SyntheticObjects objects;
  private final Random random;
  private final int nodeCount;
  private final int runningPods;
  private final int pendingPods;
  private final List<Node> nodes = new ArrayList<>();
  private final List<Pod> pods = new ArrayList<>();
  private final List<NodeGroup> groups = new ArrayList<>();
  private final List<Deployment> deployments = new ArrayList<>();
  private long maxFreeCpu;

  SteadyCluster(SyntheticObjects objects, int nodes, int runningPods, int pendingPods) {
    requireAtLeast("steady", "nodes", nodes, GROUPS);
    requireAtLeast("steady", "runningPods", runningPods, 0);
    requireAtLeast("steady", "pendingPods", pendingPods, 0);
    this.objects = objects;
    this.random = objects.random();
    this.nodeCount = nodes;
    this.runningPods = runningPods;
    this.pendingPods = pendingPods;
  }

  ClusterSnapshot build() {
    List<DaemonSet> daemonSets = daemonSets();
    Resources overhead = Resources.ZERO;
    for (DaemonSet ds : daemonSets) {
      overhead = overhead.plus(ds.podTemplate().requests());
    }
    long perNodeLimit = NodeShape.MAX_PODS - daemonSets.size();
    if (runningPods > nodeCount * perNodeLimit) {
      throw new IllegalArgumentException(
          "steady cluster: runningPods must be at most "
              + perNodeLimit
              + " per node ("
              + nodeCount * perNodeLimit
              + " for "
              + nodeCount
              + " nodes), was "
              + runningPods);
    }
    int firstNode = 0;
    for (int g = 0; g < GROUPS; g++) {
      int members = nodeCount / GROUPS + (g < nodeCount % GROUPS ? 1 : 0);
      addGroup(g, members, firstNode, daemonSets, overhead);
      firstNode += members;
    }
    addPendingPods(overhead);
    return new ClusterSnapshot(nodes, pods, List.of(), daemonSets, groups);
  }

  private List<DaemonSet> daemonSets() {
    return List.of(
        daemonSet("kube-system", "kube-proxy", Resources.of(100, 128L << 20)),
        daemonSet("kube-system", "aws-node", Resources.of(25, 64L << 20)),
        daemonSet("logging", "fluent-bit", Resources.of(100, 200L << 20)));
  }

  private DaemonSet daemonSet(String namespace, String name, Resources requests) {
    Pod template =
        Pod.builder(namespace, name)
            .owner(new OwnerReference("DaemonSet", name, objects.uid()))
            .labels(Map.of("k8s-app", name))
            .requests(requests)
            .tolerations(List.of(TOLERATE_ALL))
            .build();
    return new DaemonSet(namespace, name, template);
  }

  private void addGroup(
      int g, int members, int firstNode, List<DaemonSet> daemonSets, Resources overhead) {
    NodeShape shape = SHAPES.get(g % SHAPES.size());
    String zone = ClusterGenerator.ZONES.get(g % ClusterGenerator.ZONES.size());
    String name =
        String.format("steady-%02d-%s-%s", g, shape.instanceType().replace('.', '-'), zone);
    Resources free = shape.allocatable().minusFloor(overhead);
    List<Deployment> own = deploymentsFor(g, free);
    List<String> memberNames = new ArrayList<>(members);
    for (int i = 0; i < members; i++) {
      Node node = objects.node(String.format("%s-%05d", name, i), shape, zone);
      nodes.add(node);
      memberNames.add(node.name());
      for (DaemonSet ds : daemonSets) {
        pods.add(daemonSetPod(ds, node.name(), firstNode + i));
      }
      fill(node.name(), free, own, podsOnNode(firstNode + i));
    }
    groups.add(
        new NodeGroup(
            name,
            1,
            members * 2,
            members,
            Set.copyOf(memberNames),
            Optional.of(SyntheticObjects.template(shape, zone, List.of())),
            OptionalDouble.of(shape.pricePerHour())));
  }

  private int podsOnNode(int nodeIndex) {
    return runningPods / nodeCount + (nodeIndex < runningPods % nodeCount ? 1 : 0);
  }

  /**
   * Deployments sized so that an average node of the group holds its share of pods at {@link
   * #TARGET_FILL}: each request is the mean times a uniform factor in [0.5, 1.5].
   */
  private List<Deployment> deploymentsFor(int g, Resources free) {
    double podsPerNode = Math.max(1.0, (double) runningPods / nodeCount);
    double meanCpu = free.cpu() * TARGET_FILL / podsPerNode;
    double meanMemory = free.memory() * TARGET_FILL / podsPerNode;
    List<Deployment> own = new ArrayList<>(DEPLOYMENTS_PER_GROUP);
    for (int d = 0; d < DEPLOYMENTS_PER_GROUP; d++) {
      long cpu = Math.max(10, round(meanCpu * (0.5 + random.nextDouble()), 10));
      long memory = Math.max(16L << 20, round(meanMemory * (0.5 + random.nextDouble()), 1L << 20));
      String namespace = "team-" + (d % 10);
      own.add(
          new Deployment(
              objects.replicaSet(namespace, String.format("app-%02d-%02d", g, d)),
              Resources.of(cpu, memory)));
    }
    deployments.addAll(own);
    return own;
  }

  /**
   * Places {@code count} pods of random deployments, falling back to the group's smallest one when
   * the random pick would take the node past {@link #MAX_FILL}.
   */
  private void fill(String node, Resources free, List<Deployment> own, int count) {
    long capCpu = (long) (free.cpu() * MAX_FILL);
    long capMemory = (long) (free.memory() * MAX_FILL);
    Deployment smallest = own.stream().min((a, b) -> Long.compare(a.cpu(), b.cpu())).orElseThrow();
    long cpu = 0;
    long memory = 0;
    for (int i = 0; i < count; i++) {
      Deployment d = own.get(random.nextInt(own.size()));
      if (cpu + d.cpu() > capCpu || memory + d.memory() > capMemory) {
        d = smallest;
      }
      if (cpu + d.cpu() > free.cpu() || memory + d.memory() > free.memory()) {
        throw new IllegalStateException(
            "steady cluster: " + count + " pods do not fit on node " + node);
      }
      cpu += d.cpu();
      memory += d.memory();
      pods.add(objects.runningPod(d.workload(), d.nextIndex(), d.requests(), node));
    }
    maxFreeCpu = Math.max(maxFreeCpu, free.cpu() - cpu);
  }

  private Pod daemonSetPod(DaemonSet ds, String node, int nodeIndex) {
    return ds.podTemplate().toBuilder()
        .name(ds.name() + "-" + Integer.toString(nodeIndex, 36))
        .uid(objects.uid())
        .nodeName(node)
        .phase(PodPhase.RUNNING)
        .build();
  }

  /**
   * A tenth of the pending pods (at least one) ask for more CPU than any existing node has free;
   * the rest are new replicas of running deployments.
   */
  private void addPendingPods(Resources overhead) {
    if (pendingPods == 0) {
      return;
    }
    int big = Math.max(1, pendingPods / 10);
    for (int i = 0; i < pendingPods - big; i++) {
      Deployment d = deployments.get(random.nextInt(deployments.size()));
      pods.add(objects.pendingPod(d.workload(), d.nextIndex(), d.requests()).build());
    }
    long bigCpu = (maxFreeCpu + 500 + 99) / 100 * 100;
    long freshCpu = 0;
    for (NodeShape shape : SHAPES) {
      freshCpu = Math.max(freshCpu, shape.allocatable().minusFloor(overhead).cpu());
    }
    if (bigCpu > freshCpu) {
      throw new IllegalArgumentException(
          "steady cluster: existing nodes have up to "
              + maxFreeCpu
              + "m CPU free, so no pod can need a new node; add running pods");
    }
    SyntheticObjects.Workload trainer = objects.replicaSet("batch", "trainer");
    for (int i = 0; i < big; i++) {
      pods.add(objects.pendingPod(trainer, i, Resources.of(bigCpu, 2L << 30)).build());
    }
  }

  private static long round(double value, long step) {
    return Math.round(value / step) * step;
  }

  /** A Deployment's current ReplicaSet, handing out pod indexes in order. */
  private static final class Deployment {
    private final SyntheticObjects.Workload workload;
    private final Resources requests;
    private int next;

    Deployment(SyntheticObjects.Workload workload, Resources requests) {
      this.workload = workload;
      this.requests = requests;
    }

    SyntheticObjects.Workload workload() {
      return workload;
    }

    Resources requests() {
      return requests;
    }

    long cpu() {
      return requests.cpu();
    }

    long memory() {
      return requests.memory();
    }

    int nextIndex() {
      return next++;
    }
  }
}
