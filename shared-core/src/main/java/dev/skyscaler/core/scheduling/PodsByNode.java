package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A snapshot's pods by the node they hold room on: bound there, or nominated there while bound
 * nowhere (kube-scheduler's preemption). Each node's pods keep the order of the list given.
 *
 * <p>One scan asks for it several times (templates, the scale-up and scale-down simulations,
 * drains, interruptions), each from the same immutable pod list: {@link #of} keeps the indexes of
 * the last few lists it was given, so a scan walks its pods — which is where a scan of a big
 * cluster spends its time — once rather than once per planner. Instances are immutable and safe to
 * share between threads.
 */
public final class PodsByNode {
  /** Lists indexed lately: a scan's snapshot, and the views of it that planners get. */
  private static final int RECENT = 4;

  private static final AtomicReference<List<PodsByNode>> LATEST = new AtomicReference<>(List.of());
  private static final Comparator<Keyed> BY_KEY = Comparator.comparing(Keyed::key);

  /** A pod with its {@code namespace/name}, built once rather than at every comparison. */
  private record Keyed(String key, Pod pod) {}

  private final List<Pod> source;
  private final Map<String, List<Pod>> placed = new HashMap<>();
  private final List<Pod> unbound;
  private final boolean anyNominated;

  private PodsByNode(List<Pod> pods) {
    this.source = pods;
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
   * The index of {@code pods}, which must not change afterwards (a snapshot's list): a list object
   * among the last few given gives the same index back. A scan indexes its snapshot's pods, and
   * those of the views it plans on (nodes leaving, headroom), once each.
   */
  public static PodsByNode of(List<Pod> pods) {
    List<PodsByNode> latest = LATEST.get();
    for (PodsByNode index : latest) {
      if (index.source == pods) {
        return index;
      }
    }
    PodsByNode index = new PodsByNode(pods);
    List<PodsByNode> next = new ArrayList<>(RECENT);
    next.add(index);
    next.addAll(latest.subList(0, Math.min(latest.size(), RECENT - 1)));
    LATEST.set(List.copyOf(next));
    return index;
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
