package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.scheduling.SchedulingChecks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Kubernetes side of the simulated cluster: nodes and pods as immutable records, changed one at
 * a time, with the indexes the simulation needs (pods per node, unbound pods, requests per node). A
 * scan's snapshot reuses every unchanged record, so building it costs a list copy, never a parse.
 * Not thread-safe.
 */
final class World {
  /** Who hears about pods: the controllers that replace them and the wait accounting. */
  interface Listener {
    void created(Pod pod);

    void bound(Pod pod, Instant now);

    void removed(Pod pod, Instant now);
  }

  private final Map<String, Node> nodes = new LinkedHashMap<>();
  private final PodTable pods = new PodTable();
  private final Map<String, Map<String, Pod>> podsByNode = new HashMap<>();
  private final Set<String> unbound = new LinkedHashSet<>();
  private final Map<String, ResourceUse> requested = new HashMap<>();
  private final List<DaemonSet> daemonSets;
  private final Budgets budgets;
  private final Names names;
  private Listener listener;
  private long layoutVersion;
  private final List<String> becameReady = new ArrayList<>();
  private long pendingVersion;
  private boolean changed = true;
  private ClusterSnapshot snapshot;
  private List<NodeGroup> snapshotGroups;

  World(ClusterSnapshot start, Names names) {
    this.names = names;
    this.daemonSets = start.daemonSets();
    start.nodes().forEach(n -> nodes.put(n.name(), n));
    List<Pod> bound = new ArrayList<>();
    for (Pod p : start.pods()) {
      if (p.isTerminal() || p.deletionTime().isPresent()) {
        continue; // finished or on its way out: it holds nothing for long
      }
      pods.put(p);
      if (p.isScheduled()) {
        index(p);
        bound.add(p);
      } else {
        unbound.add(p.key());
      }
    }
    this.budgets = new Budgets(start.pdbs(), bound);
  }

  void listener(Listener l) {
    this.listener = l;
  }

  Map<String, Node> nodes() {
    return Collections.unmodifiableMap(nodes);
  }

  Optional<Node> node(String name) {
    return Optional.ofNullable(nodes.get(name));
  }

  Optional<Pod> pod(String key) {
    return Optional.ofNullable(pods.get(key));
  }

  /** Every pod, in the order they were created. */
  List<Pod> pods() {
    return pods.toList();
  }

  boolean hasPod(String key) {
    return pods.contains(key);
  }

  /** Pods not bound to a node, in the order they were created. */
  List<Pod> unboundPods() {
    List<Pod> result = new ArrayList<>(unbound.size());
    unbound.forEach(k -> result.add(pods.get(k)));
    return result;
  }

  boolean anyUnbound() {
    return !unbound.isEmpty();
  }

  /** Pods bound to {@code node}. */
  List<Pod> podsOn(String node) {
    return new ArrayList<>(podsByNode.getOrDefault(node, Map.of()).values());
  }

  /**
   * Changes when room may have appeared or gone other than by a node turning Ready: nodes, their
   * taints, pods leaving nodes.
   */
  long layoutVersion() {
    return layoutVersion;
  }

  /** Nodes that turned Ready, in order: room that appeared without any other change. */
  List<String> becameReady() {
    return Collections.unmodifiableList(becameReady);
  }

  /** Changes when a pod starts waiting for a node. */
  long pendingVersion() {
    return pendingVersion;
  }

  /**
   * A node that has just registered, with the pods of every DaemonSet that would run on it (the
   * DaemonSet controller places them directly).
   */
  void register(Node n, Instant now) {
    nodes.put(n.name(), n); // NotReady: no room for the scheduler yet
    changed = true;
    for (DaemonSet ds : daemonSets) {
      Pod t = ds.podTemplate();
      if (SchedulingChecks.staticReason(t, n.name(), n.labels(), stableTaints(n), false) == null) {
        String name = names.generated(ds.name(), k -> pods.contains(ds.namespace() + "/" + k));
        add(
            t.toBuilder()
                .name(name)
                .uid(names.uid())
                .nodeName(n.name())
                .phase(PodPhase.RUNNING)
                .creationTime(now)
                .build(),
            now);
      }
    }
  }

