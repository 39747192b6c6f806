package dev.skyscaler.core.model;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A snapshot's pods by the node they hold room on: bound there, or nominated there while bound
 * nowhere (kube-scheduler's preemption). Each node's pods keep the order of the list given, and
 * each node's {@link PodTotals} are counted in the same pass.
 *
 * <p>Building it walks every pod, which is where a scan of a big cluster spends its time, so a scan
 * does not build it per planner: {@link ClusterSnapshot#podsByNode()} builds the index of a
 * snapshot's pods on first use and keeps it, and the scan's planners (templates, the scale-up and
 * scale-down simulations, drains, interruptions) all ask the snapshot they plan on. The planners
 * that only sum a node's pods (loading a simulation, measuring utilisation) read the node's totals
 * instead of walking its pods again, and the one pass notes each pod's node so that a node's list
 * is gathered only when first read, without reading any pod again: a routine scan reads the lists
 * of a few nodes only. What an instance answers never changes, and it is safe to share between
 * threads (the lists are gathered into atomic slots, and two threads gathering at once gather equal
 * arrays).
 */
public final class PodsByNode {
  private static final Comparator<Keyed> BY_KEY = Comparator.comparing(Keyed::key);

  /**
   * How many nodes' lists are gathered one by one, each by a look along the node slots of its pods'
   * stretch of the list, before the next read gathers every node's in one pass.
   */
  private static final int ONE_BY_ONE = 16;

  /** A pod with its {@code namespace/name}, built once rather than at every comparison. */
  private record Keyed(String key, Pod pod) {}

  private final List<Pod> pods;
  private final Map<String, PodTally> nodes;
  private final PodTally[] bySlot;
  private final int[] slotOf;
  private final List<Pod> unbound;
  private final boolean anyNominated;

  /** Each node's pods by slot, gathered on first read (see {@link #podsOf}). */
  private final AtomicReferenceArray<Pod[]> gathered;

  private final AtomicInteger gatheredOneByOne = new AtomicInteger();

  PodsByNode(
      List<Pod> pods,
      Map<String, PodTally> nodes,
      PodTally[] bySlot,
      int[] slotOf,
      List<Pod> unbound,
      boolean anyNominated) {
    this.pods = pods;
    this.nodes = nodes;
    this.bySlot = bySlot;
    this.slotOf = slotOf;
    this.unbound = unbound;
    this.anyNominated = anyNominated;
    this.gathered = new AtomicReferenceArray<>(bySlot.length);
  }

  /**
   * The index of {@code pods}, which must not change afterwards (a snapshot's list). Each call
   * builds a new index: a scan gets its snapshot's from {@link ClusterSnapshot#podsByNode()}.
   */
  public static PodsByNode of(List<Pod> pods) {
    return PodTally.index(pods);
  }

  /**
   * Every pod that holds room on {@code node}: bound there, or nominated there while bound nowhere;
   * in the order given. The list cannot be changed; its pods are gathered when it is first read
   * (its size is known before), so a planner may hold the lists of every node and read few.
   */
  public List<Pod> placedOn(String node) {
    PodTally t = nodes.get(node);
    return t == null ? List.of() : new NodePods(this, t.slot, t.count);
  }

  /** What the unfinished pods among {@link #placedOn} add up to. */
  public PodTotals totalsOn(String node) {
    PodTally t = nodes.get(node);
    return t == null ? PodTotals.NONE : t.totals();
  }

  /** The pods bound to {@code node}, in the order given. */
  public List<Pod> boundTo(String node) {
    List<Pod> pods = placedOn(node);
    if (!anyNominated) {
      return pods;
    }
    List<Pod> bound = new ArrayList<>(pods.size());
    for (Pod p : pods) {
      if (p.nodeName().isPresent()) {
        bound.add(p);
      }
    }
    return bound;
  }

  /** The pods bound to no node (nominated ones included), in the order given. */
  public List<Pod> unbound() {
    return unbound;
  }

  /**
   * The pods of the node in {@code slot}. The first {@link #ONE_BY_ONE} nodes read are gathered
   * each on its own, looking only along the node slots of its stretch of the list; the next read
   * gathers every node's in one pass. Either way no pod is read again, and two threads gathering at
   * once gather equal arrays.
   */
  Pod[] podsOf(int slot) {
    Pod[] on = gathered.get(slot);
    if (on != null) {
      return on;
    }
    if (gatheredOneByOne.getAndIncrement() < ONE_BY_ONE) {
      on = gatherOne(bySlot[slot]);
      gathered.set(slot, on);
      return on;
    }
    gatherAll();
    return gathered.get(slot);
  }

  private Pod[] gatherOne(PodTally t) {
    Pod[] on = new Pod[t.count];
    int n = 0;
    for (int i = t.first; i <= t.last; i++) {
      if (slotOf[i] == t.slot) {
        on[n++] = pods.get(i);
      }
    }
    return on;
  }

  private void gatherAll() {
    Pod[][] all = new Pod[bySlot.length][];
    for (int s = 0; s < all.length; s++) {
      all[s] = new Pod[bySlot[s].count];
    }
    int[] filled = new int[all.length];
    for (int i = 0; i < slotOf.length; i++) {
      int s = slotOf[i];
      if (s >= 0) {
        all[s][filled[s]++] = pods.get(i);
      }
    }
    for (int s = 0; s < all.length; s++) {
      gathered.compareAndSet(s, null, all[s]);
    }
  }

  /** One node's pods: a view that gathers them on first read. */
  private static final class NodePods extends AbstractList<Pod> implements RandomAccess {
    private final PodsByNode index;
    private final int slot;
    private final int size;

    NodePods(PodsByNode index, int slot, int size) {
      this.index = index;
      this.slot = slot;
      this.size = size;
    }

    @Override
    public Pod get(int i) {
      return index.podsOf(slot)[Objects.checkIndex(i, size)];
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public Iterator<Pod> iterator() {
      return Collections.unmodifiableList(Arrays.asList(index.podsOf(slot))).iterator();
    }
  }

  /**
   * {@code pods} ordered by {@link Pod#key()}, pods with equal keys in their given order (what
   * {@code List.sort(Comparator.comparing(Pod::key))} gives, with each key built once).
   */
  public static List<Pod> byKey(Collection<Pod> pods) {
    Keyed[] keyed = new Keyed[pods.size()];
    int i = 0;
    for (Pod p : pods) {
      keyed[i++] = new Keyed(p.key(), p);
    }
    Arrays.sort(keyed, BY_KEY); // stable, as List.sort
    List<Pod> result = new ArrayList<>(keyed.length);
    for (Keyed k : keyed) {
      result.add(k.pod());
    }
    return result;
  }
}
