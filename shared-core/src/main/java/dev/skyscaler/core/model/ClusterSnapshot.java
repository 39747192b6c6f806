package dev.skyscaler.core.model;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything one scan sees: nodes, pods, PDBs, DaemonSets, the node groups, the CapacityBuffers and
 * the Namespaces. Validated so that every node belongs to at most one group and names are unique.
 *
 * <p>A value like the model's records, written as a class only so that it can keep {@link
 * #podsByNode()}, the index of its pods, once built: equality, hash code and string form are those
 * of a record of its seven components, and the index is in none of them.
 */
public final class ClusterSnapshot {
  private final List<Node> nodes;
  private final List<Pod> pods;
  private final List<PodDisruptionBudget> pdbs;
  private final List<DaemonSet> daemonSets;
  private final List<NodeGroup> nodeGroups;
  private final List<CapacityBuffer> capacityBuffers;
  private final List<Namespace> namespaces;

  /**
   * Built on first use. Two threads asking at once may both build it; either index is the same
   * immutable value and the volatile write publishes it whole (String's hash works the same way).
   */
  private volatile PodsByNode podsByNode;

  /**
   * @param capacityBuffers spare capacity declared with {@code CapacityBuffer} objects; headroom
   *     keeps it as virtual pods ({@code core.headroom.Headroom})
   * @param namespaces the cluster's Namespaces, which pod (anti-)affinity namespace selectors
   *     match; empty when the source had none (a real cluster always has some)
   */
  public ClusterSnapshot(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      List<NodeGroup> nodeGroups,
      List<CapacityBuffer> capacityBuffers,
      List<Namespace> namespaces) {
    this.nodes = List.copyOf(nodes);
    this.pods = List.copyOf(pods);
    this.pdbs = List.copyOf(pdbs);
    this.daemonSets = List.copyOf(daemonSets);
    this.nodeGroups = List.copyOf(nodeGroups);
    this.capacityBuffers = List.copyOf(capacityBuffers);
    this.namespaces = List.copyOf(namespaces);
    Set<String> nodeNames = new HashSet<>();
    for (Node n : this.nodes) {
      if (!nodeNames.add(n.name())) {
        throw new IllegalArgumentException("node " + n.name() + " appears twice in the snapshot");
      }
    }
    Set<String> groupNames = new HashSet<>();
    Map<String, String> owner = new HashMap<>();
    for (NodeGroup g : this.nodeGroups) {
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
    for (CapacityBuffer b : this.capacityBuffers) {
      if (!bufferKeys.add(b.key())) {
        throw new IllegalArgumentException("CapacityBuffer " + b.key() + " is defined twice");
      }
    }
    Set<String> namespaceNames = new HashSet<>();
    for (Namespace n : this.namespaces) {
      if (!namespaceNames.add(n.name())) {
        throw new IllegalArgumentException("namespace " + n.name() + " appears twice");
      }
    }
  }

  /** A snapshot without Namespaces. */
  public ClusterSnapshot(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      List<NodeGroup> nodeGroups,
      List<CapacityBuffer> capacityBuffers) {
    this(nodes, pods, pdbs, daemonSets, nodeGroups, capacityBuffers, List.of());
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

  public List<Node> nodes() {
    return nodes;
  }

  public List<Pod> pods() {
    return pods;
  }

  public List<PodDisruptionBudget> pdbs() {
    return pdbs;
  }

  public List<DaemonSet> daemonSets() {
    return daemonSets;
  }

  public List<NodeGroup> nodeGroups() {
    return nodeGroups;
  }

  public List<CapacityBuffer> capacityBuffers() {
    return capacityBuffers;
  }

  public List<Namespace> namespaces() {
    return namespaces;
  }

  /**
   * The index of {@link #pods()} by node, built on the first call and kept: every planner of a scan
   * that works on this snapshot shares it. A view of the snapshot with other pods (nodes leaving,
   * headroom) is another snapshot, with an index of its own.
   */
  public PodsByNode podsByNode() {
    PodsByNode index = podsByNode;
    if (index == null) {
      index = PodsByNode.of(pods);
      podsByNode = index;
    }
    return index;
  }

  /** The same cluster with these CapacityBuffers instead. */
  public ClusterSnapshot withCapacityBuffers(List<CapacityBuffer> buffers) {
    return new ClusterSnapshot(nodes, pods, pdbs, daemonSets, nodeGroups, buffers, namespaces);
  }

  /** The same cluster with other pods (a view: headroom, nodes leaving, resolved terms). */
  public ClusterSnapshot withPods(List<Pod> newPods) {
    return new ClusterSnapshot(
        nodes, newPods, pdbs, daemonSets, nodeGroups, capacityBuffers, namespaces);
  }

  /** The same cluster with these nodes instead (a view: readiness as the planners see it). */
  public ClusterSnapshot withNodes(List<Node> newNodes) {
    return new ClusterSnapshot(
        newNodes, pods, pdbs, daemonSets, nodeGroups, capacityBuffers, namespaces);
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

  @Override
  public boolean equals(Object o) {
    return o instanceof ClusterSnapshot s
        && nodes.equals(s.nodes)
        && pods.equals(s.pods)
        && pdbs.equals(s.pdbs)
        && daemonSets.equals(s.daemonSets)
        && nodeGroups.equals(s.nodeGroups)
        && capacityBuffers.equals(s.capacityBuffers)
        && namespaces.equals(s.namespaces);
  }

  /** A record's hash code: {@code 31 * h + c.hashCode()} over the components, from 0. */
  @Override
  public int hashCode() {
    int h = 0;
    for (List<?> c :
        List.of(nodes, pods, pdbs, daemonSets, nodeGroups, capacityBuffers, namespaces)) {
      h = 31 * h + c.hashCode();
    }
    return h;
  }

  @Override
  public String toString() {
    return "ClusterSnapshot[nodes="
        + nodes
        + ", pods="
        + pods
        + ", pdbs="
        + pdbs
        + ", daemonSets="
        + daemonSets
        + ", nodeGroups="
        + nodeGroups
        + ", capacityBuffers="
        + capacityBuffers
        + ", namespaces="
        + namespaces
        + "]";
  }
}
