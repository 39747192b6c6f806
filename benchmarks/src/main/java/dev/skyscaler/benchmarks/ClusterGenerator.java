package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded synthetic clusters for benchmarks: the same seed and parameters always give an equal
 * {@link ClusterSnapshot} (every random choice comes from one {@code java.util.Random(seed)}).
 *
 * <ul>
 *   <li>{@link #homogeneous}: many identical pending pods and one empty group — the best case for
 *       equivalence classes, so it measures the planner's fixed cost per pod.
 *   <li>{@link #mixed}: pending pods of many shapes, some needing a GPU, a zone spread or hostname
 *       anti-affinity, and twenty empty groups over three zones — the hard packing case.
 *   <li>{@link #steady}: a large running cluster with a handful of pending pods — the cost of a
 *       routine scan that mostly finds room on existing nodes.
 * </ul>
 *
 * <p>Pending pods are created a minute before {@link #NOW}; pass {@code NOW} as the scan time.
 */
public final class ClusterGenerator {
  /** The scan time every scenario is built for. */
  public static final Instant NOW = Instant.parse("2025-06-02T12:00:00Z");

  public static final String GPU = "nvidia.com/gpu";
  public static final List<String> ZONES = List.of("eu-west-1a", "eu-west-1b", "eu-west-1c");

  public static final int HOMOGENEOUS_PODS = 100_000;
  public static final int HOMOGENEOUS_GROUP_MAX = 100_000;
  static final NodeShape HOMOGENEOUS_SHAPE = NodeShape.M5_2XLARGE;
  static final Resources HOMOGENEOUS_REQUESTS = Resources.of(500, 1L << 30);

  public static final int MIXED_PODS = 40_000;
  public static final int MIXED_SHAPES = 200;
  public static final int MIXED_GROUPS = 20;

  public static final int STEADY_NODES = 5_000;
  public static final int STEADY_RUNNING_PODS = 150_000;
  public static final int STEADY_PENDING_PODS = 50;

  private ClusterGenerator() {}

  /** {@link #homogeneous(long, int)} with {@value #HOMOGENEOUS_PODS} pods. */
  public static ClusterSnapshot homogeneous(long seed) {
    return homogeneous(seed, HOMOGENEOUS_PODS);
  }

  /**
   * {@code pendingPods} identical pending pods (500m CPU, 1Gi memory) of one ReplicaSet in
   * namespace {@code bench}, and one group {@code homogeneous-m5-2xlarge} with an 8-core / 32Gi /
   * 110-pod template, no members, min 0, max {@value #HOMOGENEOUS_GROUP_MAX}.
   */
  public static ClusterSnapshot homogeneous(long seed, int pendingPods) {
    requireAtLeast("homogeneous", "pendingPods", pendingPods, 1);
    SyntheticObjects objects = new SyntheticObjects(new Random(seed));
    SyntheticObjects.Workload web = objects.replicaSet("bench", "web");
    List<Pod> pods = new ArrayList<>(pendingPods);
    for (int i = 0; i < pendingPods; i++) {
      pods.add(objects.pendingPod(web, i, HOMOGENEOUS_REQUESTS).build());
    }
    NodeGroup group =
        SyntheticObjects.templateGroup(
            "homogeneous-m5-2xlarge",
            SyntheticObjects.template(HOMOGENEOUS_SHAPE, ZONES.get(0), List.of()),
            HOMOGENEOUS_SHAPE,
            HOMOGENEOUS_GROUP_MAX);
    return new ClusterSnapshot(List.of(), pods, List.of(), List.of(), List.of(group));
  }

  /** {@link #mixed(long, int, int, int)} with 40,000 pods, 200 shapes and 20 groups. */
  public static ClusterSnapshot mixed(long seed) {
    return mixed(seed, MIXED_PODS, MIXED_SHAPES, MIXED_GROUPS);
  }

  /**
   * {@code pendingPods} pending pods split as evenly as possible over {@code shapes} ReplicaSets,
   * each with its own requests (CPU 100m–4, memory 128Mi–16Gi, log-uniform, all pairs distinct). A
   * tenth of the shapes need one {@code nvidia.com/gpu} and tolerate the GPU taint, another tenth
   * spread over zones (maxSkew 1, DoNotSchedule, selecting their own {@code app}), a twentieth have
   * required hostname anti-affinity to their own {@code app}; the rest are plain. {@code groups}
   * empty groups cycle through six CPU shapes and the three zones; the last is the GPU group
   * ({@code p3.2xlarge}: 8 cores, 61Gi, 1 GPU, tainted {@code nvidia.com/gpu=present:NoSchedule}).
   * Every group has max 100,000.
   */
  public static ClusterSnapshot mixed(long seed, int pendingPods, int shapes, int groups) {
    return new MixedCluster(new SyntheticObjects(new Random(seed)), pendingPods, shapes, groups)
        .build();
  }

  /** {@link #steady(long, int, int, int)} with 5,000 nodes, 150,000 pods and 50 pending. */
  public static ClusterSnapshot steady(long seed) {
    return steady(seed, STEADY_NODES, STEADY_RUNNING_PODS, STEADY_PENDING_PODS);
  }

  /**
   * {@code nodes} registered nodes in ten groups (five shapes over three zones, members of their
   * group, target = members), {@code runningPods} application pods spread evenly over them and
   * filling each node to about 75% (never above 92%) of what its DaemonSets leave, three DaemonSets
   * with a pod on every node, and {@code pendingPods} pending pods: a tenth of them (at least one)
   * too big for the free room of any existing node, the rest small enough to fit on any node.
   */
  public static ClusterSnapshot steady(long seed, int nodes, int runningPods, int pendingPods) {
    return new SteadyCluster(
            new SyntheticObjects(new Random(seed)), nodes, runningPods, pendingPods)
        .build();
  }

  static void requireAtLeast(String scenario, String parameter, long value, long min) {
    if (value < min) {
      throw new IllegalArgumentException(
          scenario + " cluster: " + parameter + " must be at least " + min + ", was " + value);
    }
  }
}
