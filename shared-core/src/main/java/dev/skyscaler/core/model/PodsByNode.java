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
 * nowhere (kube-scheduler's preemption). Each node's pods keep the order of the list given.
 *
 * <p>Building it walks every pod, which is where a scan of a big cluster spends its time, so a scan
 * does not build it per planner: {@link ClusterSnapshot#podsByNode()} builds the index of a
 * snapshot's pods on first use and keeps it, and the scan's planners (templates, the scale-up and
 * scale-down simulations, drains, interruptions) all ask the snapshot they plan on. Instances are
 * immutable and safe to share between threads.
 */
public final class PodsByNode {
  private static final Comparator<Keyed> BY_KEY = Comparator.comparing(Keyed::key);

  /** A pod with its {@code namespace/name}, built once rather than at every comparison. */
  private record Keyed(String key, Pod pod) {}

  private final Map<String, List<Pod>> placed = new HashMap<>();
  private final List<Pod> unbound;
  private final boolean anyNominated;

  private PodsByNode(List<Pod> pods) {
    List<Pod> notBound = new ArrayList<>();
    boolean nominated = false;
    for (Pod p : pods) {
      String where = p.nodeName().orElse(null);
      if (where == null) {
        notBound.add(p);
        where = p.nominatedNodeName().orElse(null);
        nominated |= where != null;
      }
      if (where != null) {
        placed.computeIfAbsent(where, k -> new ArrayList<>()).add(p);
      }
    }
    this.unbound = List.copyOf(notBound);
    this.anyNominated = nominated;
  }

  /**
   * The index of {@code pods}, which must not change afterwards (a snapshot's list). Each call
   * builds a new index: a scan gets its snapshot's from {@link ClusterSnapshot#podsByNode()}.
   */
  public static PodsByNode of(List<Pod> pods) {
    return new PodsByNode(pods);
  }

  /**
   * Every pod that holds room on {@code node}: bound there, or nominated there while bound nowhere;
   * in the order given.
   */
  public List<Pod> placedOn(String node) {
    List<Pod> pods = placed.get(node);
    return pods == null ? List.of() : Collections.unmodifiableList(pods);
  }

  /** The pods bound to {@code node}, in the order given. */
  public List<Pod> boundTo(String node) {
    List<Pod> pods = placed.get(node);
    if (pods == null) {
      return List.of();
    }
    if (!anyNominated) {
      return Collections.unmodifiableList(pods);
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
