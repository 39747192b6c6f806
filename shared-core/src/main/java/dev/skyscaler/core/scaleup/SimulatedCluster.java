package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.HashMap;
import java.util.Map;

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
      FirstFitDecreasingEstimator.NodeFactory factory,
      ScaleUpLimits limits) {
    ClusterSimulation sim = new ClusterSimulation();
    Map<String, String> groupOf = new HashMap<>();
    java.util.Set<String> nodeNames = new java.util.HashSet<>();
    snapshot.nodes().forEach(n -> nodeNames.add(n.name()));
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
    for (Pod p : snapshot.pods()) {
      if (p.isTerminal() || p.priority() < options.expendablePodsPriorityCutoff()) {
        continue;
      }
      String where = p.nodeName().orElse(p.nominatedNodeName().orElse(null));
      if (where != null) {
        sim.node(where).ifPresent(n -> sim.placeExisting(p, n));
      }
    }
    for (NodeGroup g : snapshot.nodeGroups()) {
      GroupTemplate t = templates.get(g.name());
      int registered = (int) g.memberNodes().stream().filter(nodeNames::contains).count();
      int upcoming = Math.max(0, g.targetSize() - registered);
      if (t != null) {
        for (int i = 0; i < upcoming; i++) {
          factory.add(sim, t, SimNode.Kind.UPCOMING);
        }
        limits.add(t.allocatable(), upcoming);
      }
    }
    return sim;
  }
}
