package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.EquivalenceClasses;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kube-scheduler binding the plan's pods once its nodes are up: a fresh simulation with the strict
 * rules (no spread targets: one pod at a time, each checked against the counts of the moment), the
 * cluster's Ready nodes and pods, and the plan's upcoming and new nodes. The pods are bound to the
 * nodes the plan chose, in whatever order the rules admit them: while some planned binding passes
 * every filter, it is made. What is left could not land.
 */
final class SchedulerReplay {
  /** One planned binding. */
  record Binding(Pod pod, String node) {}

  /**
   * @param sim the simulation after the replay
   * @param podsOnNewNodes pods bound to each node the plan adds, by node name
   * @param stranded planned bindings the rules never admitted
   * @param classes each bound pod's single-pod class, to check it again
   */
  record Outcome(
      ClusterSimulation sim,
      Map<String, Integer> podsOnNewNodes,
      List<Binding> stranded,
      Map<Pod, SimNode> boundTo,
      Map<Pod, PodClass> classes) {}

  private SchedulerReplay() {}

  static Outcome replay(ClusterSnapshot s, ScaleUpPlanner planner) {
    ClusterSimulation sim = new ClusterSimulation();
    for (Node n : s.nodes()) {
      if (n.ready()) {
        sim.addNode(
            n.name(),
            n.labels(),
            n.taints(),
            n.unschedulable(),
            null,
            SimNode.Kind.EXISTING,
            n.allocatable());
      }
    }
    for (SimNode n : sim.nodes()) {
      sim.placeExisting(s.podsByNode().placedOn(n.name()), n, p -> !p.isTerminal());
    }
    List<Binding> planned = new ArrayList<>();
    for (ScaleUpPlanner.Assignment a : planner.assignments()) {
      for (Pod p : a.podClass().pods().subList(a.from(), a.from() + a.count())) {
        planned.add(new Binding(p, a.node().name()));
      }
    }
    Map<Pod, SimNode> boundTo = new HashMap<>();
    Map<Pod, PodClass> classes = new HashMap<>();
    planned.forEach(b -> classes.put(b.pod(), EquivalenceClasses.of(List.of(b.pod())).get(0)));
    // First what fits the nodes there are: the scheduler binds it before any new node is up.
    List<Binding> pending = new ArrayList<>();
    for (Binding b : planned) {
      if (sim.node(b.node()).isEmpty()) {
        pending.add(b);
      }
    }
    List<Binding> onExisting = new ArrayList<>(planned);
    onExisting.removeAll(pending);
    bindWhileAdmitted(sim, onExisting, classes, boundTo);
    pending.addAll(onExisting);
    Map<String, Integer> onNew = new LinkedHashMap<>();
    Set<String> requested = new HashSet<>();
    planned.forEach(b -> requested.add(b.node()));
    for (SimNode n : planner.simulation().nodes()) {
      // the plan asks for the new nodes it puts pods on; the others are never bought
      if (n.kind() == SimNode.Kind.UPCOMING
          || (n.kind() == SimNode.Kind.PLANNED && requested.contains(n.name()))) {
        sim.addNode(n.name(), n.labels(), n.taints(), false, n.group(), n.kind(), n.allocatable());
        if (n.kind() == SimNode.Kind.PLANNED) {
          onNew.put(n.name(), 0);
        }
      }
    }
    bindWhileAdmitted(sim, pending, classes, boundTo);
    boundTo.forEach((p, n) -> onNew.computeIfPresent(n.name(), (k, v) -> v + 1));
    // What the plan's own choice of node does not admit, the scheduler may still place elsewhere.
    for (var it = pending.iterator(); it.hasNext(); ) {
      Binding b = it.next();
      PodClass c = classes.get(b.pod());
      SimNode n = anyNode(sim, c, null);
      if (n != null) {
        sim.place(c, n, 1);
        boundTo.put(b.pod(), n);
        onNew.computeIfPresent(n.name(), (k, v) -> v + 1);
        it.remove();
      }
    }
    return new Outcome(sim, onNew, pending, boundTo, classes);
  }

  /** Makes the bindings the rules admit, in any order, until none is left that they admit. */
  private static void bindWhileAdmitted(
      ClusterSimulation sim,
      List<Binding> bindings,
      Map<Pod, PodClass> classes,
      Map<Pod, SimNode> boundTo) {
    boolean progress = true;
    while (progress) {
      progress = false;
      for (var it = bindings.iterator(); it.hasNext(); ) {
        Binding b = it.next();
        SimNode n = sim.node(b.node()).orElseThrow();
        PodClass c = classes.get(b.pod());
        if (sim.staticReason(c, n) == null && sim.fit(c, n, 1) == 1) {
          sim.place(c, n, 1);
          boundTo.put(b.pod(), n);
          it.remove();
          progress = true;
        }
      }
    }
  }

