package dev.skyscaler.core.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What is odd in a snapshot without making it unusable, said in the plan instead of silently
 * planned around: pods bound to a node the snapshot does not have (they hold room nowhere), a node
 * with nothing allocatable of cpu, memory or pods (no pod fits it: often a node whose kubelet has
 * not reported yet), and a node holding more pods than its pod capacity (the capacity or the pods
 * are stale). One line per node, in the snapshot's order; nodes not in the snapshot by name. Linear
 * in nodes and pods, on the snapshot's own pod index.
 */
public final class SnapshotWarnings {
  private static final int NAMED_PODS = 3;

  private SnapshotWarnings() {}

  /** The warnings about {@code snapshot}; empty when there is nothing odd. */
  public static List<String> of(ClusterSnapshot snapshot) {
    PodsByNode pods = snapshot.podsByNode();
    List<String> warnings = new ArrayList<>();
    Set<String> known = new HashSet<>();
    for (Node n : snapshot.nodes()) {
      known.add(n.name());
      Resources a = n.allocatable();
      List<String> zero = new ArrayList<>();
      if (a.cpu() == 0) {
        zero.add("cpu");
      }
      if (a.memory() == 0) {
        zero.add("memory");
      }
      if (a.pods() == 0) {
        zero.add("pods");
      }
      if (!zero.isEmpty()) {
        warnings.add(
            "node "
                + n.name()
                + " has zero allocatable "
                + String.join(", ", zero)
                + " (status.allocatable): no pod that needs "
                + (zero.size() == 1 ? "it" : "them")
                + " fits on it");
      }
      int bound = pods.boundTo(n.name()).size();
      if (a.pods() > 0 && bound > a.pods()) {
        warnings.add(
            "node "
                + n.name()
                + " holds "
                + bound
                + " pods, more than its pod capacity of "
                + a.pods()
                + " (status.allocatable.pods): it has room for no further pod");
      }
    }
    for (String node : new TreeSet<>(pods.nodeNames())) {
      if (!known.contains(node)) {
        List<Pod> bound = pods.boundTo(node);
        if (!bound.isEmpty()) {
          warnings.add(missingNode(node, bound));
        }
      }
    }
    return warnings;
  }

  private static String missingNode(String node, List<Pod> bound) {
    List<String> keys = PodsByNode.byKey(bound).stream().map(Pod::key).toList();
    String named = String.join(", ", keys.subList(0, Math.min(NAMED_PODS, keys.size())));
    String more = keys.size() > NAMED_PODS ? " and " + (keys.size() - NAMED_PODS) + " more" : "";
    if (bound.size() == 1) {
      return "pod "
          + named
          + " is bound to node "
          + node
          + ", which is not in the snapshot: it holds room on no node";
    }
    return bound.size()
        + " pods ("
        + named
        + more
        + ") are bound to node "
        + node
        + ", which is not in the snapshot: they hold room on no node";
  }
}
