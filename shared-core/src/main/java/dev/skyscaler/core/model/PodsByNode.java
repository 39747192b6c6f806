package dev.skyscaler.core.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * instead of walking its pods again. Instances are immutable and safe to share between threads.
 */
public final class PodsByNode {
  private static final Comparator<Keyed> BY_KEY = Comparator.comparing(Keyed::key);

  /** A pod with its {@code namespace/name}, built once rather than at every comparison. */
  private record Keyed(String key, Pod pod) {}

  /** One node's pods, unmodifiable, and their totals. */
  private record OnNode(List<Pod> pods, PodTotals totals) {}

  private final Map<String, OnNode> placed;
  private final List<Pod> unbound;
  private final boolean anyNominated;

  private PodsByNode(Map<String, OnNode> placed, List<Pod> unbound, boolean anyNominated) {
    this.placed = placed;
    this.unbound = unbound;
    this.anyNominated = anyNominated;
  }

  /**
   * The index of {@code pods}, which must not change afterwards (a snapshot's list). Each call
   * builds a new index: a scan gets its snapshot's from {@link ClusterSnapshot#podsByNode()}.
   */
  public static PodsByNode of(List<Pod> pods) {
    return PodTally.index(pods);
  }

  static PodsByNode of(
      List<String> nodes,
      Pod[][] podsOn,
      PodTotals[] totals,
      List<Pod> unbound,
      boolean anyNominated) {
    Map<String, OnNode> placed = new HashMap<>(nodes.size() * 4 / 3 + 1);
    for (int i = 0; i < nodes.size(); i++) {
      List<Pod> view = Collections.unmodifiableList(Arrays.asList(podsOn[i]));
      placed.put(nodes.get(i), new OnNode(view, totals[i]));
    }
    return new PodsByNode(placed, List.copyOf(unbound), anyNominated);
  }

  /**
   * Every pod that holds room on {@code node}: bound there, or nominated there while bound nowhere;
   * in the order given.
   */
  public List<Pod> placedOn(String node) {
    OnNode on = placed.get(node);
    return on == null ? List.of() : on.pods();
  }

  /** What the unfinished pods among {@link #placedOn} add up to. */
  public PodTotals totalsOn(String node) {
    OnNode on = placed.get(node);
    return on == null ? PodTotals.NONE : on.totals();
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

  /**
   * The names of the nodes some pod is bound or nominated to, whether or not the snapshot has them.
   */
  public Set<String> nodeNames() {
    return Collections.unmodifiableSet(placed.keySet());
  }

  /** The pods bound to no node (nominated ones included), in the order given. */
  public List<Pod> unbound() {
    return unbound;
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
