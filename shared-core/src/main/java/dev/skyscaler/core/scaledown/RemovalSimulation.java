package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.EquivalenceClasses;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The cluster as a scale-down pass changes it (CA's {@code RemovalSimulator}): every node with the
 * pods on it, in a {@link ClusterSimulation} with kube-scheduler's checks. Removing a node moves
 * its pods onto the destination nodes, where they stay, so later candidates see less room; the
 * removed node stops being a destination and stays behind as an empty ghost (its topology domain
 * still counts for spread, as CA's tainted ghost node does). A move that does not fit entirely is
 * undone.
 *
 * <p>Pods are placed first fit in node order, largest classes first: O(classes × destinations)
 * checks per move.
 */
final class RemovalSimulation {
  /** Pods of one class placed on one node by a move, for undoing it. */
  private record Run(SimNode node, Pod exemplar, List<Pod> pods) {}

  private final List<Node> nodes;
  private final Predicate<Node> destination;
  private final int expendableCutoff;
  private final PodsByNode index;
  private Set<String> nodeNames; // on first use: a scan that moves nothing needs none
  private final List<Pod> pending = new ArrayList<>();
  private ClusterSimulation sim;
  private final Map<String, List<Pod>> podsOn = new HashMap<>();

  /** The object placed for each pod placed by class (moved or pending); any other is its own. */
  private final Map<Pod, Pod> exemplars = new IdentityHashMap<>();

  private final List<SimNode> destinations = new ArrayList<>();
  private final Set<SimNode> excluded = new HashSet<>();

  private RemovalSimulation(
      ClusterSnapshot snapshot, Predicate<Node> destination, int expendableCutoff) {
    this.nodes = snapshot.nodes();
    this.destination = destination;
    this.expendableCutoff = expendableCutoff;
    this.index = snapshot.podsByNode();
    if (!anyDestination()) {
      return; // pending pods could go nowhere: placing them would change nothing
    }
    for (Pod p : index.unbound()) {
      // a nomination to a node that is gone no longer holds the pod anywhere: it is pending
      boolean held = p.nominatedNodeName().filter(n -> nodeNames().contains(n)).isPresent();
      if (counts(p) && !held && p.deletionTime().isEmpty() && !p.isDaemonSetPod()) {
        pending.add(p);
      }
    }
  }

  /**
   * The cluster as scale-down sees it, like CA's cluster snapshot: every node; every pod running or
   * nominated where it is (finished and expendable pods left out: they need no room); then the
   * pending pods where they fit.
   *
   * <p>Most scans move no pod: the simulation itself is built on first use, when a pod is to move
   * or the pods on a node are asked for while pending pods wait to be placed (they change what is
   * on the nodes). Until then nothing has moved, so {@link #knownPodsOn} are the snapshot's.
   *
   * @param destination which nodes may receive moved pods
   * @param expendableCutoff pods with a lower priority are left out
   */
  static RemovalSimulation of(
      ClusterSnapshot snapshot, Predicate<Node> destination, int expendableCutoff) {
    return new RemovalSimulation(snapshot, destination, expendableCutoff);
  }

  private boolean anyDestination() {
    for (Node n : nodes) {
      if (destination.test(n)) {
        return true;
      }
    }
    return false;
  }

  /** Pods that need room: not finished, not expendable. */
  private boolean counts(Pod p) {
    return !p.isTerminal() && p.priority() >= expendableCutoff;
  }

  /**
   * The pods holding room on a node of the snapshot before anything moved; unmodifiable. Usually
   * every pod on a node counts, and then they are the index's own list: the eligibility checks ask
   * for every node of a big cluster, so no copy and no cache.
   */
  private List<Pod> running(String node) {
    return nodeNames().contains(node) ? counted(node) : List.of();
  }

  /**
   * True when every unfinished pod on the node counts: its totals are those of its counted pods.
   */
  private boolean allCount(PodTotals totals) {
    return totals.lowestPriority() >= expendableCutoff;
  }

  /** The pods that count among those the index has on {@code node}: its own list when all do. */
  private List<Pod> counted(String node) {
    List<Pod> on = index.placedOn(node);
    PodTotals totals = index.totalsOn(node);
    if (totals.pods() == on.size() && allCount(totals)) {
      return on; // none finished, none expendable: known without looking at each pod
    }
    List<Pod> result = new ArrayList<>(on.size());
    for (Pod p : on) {
      if (counts(p)) {
        result.add(p);
      }
    }
    return Collections.unmodifiableList(result);
  }

  private ClusterSimulation sim() {
    if (sim == null) {
      build();
    }
    return sim;
  }

  private void build() {
    sim = new ClusterSimulation();
    Predicate<Pod> counting = this::counts;
    for (Node n : nodes) {
      SimNode s =
          sim.addNode(
              n.name(),
              n.labels(),
              n.taints(),
              n.unschedulable(),
              null,
              SimNode.Kind.EXISTING,
              n.allocatable());
      if (destination.test(n)) {
        destinations.add(s);
      }
      List<Pod> running = running(n.name());
      PodTotals totals = index.totalsOn(n.name());
      if (allCount(totals)) { // the totals are those of the running pods
        sim.placeExisting(index.placedOn(n.name()), s, counting, totals);
      } else {
        sim.placeExisting(running, s);
      }
      podsOn.put(n.name(), new ArrayList<>(running));
    }
    placePending(pending);
  }

  /**
   * Places pending pods where they fit, as CA's filter-out-schedulable does before scale-down: the
   * room they are about to take is not room to move other pods into. Pods that fit nowhere stay
   * out.
   */
  private void placePending(List<Pod> pods) {
    for (PodClass c : ordered(pods)) {
      placeClass(c, new ArrayList<>());
    }
  }

  /** The pods on a node now, moved and placed pending ones included. */
  List<Pod> podsOn(String node) {
    if (sim == null && pending.isEmpty()) {
      return running(node);
    }
    sim();
    return new ArrayList<>(podsOn.getOrDefault(node, List.of()));
  }

  /**
   * The pods on a node of the snapshot as far as they are known without building the simulation:
   * {@link #podsOn} once it is built; before, the pods holding room there in the snapshot. Those
   * are {@link #podsOn} but for the pending pods the build places first, which only ever add to a
   * node.
   */
  List<Pod> knownPodsOn(Node node) {
    return sim == null ? counted(node.name()) : podsOn(node.name());
  }

  /**
   * What the pods {@link #knownPodsOn} lists add up to, when the index has it: before the
   * simulation is built (nothing moved) and when every unfinished pod on the node counts. Empty
   * otherwise: sum the list.
   */
  Optional<PodTotals> knownTotals(Node node) {
    PodTotals totals = index.totalsOn(node.name());
    return sim == null && allCount(totals) ? Optional.of(totals) : Optional.empty();
  }

  private Set<String> nodeNames() {
    if (nodeNames == null) {
      nodeNames = new HashSet<>();
      nodes.forEach(n -> nodeNames.add(n.name()));
    }
    return nodeNames;
  }

  /** True when {@link #podsOn} may hold more pods than {@link #knownPodsOn} on some node. */
  boolean pendingUnplaced() {
    return sim == null && !pending.isEmpty();
  }

  /**
   * Removes {@code node}: it stops being a destination and {@code toMove} go to other nodes.
   *
   * @return where each pod went ({@code namespace/name} → node), or empty when they do not all fit,
   *     in which case nothing changed
   */
  Optional<Map<String, String>> remove(String node, List<Pod> toMove) {
    SimNode n = sim().node(node).orElseThrow();
    boolean wasExcluded = !excluded.add(n);
    Optional<Map<String, String>> moves = move(node, toMove);
    if (moves.isEmpty() && !wasExcluded) {
      excluded.remove(n);
    }
    return moves;
  }

  /**
   * Moves pods off {@code from} onto the destination nodes (never {@code from} itself), all or
   * nothing.
   *
   * @return where each pod went, or empty when they do not all fit, in which case nothing changed
   */
  Optional<Map<String, String>> move(String from, List<Pod> pods) {
    if (sim == null && pods.isEmpty() && nodeNames().contains(from)) {
      return Optional.of(new LinkedHashMap<>()); // nothing moves: no simulation needed
    }
    SimNode source = sim().node(from).orElseThrow();
    boolean sourceExcluded = !excluded.add(source);
    List<Pod> taken = takeOff(source, pods);
    List<Run> runs = new ArrayList<>();
    boolean fits = true;
    for (PodClass c : ordered(pods)) {
      if (!placeClass(c, runs)) {
        fits = false;
        break;
      }
    }
    if (!sourceExcluded) {
      excluded.remove(source);
    }
    if (!fits) {
      undo(runs);
      putBack(source, taken);
      return Optional.empty();
    }
    Map<String, String> moves = new LinkedHashMap<>();
    for (Run r : runs) {
      r.pods().forEach(p -> moves.put(p.key(), r.node().name()));
    }
    return Optional.of(moves);
  }

  private List<Pod> takeOff(SimNode node, List<Pod> pods) {
    List<Pod> on = podsOn.get(node.name());
    List<Pod> taken = new ArrayList<>();
    for (Pod pod : pods) {
      for (int i = 0; i < on.size(); i++) {
        if (on.get(i) == pod) {
          on.remove(i);
          Pod exemplar = exemplars.remove(pod);
          sim.unplace(exemplar == null ? pod : exemplar, node, 1);
          taken.add(pod);
          break;
        }
      }
    }
    return taken;
  }

  /** Undoes {@link #takeOff}: the pods are back, each placed as itself. */
  private void putBack(SimNode node, List<Pod> taken) {
    for (Pod p : taken) {
      sim.placeExisting(p, node);
      podsOn.get(node.name()).add(p);
    }
  }

  private void undo(List<Run> runs) {
    for (Run r : runs) {
      sim.unplace(r.exemplar(), r.node(), r.pods().size());
      Set<Pod> moved = Collections.newSetFromMap(new IdentityHashMap<>());
      moved.addAll(r.pods());
      podsOn.get(r.node().name()).removeIf(moved::contains);
      r.pods().forEach(exemplars::remove);
    }
  }

  /** Places every pod of the class on destinations, first fit; false when some did not fit. */
  private boolean placeClass(PodClass c, List<Run> runs) {
    int left = c.size();
    Resources r = c.requests();
    for (int i = 0; i < destinations.size() && left > 0; i++) {
      SimNode n = destinations.get(i);
      if (excluded.contains(n) || !mightFit(r, n) || sim.staticReason(c, n) != null) {
        continue;
      }
      int k = sim.fit(c, n, left);
      if (k > 0) {
        int from = c.size() - left;
        List<Pod> pods = c.pods().subList(from, from + k);
        sim.place(c, n, k);
        podsOn.get(n.name()).addAll(pods);
        for (Pod p : pods) {
          exemplars.put(p, c.exemplar());
        }
        runs.add(new Run(n, c.exemplar(), pods));
        left -= k;
      }
    }
    return left == 0;
  }

  /** Only resources the pod asks for can rule a node out (kube-scheduler). */
  private static boolean mightFit(Resources r, SimNode n) {
    return n.freePods() >= 1
        && (r.cpu() == 0 || n.freeCpu() >= r.cpu())
        && (r.memory() == 0 || n.freeMemory() >= r.memory());
  }

  /** Classes largest first (cpu, then memory), so big pods find room before small ones take it. */
  private static List<PodClass> ordered(List<Pod> pods) {
    List<PodClass> classes = new ArrayList<>(EquivalenceClasses.of(pods));
    classes.sort(
        Comparator.comparingLong((PodClass c) -> -c.requests().cpu())
            .thenComparingLong(c -> -c.requests().memory())
            .thenComparingInt(PodClass::id));
    return classes;
  }
}
