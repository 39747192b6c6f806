package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.PodClass;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * Plans hard-spread pods towards their final even state. kube-scheduler only sees the domains that
 * exist now, so a strict simulation adds one pod per zone per round: thousands of rounds for
 * thousands of pods, which is why CA scales such workloads so slowly. Instead, when node groups
 * exist in several domains, each domain may fill to the water level L at which the pending pods,
 * spread over the domains that can grow, even out — capped at the least-filled fixed domain plus
 * maxSkew, so the final state keeps the skew.
 */
final class SpreadTargets {
  private SpreadTargets() {}

  /** Sets the targets for every class with a self-selecting DoNotSchedule zone-like constraint. */
  static void apply(
      ClusterSimulation sim,
      Collection<PodClass> classes,
      int[] remaining,
      Collection<GroupTemplate> templates,
      ToIntFunction<GroupTemplate> headroom) {
    sim.clearSpreadTargets();
    for (PodClass c : classes) {
      if (remaining[c.id()] == 0) {
        continue;
      }
      var spread = c.exemplar().topologySpread();
      for (int i = 0; i < spread.size(); i++) {
        TopologySpreadConstraint t = spread.get(i);
        if (!t.doNotSchedule()
            || Node.HOSTNAME_LABEL.equals(t.topologyKey())
            || !t.selector().matches(c.exemplar().labels())) {
          continue;
        }
        Set<String> growable = new HashSet<>();
        for (GroupTemplate g : templates) {
          String domain = g.labels().get(t.topologyKey());
          if (domain != null
              && headroom.applyAsInt(g) > 0
              && FirstFitDecreasingEstimator.fitsTemplate(c, g)) {
            growable.add(domain);
          }
        }
        if (growable.size() > 1) {
          long target = target(sim.spreadCounts(c, i), growable, remaining[c.id()], t.maxSkew());
          sim.setSpreadTarget(c, i, target);
        }
      }
    }
  }

  static long target(Map<String, Long> counts, Set<String> growable, long pending, int maxSkew) {
    long minFixed = Long.MAX_VALUE;
    for (var e : counts.entrySet()) {
      if (!growable.contains(e.getKey())) {
        minFixed = Math.min(minFixed, e.getValue());
      }
    }
    long lo = 0;
    long hi = pending;
    for (String d : growable) {
      hi = Math.max(hi, counts.getOrDefault(d, 0L) + pending);
    }
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      long room = 0;
      for (String d : growable) {
        room += Math.max(0, mid - counts.getOrDefault(d, 0L));
      }
      if (room >= pending) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long level = lo;
    return minFixed == Long.MAX_VALUE ? level : Math.min(level, minFixed + maxSkew);
  }
}