  /**
   * A node the pod passes every filter on, other than {@code except}, as the scheduler's scores
   * lean: the least-loaded domain of the pod's hard spread constraints, then the most free CPU,
   * then the name.
   */
  static SimNode anyNode(ClusterSimulation sim, PodClass c, SimNode except) {
    return sim.nodes().stream()
        .filter(n -> n != except && sim.staticReason(c, n) == null && sim.fit(c, n, 1) == 1)
        .min(
            Comparator.comparingLong((SimNode n) -> spreadLoad(sim, c, n))
                .thenComparing(Comparator.comparingLong(SimNode::freeCpu).reversed())
                .thenComparing(SimNode::name))
        .orElse(null);
  }

  /**
   * An existing or upcoming node the pod fits without making its zone spread less even than the
   * plan made it (the plan spreads towards an even state on purpose, ADR 0004): the destination's
   * domain may not pass the fullest domain.
   */
  private static SimNode anyOldNode(ClusterSimulation sim, PodClass c, Map<Integer, Long> fullest) {
    for (SimNode n : sim.nodes()) {
      if (n.kind() != SimNode.Kind.PLANNED
          && sim.staticReason(c, n) == null
          && sim.fit(c, n, 1) == 1
          && withinFullest(sim, c, n, fullest)) {
        return n;
      }
    }
    return null;
  }

  private static boolean withinFullest(
      ClusterSimulation sim, PodClass c, SimNode n, Map<Integer, Long> fullest) {
    for (var e : fullest.entrySet()) {
      String key = c.exemplar().topologySpread().get(e.getKey()).topologyKey();
      String domain = n.labels().get(key);
      if (domain != null && sim.spreadCount(c, e.getKey(), domain) + 1 > e.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** Per self-matching hard zone-level constraint of the class, its fullest domain's count. */
  private static Map<Integer, Long> fullest(ClusterSimulation sim, PodClass c) {
    Map<Integer, Long> max = new HashMap<>();
    var spread = c.exemplar().topologySpread();
    for (int i = 0; i < spread.size(); i++) {
      var t = spread.get(i);
      if (t.doNotSchedule()
          && !Node.HOSTNAME_LABEL.equals(t.topologyKey())
          && t.selector().matches(c.exemplar().labels())) {
        max.put(
            i, sim.spreadCounts(c, i).values().stream().mapToLong(Long::longValue).max().orElse(0));
      }
    }
    return max;
  }

  private static long spreadLoad(ClusterSimulation sim, PodClass c, SimNode n) {
    long load = 0;
    var spread = c.exemplar().topologySpread();
    for (int i = 0; i < spread.size(); i++) {
      String domain = n.labels().get(spread.get(i).topologyKey());
      if (spread.get(i).doNotSchedule() && domain != null) {
        load += sim.spreadCount(c, i, domain);
      }
    }
    return load;
  }

  /**
   * The new nodes the cluster could do without once the pods are bound: every pod on such a node
   * fits another node (one after the other, as a scale-down would move them), the node staying
   * behind as an empty topology domain.
   */
  static List<String> removableNewNodes(Outcome o) {
    return removable(o, false);
  }

  /** {@link #removableNewNodes} with the pods allowed to move to other new nodes too. */
  static List<String> removable(Outcome o, boolean toNewNodes) {
    ClusterSimulation sim = o.sim();
    List<String> removable = new ArrayList<>();
    for (SimNode node : sim.nodes()) {
      if (node.kind() != SimNode.Kind.PLANNED) {
        continue;
      }
      List<Pod> on = new ArrayList<>();
      o.boundTo()
          .forEach(
              (pod, n) -> {
                if (n == node) {
                  on.add(pod);
                }
              });
      Map<PodClass, Map<Integer, Long>> fullest = new HashMap<>();
      on.forEach(p -> fullest.computeIfAbsent(o.classes().get(p), c -> fullest(sim, c)));
      on.forEach(p -> sim.unplace(o.classes().get(p).exemplar(), node, 1));
      List<Map.Entry<PodClass, SimNode>> moved = new ArrayList<>();
      boolean all = true;
      for (Pod p : on) {
        PodClass c = o.classes().get(p);
        SimNode to = toNewNodes ? anyNode(sim, c, node) : anyOldNode(sim, c, fullest.get(c));
        if (to == null) {
          all = false;
          break;
        }
        sim.place(c, to, 1);
        moved.add(Map.entry(c, to));
      }
      if (all && !on.isEmpty()) {
        removable.add(node.name());
      }
      moved.forEach(m -> sim.unplace(m.getKey().exemplar(), m.getValue(), 1));
      on.forEach(p -> sim.place(o.classes().get(p), node, 1));
    }
    return removable;
  }
}
