package dev.skyscaler.core.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's entry in a {@link PodsByNode}, and the one pass that builds them: each pod is looked
 * at once, for where it holds room and what it adds to that node's {@link PodTotals}. Its node's
 * slot is noted per pod, so that a node's list can be gathered later without reading any pod again
 * ({@link PodsByNode#placedOn}); walking 150,000 pods is memory-bound, and most scans read the
 * lists of a few nodes only.
 *
 * <p>Mutable only while {@link #index} runs; the index publishes the entries through a final field
 * and never changes them afterwards.
 */
final class PodTally {
  /** This node's number in the index: 0, 1, … in the order nodes first appear. */
  final int slot;

  /** How many pods hold room here. */
  int count;

  /** Where in the list the node's first and last pod are: its pods lie between. */
  int first = -1;

  int last;

  private int unfinished;
  private long cpu;
  private long memory;
  private long storage;
  private int lowestPriority = Integer.MAX_VALUE;
  private boolean extended;
  private boolean hostPorts;
  private boolean antiAffinity;
  private boolean deleting;
  private PodTotals totals;

  private PodTally(int slot) {
    this.slot = slot;
  }

  static PodsByNode index(List<Pod> pods) {
    Map<String, PodTally> tallies = new HashMap<>();
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
        t = new PodTally(tallies.size());
        tallies.put(where, t);
      }
      slotOf[i] = t.slot;
      t.add(p, i);
    }
    PodTally[] bySlot = new PodTally[tallies.size()];
    for (PodTally t : tallies.values()) {
      t.totals = t.sum();
      bySlot[t.slot] = t;
    }
    return new PodsByNode(pods, tallies, bySlot, slotOf, List.copyOf(unbound), nominated);
  }

  /** What the unfinished pods here add up to. */
  PodTotals totals() {
    return totals;
  }

  private void add(Pod p, int at) {
    if (first < 0) {
      first = at;
    }
    last = at;
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

  private PodTotals sum() {
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
