package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
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
  /** A pod on a simulated node, with the object the simulation placed for it. */
  private record Placed(Pod pod, Pod exemplar) {}

  /** Pods of one class placed on one node by a move, for undoing it. */
  private record Run(SimNode node, Pod exemplar, List<Pod> pods) {}

  private final ClusterSimulation sim = new ClusterSimulation();
  private final Map<String, List<Placed>> podsOn = new HashMap<>();
  private final List<SimNode> destinations = new ArrayList<>();
  private final Set<SimNode> excluded = new HashSet<>();

  /**
   * @param nodes every node of the cluster, in a stable order
   * @param destination which nodes may receive moved pods
   */
  RemovalSimulation(List<Node> nodes, Predicate<Node> destination) {
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
      podsOn.put(n.name(), new ArrayList<>());
      if (destination.test(n)) {
        destinations.add(s);
      }
    }
  }

  /**
   * The cluster as scale-down sees it, like CA's cluster snapshot: every node; every pod running or
   * nominated where it is (finished and expendable pods left out: they need no room); then the
   * pending pods where they fit.
   *
   * @param expendableCutoff pods with a lower priority are left out
   */
  static RemovalSimulation of(
      ClusterSnapshot snapshot, Predicate<Node> destination, int expendableCutoff) {
    RemovalSimulation s = new RemovalSimulation(snapshot.nodes(), destination);
    List<Pod> pending = new ArrayList<>();
    for (Pod p : snapshot.pods()) {
      if (p.isTerminal() || p.priority() < expendableCutoff) {
        continue;
      }
      // a nomination to a node that is gone no longer holds the pod anywhere: it is pending
      Optional<String> where =
          p.nodeName().or(() -> p.nominatedNodeName().filter(n -> s.sim.node(n).isPresent()));
      if (where.isPresent()) {
        s.placeRunning(p, where.get());
      } else if (p.deletionTime().isEmpty() && !p.isDaemonSetPod()) {
        pending.add(p);
      }
    }
    s.placePending(pending);
    return s;
  }

  /** Records a pod running on (or nominated to) {@code node}, whether or not it fits. */
  void placeRunning(Pod pod, String node) {
    sim.node(node)
        .ifPresent(
            n -> {
              sim.placeExisting(pod, n);
              podsOn.get(node).add(new Placed(pod, pod));
            });
  }

  /**
   * Places pending pods where they fit, as CA's filter-out-schedulable does before scale-down: the
   * room they are about to take is not room to move other pods into. Pods that fit nowhere stay
   * out.
   */
  void placePending(List<Pod> pods) {
    for (PodClass c : ordered(pods)) {
      placeClass(c, new ArrayList<>());
    }
  }

  /** The pods on a node now, moved ones included. */
  List<Pod> podsOn(String node) {
    List<Pod> result = new ArrayList<>();
    for (Placed p : podsOn.getOrDefault(node, List.of())) {
      result.add(p.pod());
    }
    return result;
  }

  /**
   * Removes {@code node}: it stops being a destination and {@code toMove} go to other nodes.
   *
   * @return where each pod went ({@code namespace/name} → node), or empty when they do not all fit,
   *     in which case nothing changed
   */
  Optional<Map<String, String>> remove(String node, List<Pod> toMove) {
    SimNode n = sim.node(node).orElseThrow();
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
    SimNode source = sim.node(from).orElseThrow();
    boolean sourceExcluded = !excluded.add(source);
    List<Placed> taken = takeOff(source, pods);
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

  private List<Placed> takeOff(SimNode node, List<Pod> pods) {
    List<Placed> on = podsOn.get(node.name());
    List<Placed> taken = new ArrayList<>();
    for (Pod pod : pods) {
      for (int i = 0; i < on.size(); i++) {
        if (on.get(i).pod() == pod) {
          Placed p = on.remove(i);
          sim.unplace(p.exemplar(), node, 1);
          taken.add(p);
          break;
        }
      }
    }
    return taken;
  }

  private void putBack(SimNode node, List<Placed> taken) {
    for (Placed p : taken) {
      sim.placeExisting(p.pod(), node);
      podsOn.get(node.name()).add(new Placed(p.pod(), p.pod()));
    }
  }

  private void undo(List<Run> runs) {
    for (Run r : runs) {
      sim.unplace(r.exemplar(), r.node(), r.pods().size());
      Set<Pod> moved = Collections.newSetFromMap(new IdentityHashMap<>());
      moved.addAll(r.pods());
      podsOn.get(r.node().name()).removeIf(p -> moved.contains(p.pod()));
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
        for (Pod p : pods) {
          podsOn.get(n.name()).add(new Placed(p, c.exemplar()));
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
