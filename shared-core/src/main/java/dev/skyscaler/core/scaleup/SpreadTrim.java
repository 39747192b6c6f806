package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.core.scaleup.ScaleUpPlanner.Assignment;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The last step of planning: the final state must keep every hard spread constraint's skew as
 * kube-scheduler counts it once the plan's nodes are up, or the pods past the skew never land and
 * the nodes bought for them stay empty. Spread targets plan towards that state, but classes compete
 * for a group's headroom: a zone counted as growable for one class may end up holding another
 * class's node and none of this one's pods, an eligible domain with a count of 0. So the plan is
 * checked against the strict rule, and pods a domain holds past {@code min + maxSkew} are taken
 * back from what the rounds placed (the nodes they added, and the room on existing and upcoming
 * nodes they used once new domains let them) and left pending. A planned node left without pods is
 * not requested. Pods placed on existing and upcoming nodes before the rounds are bound by the
 * scheduler before any new node is up, under the rule of that moment, and stay.
 *
 * <p>Enough, and needed: a final state whose counts stay within {@code min + maxSkew} in every
 * domain the plan fills is reached by binding each pod in the least-filled domain that still wants
 * pods; and the last pod bound to a domain past that bound would have been refused.
 */
final class SpreadTrim {
  private SpreadTrim() {}

  /**
   * Takes back the pods past the skew; returns how many.
   *
   * @param remaining pods still pending per class id, raised by the pods taken back
   * @param assignments the plan's runs of pods, shortened (and renumbered per class) in place
   * @param firstOfRounds the index of the first run the rounds placed; earlier runs stay
   */
  static int apply(
      ClusterSimulation sim,
      List<PodClass> classes,
      int[] remaining,
      List<Assignment> assignments,
      int firstOfRounds) {
    int total = 0;
    for (PodClass c : classes) {
      List<TopologySpreadConstraint> spread = c.exemplar().topologySpread();
      int taken = 0;
      for (int i = 0; i < spread.size(); i++) {
        TopologySpreadConstraint t = spread.get(i);
        if (t.doNotSchedule() && t.selector().matches(c.exemplar().labels())) {
          taken += trim(sim, c, i, t, assignments, firstOfRounds);
        }
      }
      if (taken > 0) {
        remaining[c.id()] += taken;
        renumber(c, assignments);
        total += taken;
      }
    }
    return total;
  }

  private static int trim(
      ClusterSimulation sim,
      PodClass c,
      int index,
      TopologySpreadConstraint t,
      List<Assignment> assignments,
      int firstOfRounds) {
    Map<String, Long> counts = sim.spreadCounts(c, index);
    if (counts.isEmpty()) {
      return 0;
    }
    long min =
        counts.size() < t.minDomains()
            ? 0
            : counts.values().stream().mapToLong(Long::longValue).min().orElse(0);
    int taken = 0;
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      long excess = e.getValue() - (min + t.maxSkew());
      for (int a = assignments.size() - 1; a >= firstOfRounds && excess > 0; a--) {
        Assignment run = assignments.get(a);
        SimNode n = run.node();
        if (run.podClass() != c || !e.getKey().equals(n.labels().get(t.topologyKey()))) {
          continue;
        }
        int k = (int) Math.min(excess, run.count());
        sim.unplace(c.exemplar(), n, k);
        assignments.set(a, new Assignment(c, run.from(), run.count() - k, n));
        excess -= k;
        taken += k;
      }
    }
    return taken;
  }

  /**
   * Pods of a class are taken in order, the pending ones last: after a trim the class's runs are
   * numbered again from its first pod, so that the pods taken back are its tail.
   */
  private static void renumber(PodClass c, List<Assignment> assignments) {
    List<Assignment> kept = new ArrayList<>(assignments.size());
    int next = 0;
    for (Assignment a : assignments) {
      if (a.podClass() != c) {
        kept.add(a);
      } else if (a.count() > 0) {
        kept.add(new Assignment(c, next, a.count(), a.node()));
        next += a.count();
      }
    }
    assignments.clear();
    assignments.addAll(kept);
  }
}
