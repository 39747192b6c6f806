package dev.skyscaler.core.scheduling;

import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A node inside the simulation: its fixed shape plus the mutable room left on it. Existing,
 * upcoming (booting) and planned nodes all look alike to the scheduling checks.
 */
public final class SimNode {
  /** Where a simulated node comes from. */
  public enum Kind {
    /** Registered in the cluster. */
    EXISTING,
    /** Requested from the cloud earlier and still booting. */
    UPCOMING,
    /** Added by this plan. */
    PLANNED,
    /** Added while estimating an option; discarded or committed. */
    SCRATCH
  }

  private final String name;
  private final Map<String, String> labels;
  private final List<Taint> taints;
  private final boolean unschedulable;
  private final String group;
  private Kind kind;
  private final Resources allocatable;
  long freeCpu;
  long freeMemory;
  long freeStorage;
  long freePods;
  private Map<String, Long> freeExtended;
  private List<HostPort> usedPorts;
  private final ArrayList<Placement> placements = new ArrayList<>(2);

  /** Existing pods whose room is taken but that are not in {@link #placements} yet. */
  private List<Pod> unlisted = List.of();

  private Predicate<Pod> unlistedCount;

  /** A run of identical pods placed on the node. */
  record Placement(Pod exemplar, int count) {}

  SimNode(
      String name,
      Map<String, String> labels,
      List<Taint> taints,
      boolean unschedulable,
      String group,
      Kind kind,
      Resources allocatable) {
    this.name = name;
    this.labels = labels;
    this.taints = taints;
    this.unschedulable = unschedulable;
    this.group = group;
    this.kind = kind;
    this.allocatable = allocatable;
    this.freeCpu = allocatable.cpu();
    this.freeMemory = allocatable.memory();
    this.freeStorage = allocatable.ephemeralStorage();
    this.freePods = allocatable.pods();
    this.freeExtended =
        allocatable.extended().isEmpty() ? Map.of() : new HashMap<>(allocatable.extended());
  }

  public String name() {
    return name;
  }

  public Map<String, String> labels() {
    return labels;
  }

  public List<Taint> taints() {
    return taints;
  }

  public boolean unschedulable() {
    return unschedulable;
  }

  /** The node group, or null when the node is not in a managed group. */
  public String group() {
    return group;
  }

  public Kind kind() {
    return kind;
  }

  void kind(Kind k) {
    kind = k;
  }

  public Resources allocatable() {
    return allocatable;
  }

  public long freeStorage() {
    return freeStorage;
  }

  public long freeExtended(String resource) {
    Long v = freeExtended.get(resource);
    return v == null ? 0 : v;
  }

  public long freeCpu() {
    return freeCpu;
  }

  public long freeMemory() {
    return freeMemory;
  }

  public long freePods() {
    return freePods;
  }

  List<HostPort> usedPorts() {
    return usedPorts == null ? List.of() : usedPorts;
  }

  List<Placement> placements() {
    list();
    return placements;
  }

  /** Pods placed so far (existing ones included). */
  public int podCount() {
    int n = 0;
    for (Placement p : placements()) {
      n += p.count();
    }
    return n;
  }

  /** Makes room in the list of placements for {@code runs} more, known in advance. */
  void reserve(int runs) {
    placements.ensureCapacity(placements.size() + runs);
  }

  /** Consumes room for {@code count} pods like {@code pod}; the caller checked that they fit. */
  void add(Pod pod, int count) {
    Resources r = pod.requests();
    freeCpu -= r.cpu() * count;
    freeMemory -= r.memory() * count;
    freeStorage -= r.ephemeralStorage() * count;
    freePods -= (long) r.pods() * count;
    if (!r.extended().isEmpty()) {
      if (freeExtended.isEmpty()) {
        freeExtended = new HashMap<>();
      }
      r.extended().forEach((k, v) -> freeExtended.merge(k, -v * count, Long::sum));
    }
    if (!pod.hostPorts().isEmpty()) {
      if (usedPorts == null) {
        usedPorts = new ArrayList<>();
      }
      for (int i = 0; i < count; i++) {
        usedPorts.addAll(pod.hostPorts());
      }
    }
    append(pod, count);
  }

  /**
   * Takes the room of the pods among {@code pods} that {@code counts} accepts, which add up to
   * {@code totals} and ask for no host port and no extended resource, as {@link #add} of each in
   * order would; they join {@link #placements} when those are first asked for. Only on a node
   * without placements.
   */
  void addUnlisted(List<Pod> pods, Predicate<Pod> counts, PodTotals totals) {
    if (!empty()) {
      throw new IllegalStateException("pods are added unlisted only to an empty node: " + name);
    }
    freeCpu -= totals.cpu();
    freeMemory -= totals.memory();
    freeStorage -= totals.ephemeralStorage();
    freePods -= totals.pods();
    if (totals.pods() > 0) {
      unlisted = pods;
      unlistedCount = counts;
    }
  }

  /** Nothing placed here yet. */
  boolean empty() {
    return placements.isEmpty() && unlisted.isEmpty();
  }

  /** Lists the unlisted pods as placements, before any placed after them, merging runs as add. */
  private void list() {
    if (unlisted.isEmpty()) {
      return;
    }
    List<Placement> later = new ArrayList<>(placements);
    placements.clear();
    for (Pod p : unlisted) {
      if (unlistedCount.test(p)) {
        append(p, 1);
      }
    }
    unlisted = List.of();
    unlistedCount = null;
    for (Placement p : later) {
      append(p.exemplar(), p.count());
    }
  }

  private void append(Pod pod, int count) {
    int last = placements.size() - 1;
    if (last >= 0 && placements.get(last).exemplar() == pod) {
      placements.set(last, new Placement(pod, placements.get(last).count() + count));
    } else {
      placements.add(new Placement(pod, count));
    }
  }

  /**
   * Gives back the room of {@code count} pods placed as {@code exemplar} (the same object that was
   * placed), latest run first; the reverse of {@link #add}.
   *
   * @throws IllegalArgumentException when fewer such pods are placed here
   */
  void remove(Pod exemplar, int count) {
    list();
    int left = count;
    for (int i = placements.size() - 1; i >= 0 && left > 0; i--) {
      Placement p = placements.get(i);
      if (p.exemplar() != exemplar) {
        continue;
      }
      int taken = Math.min(left, p.count());
      if (taken == p.count()) {
        placements.remove(i);
      } else {
        placements.set(i, new Placement(exemplar, p.count() - taken));
      }
      left -= taken;
    }
    if (left > 0) {
      throw new IllegalArgumentException(
          "cannot take " + count + " of " + exemplar.key() + " off " + name + ": not placed there");
    }
    Resources r = exemplar.requests();
    freeCpu += r.cpu() * count;
    freeMemory += r.memory() * count;
    freeStorage += r.ephemeralStorage() * count;
    freePods += (long) r.pods() * count;
    r.extended().forEach((k, v) -> freeExtended.merge(k, v * count, Long::sum));
    for (int i = 0; i < count && !exemplar.hostPorts().isEmpty(); i++) {
      for (HostPort port : exemplar.hostPorts()) {
        usedPorts.remove(port);
      }
    }
  }

  @Override
  public String toString() {
    return name + "(" + kind + (group == null ? "" : ", " + group) + ")";
  }
}
