package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import java.util.List;

/**
 * What is left of every PodDisruptionBudget's {@code disruptionsAllowed} as a scale-down pass
 * chooses nodes: each removal takes one disruption per pod it moves from every budget covering that
 * pod, so the nodes chosen together never plan more disruptions than a budget allows.
 *
 * <p>A candidate works on a {@link Draft}; the draft is committed when the node is removable and
 * dropped otherwise.
 */
final class PdbBudget {
  private final List<PodDisruptionBudget> pdbs;
  private final int[] remaining;

  PdbBudget(List<PodDisruptionBudget> pdbs) {
    this.pdbs = List.copyOf(pdbs);
    this.remaining = new int[pdbs.size()];
    for (int i = 0; i < remaining.length; i++) {
      remaining[i] = this.pdbs.get(i).disruptionsAllowed();
    }
  }

  /** True when some budget covers the pod, whatever it allows. */
  boolean covers(Pod pod) {
    for (PodDisruptionBudget b : pdbs) {
      if (b.guards(pod)) {
        return true;
      }
    }
    return false;
  }

  Draft draft() {
    return new Draft();
  }

  /** The disruptions one candidate takes, not yet committed. */
  final class Draft {
    private final int[] taken = new int[remaining.length];

    /** True when every budget covering the pod has a disruption left after this draft's. */
    boolean allows(Pod pod) {
      for (int i = 0; i < remaining.length; i++) {
        if (pdbs.get(i).guards(pod) && remaining[i] - taken[i] < 1) {
          return false;
        }
      }
      return true;
    }

    /** Takes one disruption from every budget covering the pod. */
    void take(Pod pod) {
      for (int i = 0; i < remaining.length; i++) {
        if (pdbs.get(i).guards(pod)) {
          taken[i]++;
        }
      }
    }

    void commit() {
      for (int i = 0; i < remaining.length; i++) {
        remaining[i] -= taken[i];
      }
    }
  }
}
