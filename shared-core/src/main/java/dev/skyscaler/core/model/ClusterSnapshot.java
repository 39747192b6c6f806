package dev.skyscaler.core.model;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything one scan sees: nodes, pods, PDBs, DaemonSets, the node groups and the CapacityBuffers.
 * Validated so that every node belongs to at most one group and names are unique.
 *
 * @param capacityBuffers spare capacity declared with {@code CapacityBuffer} objects; headroom
 *     keeps it as virtual pods ({@code core.headroom.Headroom})
 */
public record ClusterSnapshot(
    List<Node> nodes,
    List<Pod> pods,
    List<PodDisruptionBudget> pdbs,
    List<DaemonSet> daemonSets,
    List<NodeGroup> nodeGroups,
    List<CapacityBuffer> capacityBuffers) {

  public ClusterSnapshot {
    nodes = List.copyOf(nodes);
    pods = List.copyOf(pods);
    pdbs = List.copyOf(pdbs);
    daemonSets = List.copyOf(daemonSets);
    nodeGroups = List.copyOf(nodeGroups);
    capacityBuffers = List.copyOf(capacityBuffers);
    Set<String> nodeNames = new HashSet<>();
    for (Node n : nodes) {
      if (!nodeNames.add(n.name())) {
        throw new IllegalArgumentException("node " + n.name() + " appears twice in the snapshot");
      }
    }
    Set<String> groupNames = new HashSet<>();
    Map<String, String> owner = new HashMap<>();
    for (NodeGroup g : nodeGroups) {
      if (!groupNames.add(g.name())) {
        throw new IllegalArgumentException("node group " + g.name() + " is defined twice");
      }
      for (String member : g.memberNodes()) {
        String previous = owner.put(member, g.name());
        if (previous != null) {
          throw new IllegalArgumentException(
              "node " + member + " is listed in two node groups: " + previous + " and " + g.name());
        }
      }
    }
    Set<String> bufferKeys = new HashSet<>();
    for (CapacityBuffer b : capacityBuffers) {
      if (!bufferKeys.add(b.key())) {
        throw new IllegalArgumentException("CapacityBuffer " + b.key() + " is defined twice");
      }
    }
  }

  /** A snapshot without CapacityBuffers. */
  public ClusterSnapshot(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      List<NodeGroup> nodeGroups) {
    this(nodes, pods, pdbs, daemonSets, nodeGroups, List.of());
  }

  /** The same cluster with these CapacityBuffers instead. */
  public ClusterSnapshot withCapacityBuffers(List<CapacityBuffer> buffers) {
    return new ClusterSnapshot(nodes, pods, pdbs, daemonSets, nodeGroups, buffers);
  }

  /** The group a node belongs to, if any. */
  public Optional<NodeGroup> groupOf(String nodeName) {
    for (NodeGroup g : nodeGroups) {
      if (g.memberNodes().contains(nodeName)) {
        return Optional.of(g);
      }
    }
    return Optional.empty();
  }
}
