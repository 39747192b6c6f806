package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Nodes a plan adds against the {@link LowerBound}, group by group. For every group the plan grows,
 * the bound is taken over the pods its scale-ups name, on what a fresh node of that group offers:
 * the allocatable of its first member (by name) or else its template capacity, minus the requests
 * of the DaemonSets that surely run there (no node selector or affinity, tolerating the node's
 * taints). A ratio of 1.0 is perfect packing.
 *
 * @param pendingPods unschedulable pods in the snapshot (DaemonSet pods excluded)
 * @param podsInScaleUps pending pods some scale-up names
 * @param podsWithoutScaleUp pending pods the plan reports as helped by no group
 * @param groups one row per grown group, in plan order
 */
public record ScaleUpEfficiency(
    int pendingPods, int podsInScaleUps, int podsWithoutScaleUp, List<GroupRow> groups) {

  /**
   * One grown group.
   *
   * @param constrainedPods of {@code pods}, those needing a GPU, a topology spread or inter-pod
   *     (anti-)affinity: the bound ignores the last two, so it is loose for them
   */
  public record GroupRow(
      String group, int plannedNodes, int pods, int constrainedPods, long lowerBound) {}

  public ScaleUpEfficiency {
    groups = List.copyOf(groups);
  }

  /**
   * Measures {@code plan} against {@code snapshot}.
   *
   * @throws IllegalArgumentException when a scale-up names a group or pod not in the snapshot
   */
  public static ScaleUpEfficiency of(ClusterSnapshot snapshot, Plan plan) {
    Map<String, Pod> podsByKey = new HashMap<>();
    int pending = 0;
    for (Pod pod : snapshot.pods()) {
      podsByKey.put(pod.key(), pod);
      if (isPending(pod)) {
        pending++;
      }
    }
    Map<String, NodeGroup> groupsByName = new HashMap<>();
    snapshot.nodeGroups().forEach(g -> groupsByName.put(g.name(), g));
    Map<String, Integer> deltas = new LinkedHashMap<>();
    Map<String, List<Pod>> placed = new LinkedHashMap<>();
    for (ScaleUp scaleUp : plan.scaleUps()) {
      String name = scaleUp.nodeGroup();
      if (!groupsByName.containsKey(name)) {
        throw new IllegalArgumentException(
            "plan grows node group " + name + ", which is not in the snapshot");
      }
      deltas.merge(name, scaleUp.delta(), Integer::sum);
      List<Pod> pods = placed.computeIfAbsent(name, k -> new ArrayList<>());
      for (String key : scaleUp.pods()) {
        Pod pod = podsByKey.get(key);
        if (pod == null) {
          throw new IllegalArgumentException(
              "plan's scale-up of "
                  + name
                  + " names pod "
                  + key
                  + ", which is not in the snapshot");
        }
        pods.add(pod);
      }
    }
    List<GroupRow> rows = new ArrayList<>();
    int inScaleUps = 0;
    for (Map.Entry<String, Integer> e : deltas.entrySet()) {
      List<Pod> pods = placed.get(e.getKey());
      Resources room = freshNodeRoom(snapshot, groupsByName.get(e.getKey()));
      int constrained = (int) pods.stream().filter(ScaleUpEfficiency::isConstrained).count();
      rows.add(
          new GroupRow(
              e.getKey(), e.getValue(), pods.size(), constrained, LowerBound.nodes(pods, room)));
      inScaleUps += pods.size();
    }
    return new ScaleUpEfficiency(pending, inScaleUps, plan.noScaleUps().size(), rows);
  }

  public int plannedNodes() {
    return groups.stream().mapToInt(GroupRow::plannedNodes).sum();
  }

  public long lowerBound() {
    return groups.stream().mapToLong(GroupRow::lowerBound).sum();
  }

  /** A human table for the benchmark log: one line per group, a total, an unconstrained total. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "plan vs lower bound: %d pending pods, %d in scale-ups, %d without scale-up%n",
            pendingPods, podsInScaleUps, podsWithoutScaleUp));
    if (groups.isEmpty()) {
      return out.append("the plan grows no group\n").toString();
    }
    String format = "%-42s %7s %7s %6s %8s %11s%n";
    out.append(String.format(format, "group", "nodes", "bound", "ratio", "pods", "constrained"));
    for (GroupRow row : groups) {
      out.append(line(format, row.group(), List.of(row)));
    }
    out.append(line(format, "total", groups));
    List<GroupRow> plain = groups.stream().filter(r -> r.constrainedPods() == 0).toList();
    if (!plain.isEmpty() && plain.size() < groups.size()) {
      out.append(line(format, "total, groups with unconstrained pods only", plain));
    }
    return out.toString();
  }

  private static String line(String format, String label, List<GroupRow> rows) {
    int nodes = rows.stream().mapToInt(GroupRow::plannedNodes).sum();
    long bound = rows.stream().mapToLong(GroupRow::lowerBound).sum();
    int pods = rows.stream().mapToInt(GroupRow::pods).sum();
    int constrained = rows.stream().mapToInt(GroupRow::constrainedPods).sum();
    String ratio = bound == 0 ? "-" : String.format("%.3f", (double) nodes / bound);
    return String.format(format, label, nodes, bound, ratio, pods, constrained);
  }

  /**
   * The same cluster with only the pods that need no GPU, topology spread or inter-pod
   * (anti-)affinity: the pods for which the bound is tight, so a plan for them alone shows the
   * packing waste.
   */
  public static ClusterSnapshot withoutConstrainedPods(ClusterSnapshot snapshot) {
    List<Pod> plain = snapshot.pods().stream().filter(p -> !isConstrained(p)).toList();
    return new ClusterSnapshot(
        snapshot.nodes(), plain, snapshot.pdbs(), snapshot.daemonSets(), snapshot.nodeGroups());
  }

  static boolean isPending(Pod pod) {
    return pod.unschedulable() && !pod.isScheduled() && !pod.isDaemonSetPod() && !pod.isTerminal();
  }

  static boolean isConstrained(Pod pod) {
    return pod.requests().gpus() > 0
        || !pod.topologySpread().isEmpty()
        || !pod.affinity().isEmpty()
        || !pod.antiAffinity().isEmpty();
  }

  /** What a fresh node of {@code group} offers to pending pods. */
  static Resources freshNodeRoom(ClusterSnapshot snapshot, NodeGroup group) {
    Resources allocatable;
    List<Taint> taints;
    Node member =
        snapshot.nodes().stream()
            .filter(n -> group.memberNodes().contains(n.name()))
            .min((a, b) -> a.name().compareTo(b.name()))
            .orElse(null);
    if (member != null) {
      allocatable = member.allocatable();
      taints = member.taints();
    } else {
      allocatable = group.template().orElseThrow().capacity();
      taints = group.template().orElseThrow().taints();
    }
    for (DaemonSet ds : snapshot.daemonSets()) {
      if (runsEverywhere(ds.podTemplate(), taints)) {
        allocatable = allocatable.minusFloor(ds.podTemplate().requests());
      }
    }
    return allocatable;
  }

  private static boolean runsEverywhere(Pod template, List<Taint> taints) {
    Predicate<Taint> tolerated =
        t -> template.tolerations().stream().anyMatch(tol -> tol.tolerates(t));
    return template.nodeSelector().isEmpty()
        && template.requiredNodeAffinity().isEmpty()
        && taints.stream()
            .filter(t -> t.effect() != TaintEffect.PREFER_NO_SCHEDULE)
            .allMatch(tolerated);
  }
}
