package dev.skyscaler.core.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link PodsByNode} in two passes over the pods. The first looks at each pod once: where
 * it holds room, and what it adds to that node's {@link PodTotals}. The second only moves
 * references: each node's pods into an array of the exact size, with no list growing as it fills.
 * Walking 150,000 pods is memory-bound, so the first pass reads each pod's fields once for every
 * planner of the scan.
 */
final class PodTally {
  private final int slot;
  private int count;
  private int unfinished;
  private long cpu;
  private long memory;
  private long storage;
  private int lowestPriority = Integer.MAX_VALUE;
  private boolean extended;
  private boolean hostPorts;
  private boolean antiAffinity;
  private boolean deleting;

  private PodTally(int slot) {
    this.slot = slot;
  }

  static PodsByNode index(List<Pod> pods) {
    Map<String, PodTally> tallies = new HashMap<>();
    List<String> nodes = new ArrayList<>();
    List<PodTally> order = new ArrayList<>();
    List<Pod> unbound = new ArrayList<>();
    boolean nominated = false;
    int[] slotOf = new int[pods.size()];
    for (int i = 0; i < slotOf.length; i++) {
      Pod p = pods.get(i);
      String where = p.nodeName().orElse(null);
      if (where == null) {
        unbound.add(p);
        where = p.nominatedNodeName().orElse(null);
        if (where == null) {
          slotOf[i] = -1;
          continue;
        }
        nominated = true;
      }
      // no shortcut for a pod on the previous pod's node: that helps only pods listed node by
      // node, and the API server lists them by namespace and name
      PodTally t = tallies.get(where);
      if (t == null) {
        t = new PodTally(order.size());
        tallies.put(where, t);
        nodes.add(where);
        order.add(t);
      }
      slotOf[i] = t.slot;
      t.add(p);
    }
    Pod[][] podsOn = new Pod[order.size()][];
    PodTotals[] totals = new PodTotals[order.size()];
    for (PodTally t : order) {
      podsOn[t.slot] = new Pod[t.count];
      totals[t.slot] = t.totals();
    }
    int[] filled = new int[order.size()];
    for (int i = 0; i < slotOf.length; i++) {
      int s = slotOf[i];
      if (s >= 0) {
        podsOn[s][filled[s]++] = pods.get(i);
      }
    }
    return PodsByNode.of(nodes, podsOn, totals, unbound, nominated);
  }

  private void add(Pod p) {
    count++;
    if (p.isTerminal()) {
      return;
    }
    unfinished++;
    Resources r = p.requests();
    cpu += r.cpu();
    memory += r.memory();
    storage += r.ephemeralStorage();
    lowestPriority = Math.min(lowestPriority, p.priority());
    extended |= !r.extended().isEmpty();
    hostPorts |= !p.hostPorts().isEmpty();
    antiAffinity |= !p.antiAffinity().isEmpty();
    deleting |= p.deletionTime().isPresent();
  }

  private PodTotals totals() {
    return unfinished == 0
        ? PodTotals.NONE
        : new PodTotals(
            unfinished,
            cpu,
            memory,
            storage,
            lowestPriority,
            extended,
            hostPorts,
            antiAffinity,
            deleting);
  }
}
