package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.SimNode;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Loads a snapshot into a {@link ClusterSimulation} the way CA builds its cluster snapshot: Ready
 * nodes with their running pods (expendable pods left out: they would be preempted), pods nominated
 * to a node counted there, and each group's upcoming nodes (target size minus registered members)
 * as template nodes, so a booting node is never requested twice.
 */
final class SimulatedCluster {
  private SimulatedCluster() {}

  static ClusterSimulation load(
      ClusterSnapshot snapshot,
      Map<String, GroupTemplate> templates,
      ScaleUpOptions options,
      Instant now,
      FirstFitDecreasingEstimator.NodeFactory factory,
      ScaleUpLimits limits,
      Set<String> backedOff) {
    ClusterSimulation sim = new ClusterSimulation();
    Map<String, String> groupOf = new HashMap<>();
    Map<String, Node> nodes = new HashMap<>();
    snapshot.nodes().forEach(n -> nodes.put(n.name(), n));
    for (NodeGroup g : snapshot.nodeGroups()) {
      g.memberNodes().forEach(n -> groupOf.put(n, g.name()));
    }
    for (Node n : snapshot.nodes()) {
      limits.add(n.capacity(), 1);
      if (n.ready()) {
        sim.addNode(
            n.name(),
            n.labels(),
            n.taints(),
            n.unschedulable(),
            groupOf.get(n.name()),
            SimNode.Kind.EXISTING,
            n.allocatable());
      }
    }
    PodsByNode pods = snapshot.podsByNode();
    int cutoff = options.expendablePodsPriorityCutoff();
    Predicate<Pod> counts = p -> !p.isTerminal() && p.priority() >= cutoff;
    for (SimNode n : sim.nodes()) {
      List<Pod> on = pods.placedOn(n.name());
      PodTotals totals = pods.totalsOn(n.name());
      if (totals.lowestPriority() >= cutoff) { // every unfinished pod counts: the totals are theirs
        sim.placeExisting(on, n, counts, totals);
      } else {
        sim.placeExisting(on, n, counts); // in one pass, without a filtered copy
      }
    }
    for (NodeGroup g : snapshot.nodeGroups()) {
      GroupTemplate t = templates.get(g.name());
      int registered = 0;
      int booting = 0;
      for (String member : g.memberNodes()) {
        Node n = nodes.get(member);
        if (n != null) {
          registered++;
          if (isBooting(n, now, options.maxNodeStartupTime())) {
            booting++;
          }
        }
      }
      // a backed-off group's requested capacity is not coming: CA ignores its upcoming nodes
      int requested = backedOff.contains(g.name()) ? 0 : Math.max(0, g.targetSize() - registered);
      if (t != null) {
        for (int i = 0; i < requested + booting; i++) {
          factory.add(sim, t, SimNode.Kind.UPCOMING);
        }
        limits.add(t.allocatable(), requested); // booting nodes are counted as registered
      }
    }
    return sim;
  }

  /**
   * A registered node that is not Ready yet but young enough to be still starting (CA's
   * NotStarted): it stands in the simulation as a template node until it is Ready, so the pods
   * waiting for it do not cause a second one.
   */
  static boolean isBooting(Node n, Instant now, Duration startupTime) {
    return !n.ready() && Duration.between(n.creationTime(), now).compareTo(startupTime) < 0;
  }
}