  /** The taints a DaemonSet pod is checked against: the node's own, not its start-up ones. */
  private static List<dev.skyscaler.core.model.Taint> stableTaints(Node n) {
    return n.taints().stream().filter(t -> !t.key().equals(Nodes.NOT_READY)).toList();
  }

  /**
   * A node turned Ready: only room was added, so the scheduler can add it to what it knows rather
   * than start again.
   */
  void markReady(Node n) {
    nodes.put(n.name(), n);
    becameReady.add(n.name());
    changed = true;
  }

  /** Replaces a node's record (conditions, taints, cordon). */
  void putNode(Node n) {
    nodes.put(n.name(), n);
    layoutVersion++;
    changed = true;
  }

  /** Removes a node and every pod bound to it; returns those pods. */
  List<Pod> removeNode(String name, Instant now) {
    if (nodes.remove(name) == null) {
      return List.of();
    }
    List<Pod> gone = podsOn(name);
    gone.forEach(p -> remove(p.key(), now));
    podsByNode.remove(name);
    requested.remove(name);
    layoutVersion++;
    changed = true;
    return gone;
  }

  /** Adds a pod, bound or waiting for the scheduler. */
  void add(Pod p, Instant now) {
    pods.put(p);
    changed = true;
    if (p.isScheduled()) {
      index(p);
      budgets.bound(p);
    } else {
      unbound.add(p.key());
      pendingVersion++;
    }
    listener.created(p);
    if (p.isScheduled()) {
      listener.bound(p, now);
    }
  }

  /** The scheduler binds a waiting pod. */
  void bind(String key, String node, Instant now) {
    Pod bound = pods.get(key).boundTo(node);
    pods.put(bound);
    unbound.remove(key);
    index(bound);
    budgets.bound(bound);
    changed = true;
    listener.bound(bound, now);
  }

  /** The scheduler found no node: {@code PodScheduled=False}, reason Unschedulable. */
  void markUnschedulable(String key) {
    Pod p = pods.get(key);
    if (!p.unschedulable()) {
      pods.put(p.toBuilder().unschedulable(true).build());
      changed = true;
    }
  }

  /** Deletes a pod; returns it, or empty when there was none. */
  Optional<Pod> remove(String key, Instant now) {
    Pod p = pods.remove(key);
    if (p == null) {
      return Optional.empty();
    }
    changed = true;
    if (p.isScheduled()) {
      String node = p.nodeName().get();
      Map<String, Pod> on = podsByNode.get(node);
      if (on != null) {
        on.remove(key);
      }
      ResourceUse r = requested.get(node);
      if (r != null) {
        r.add(p, -1);
      }
      budgets.unbound(p);
      layoutVersion++;
    } else {
      unbound.remove(key);
    }
    listener.removed(p, now);
    return Optional.of(p);
  }

  /** The PodDisruptionBudget that refuses an eviction of {@code p} now, if any. */
  Optional<String> budgetRefusing(Pod p) {
    return budgets.refusing(p);
  }

  private void index(Pod p) {
    String node = p.nodeName().get();
    podsByNode.computeIfAbsent(node, k -> new LinkedHashMap<>()).put(p.key(), p);
    requested.computeIfAbsent(node, k -> new ResourceUse()).add(p, 1);
  }

  /**
   * The share of the Ready nodes' allocatable that the pods on them request, per resource (see
   * {@link ResourceUse#shares}).
   */
  Map<String, Double> utilisation() {
    return ResourceUse.shares(nodes.values(), requested);
  }

  /** What a scan sees now; the same object again while nothing changed. */
  ClusterSnapshot snapshot(List<NodeGroup> groups) {
    if (changed || snapshot == null || groups != snapshotGroups) {
      snapshot =
          new ClusterSnapshot(
              new ArrayList<>(nodes.values()),
              pods.toList(),
              budgets.current(),
              daemonSets,
              groups);
      snapshotGroups = groups;
      changed = false;
    }
    return snapshot;
  }
}
