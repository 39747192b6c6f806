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
 * spread over the domains that can grow, even out — capped so that the final state keeps the skew
 * kube-scheduler enforces:
 *
 * <ul>
 *   <li>at the least-filled fixed domain plus maxSkew, where a fixed domain is an eligible domain
 *       that cannot grow for the class: its group has no headroom, or a fresh node of its group
 *       cannot host one pod of the class (taints, node affinity, or too little room);
 *   <li>at maxSkew when the final state has fewer domains than {@code minDomains}: kube-scheduler
 *       then takes the global minimum as 0.
 * </ul>
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
          if (domain != null && headroom.applyAsInt(g) > 0 && hostsOne(c, g)) {
            growable.add(domain);
          }
        }
        if (growable.size() > 1) {
          long target =
              target(
                  sim.spreadCounts(c, i), growable, remaining[c.id()], t.maxSkew(), t.minDomains());
          sim.setSpreadTarget(c, i, target);
        }
      }
    }
  }

  /**
   * True when a fresh node of the group takes one pod of the class, spread and affinity aside: its
   * node-local checks pass and the class's requests fit the room the DaemonSet pods leave. A domain
   * whose group cannot host the pod holds the global minimum down as a fixed domain does.
   */
  static boolean hostsOne(PodClass c, GroupTemplate g) {
    return FirstFitDecreasingEstimator.fitsTemplate(c, g)
        && c.requests().fitsIn(g.allocatable().minusFloor(g.daemonSetOverhead()));
  }

  /**
   * The most matching pods a domain may hold in the planned final state.
   *
   * @param counts matching pods per eligible domain now (zeros included)
   * @param growable the domains a group can add nodes to for the class
   * @param minDomains below this many domains in the final state the global minimum is 0
   */
  static long target(
      Map<String, Long> counts, Set<String> growable, long pending, int maxSkew, int minDomains) {
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
    long target = minFixed == Long.MAX_VALUE ? level : Math.min(level, minFixed + maxSkew);
    Set<String> finalDomains = new HashSet<>(counts.keySet());
    finalDomains.addAll(growable);
    // too few domains even when the plan is done: the global minimum stays 0
    return finalDomains.size() < minDomains ? Math.min(target, maxSkew) : target;
  }
}
