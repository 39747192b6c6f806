package dev.skyscaler.benchmarks;

import static dev.skyscaler.benchmarks.ClusterGenerator.requireAtLeast;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** The {@link ClusterGenerator#mixed} scenario. */
final class MixedCluster {
  static final Taint GPU_TAINT =
      new Taint(ClusterGenerator.GPU, "present", TaintEffect.NO_SCHEDULE);
  static final int GROUP_MAX = 100_000;
  static final int NAMESPACES = 10;

  static final List<NodeShape> CPU_SHAPES =
      List.of(
          NodeShape.M5_XLARGE,
          NodeShape.M5_2XLARGE,
          NodeShape.M5_4XLARGE,
          NodeShape.M5_8XLARGE,
          NodeShape.R5_2XLARGE,
          NodeShape.C5_4XLARGE);
  static final NodeShape GPU_SHAPE = NodeShape.P3_2XLARGE;

  private static final long MIN_CPU = 100;
  private static final long MAX_CPU = 4_000;
  private static final long CPU_STEP = 50;
  private static final long MIN_MEMORY = 128L << 20;
  private static final long MAX_MEMORY = 16L << 30;
  private static final long MEMORY_STEP = 64L << 20;

  /** What a pod shape needs beyond resources. */
  enum Constraint {
    NONE,
    GPU,
    ZONE_SPREAD,
    HOSTNAME_ANTI_AFFINITY
  }

  private final SyntheticObjects objects;
  private final int pendingPods;
  private final int shapes;
  private final int groups;

  MixedCluster(SyntheticObjects objects, int pendingPods, int shapes, int groups) {
    requireAtLeast("mixed", "shapes", shapes, 1);
    requireAtLeast("mixed", "pendingPods", pendingPods, shapes);
    requireAtLeast("mixed", "groups", groups, 2);
    this.objects = objects;
    this.pendingPods = pendingPods;
    this.shapes = shapes;
    this.groups = groups;
  }

  ClusterSnapshot build() {
    List<Constraint> constraints = constraintPerShape();
    List<Resources> requests = distinctRequests(constraints);
    List<Pod> pods = new ArrayList<>(pendingPods);
    for (int s = 0; s < shapes; s++) {
      String namespace = "team-" + (s % NAMESPACES);
      SyntheticObjects.Workload workload =
          objects.replicaSet(namespace, String.format("svc-%03d", s));
      int count = pendingPods / shapes + (s < pendingPods % shapes ? 1 : 0);
      for (int i = 0; i < count; i++) {
        pods.add(
            constrain(
                objects.pendingPod(workload, i, requests.get(s)), workload, constraints.get(s)));
      }
    }
    return new ClusterSnapshot(List.of(), pods, List.of(), List.of(), nodeGroups());
  }

  /** Exact proportions: a tenth GPU, a tenth zone spread, a twentieth anti-affinity, shuffled. */
  private List<Constraint> constraintPerShape() {
    List<Constraint> kinds = new ArrayList<>(shapes);
    kinds.addAll(Collections.nCopies(shapes / 10, Constraint.GPU));
    kinds.addAll(Collections.nCopies(shapes / 10, Constraint.ZONE_SPREAD));
    kinds.addAll(Collections.nCopies(shapes / 20, Constraint.HOSTNAME_ANTI_AFFINITY));
    kinds.addAll(Collections.nCopies(shapes - kinds.size(), Constraint.NONE));
    Collections.shuffle(kinds, objects.random());
    return kinds;
  }

  private List<Resources> distinctRequests(List<Constraint> constraints) {
    Random random = objects.random();
    Set<List<Long>> seen = new HashSet<>();
    List<Resources> requests = new ArrayList<>(shapes);
    for (Constraint constraint : constraints) {
      long cpu;
      long memory;
      do {
        cpu = logUniform(random, MIN_CPU, MAX_CPU, CPU_STEP);
        memory = logUniform(random, MIN_MEMORY, MAX_MEMORY, MEMORY_STEP);
      } while (!seen.add(List.of(cpu, memory)));
      Map<String, Long> gpu =
          constraint == Constraint.GPU ? Map.of(ClusterGenerator.GPU, 1L) : Map.of();
      requests.add(new Resources(cpu, memory, 0, 0, gpu));
    }
    return requests;
  }

  /** Log-uniform in [min, max], rounded to {@code step}: many small pods, some big ones. */
  private static long logUniform(Random random, long min, long max, long step) {
    double value = Math.exp(Math.log(min) + random.nextDouble() * (Math.log(max) - Math.log(min)));
    long rounded = Math.round(value / step) * step;
    return Math.max(min, Math.min(max, rounded));
  }

  private static Pod constrain(
      Pod.Builder pod, SyntheticObjects.Workload workload, Constraint constraint) {
    LabelSelector ownApp = LabelSelector.of(Map.of(SyntheticObjects.APP_LABEL, workload.app()));
    switch (constraint) {
      case GPU ->
          pod.tolerations(
              List.of(
                  new Toleration(
                      GPU_TAINT.key(),
                      Toleration.Operator.EQUAL,
                      GPU_TAINT.value(),
                      GPU_TAINT.effect())));
      case ZONE_SPREAD ->
          pod.topologySpread(
              List.of(
                  new TopologySpreadConstraint(1, Node.ZONE_LABEL, true, ownApp, 1, true, false)));
      case HOSTNAME_ANTI_AFFINITY ->
          pod.antiAffinity(
              List.of(new PodAffinityTerm(ownApp, Set.of(), false, Node.HOSTNAME_LABEL)));
      case NONE -> {}
    }
    return pod.build();
  }

  private List<NodeGroup> nodeGroups() {
    List<NodeGroup> result = new ArrayList<>(groups);
    for (int g = 0; g < groups - 1; g++) {
      NodeShape shape = CPU_SHAPES.get((g / ClusterGenerator.ZONES.size()) % CPU_SHAPES.size());
      String zone = ClusterGenerator.ZONES.get(g % ClusterGenerator.ZONES.size());
      result.add(group(g, shape, zone, List.of()));
    }
    int gpu = groups - 1;
    String zone = ClusterGenerator.ZONES.get(gpu % ClusterGenerator.ZONES.size());
    result.add(group(gpu, GPU_SHAPE, zone, List.of(GPU_TAINT)));
    return result;
  }

  private static NodeGroup group(int index, NodeShape shape, String zone, List<Taint> taints) {
    String name =
        String.format("mixed-%02d-%s-%s", index, shape.instanceType().replace('.', '-'), zone);
    return SyntheticObjects.templateGroup(
        name, SyntheticObjects.template(shape, zone, taints), shape, GROUP_MAX);
  }
}
