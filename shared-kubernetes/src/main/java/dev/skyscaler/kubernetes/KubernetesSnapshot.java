package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The cluster objects read from snapshot files, in the core model, before node groups are known.
 *
 * @param nodes nodes, unique by name, in file order
 * @param pods pods that still occupy or want capacity (Succeeded and Failed pods are dropped)
 * @param pdbs PodDisruptionBudgets
 * @param daemonSets DaemonSets with their template pods
 * @param expanderPriorities the {@code cluster-autoscaler-priority-expander} ConfigMap's {@code
 *     priorities}: priority to node-group name regexes, ascending by priority; empty when the
 *     snapshot has no such ConfigMap
 * @param capacityBuffers the CapacityBuffer objects, when the cluster has the CRD, each with the
 *     PodTemplate its chunks copy when the snapshot has it
 * @param warnings what was read but not used, e.g. {@code snapshot.yaml: ignored 3 objects of kind
 *     Service}
 * @param namespaces the Namespaces, whose labels pod (anti-)affinity namespace selectors match;
 *     empty when the snapshot has none
 */
public record KubernetesSnapshot(
    List<Node> nodes,
    List<Pod> pods,
    List<PodDisruptionBudget> pdbs,
    List<DaemonSet> daemonSets,
    Map<Integer, List<String>> expanderPriorities,
    List<CapacityBuffer> capacityBuffers,
    List<String> warnings,
    List<Namespace> namespaces) {

  public KubernetesSnapshot {
    nodes = List.copyOf(nodes);
    pods = List.copyOf(pods);
    pdbs = List.copyOf(pdbs);
    daemonSets = List.copyOf(daemonSets);
    Objects.requireNonNull(expanderPriorities, "expanderPriorities");
    TreeMap<Integer, List<String>> sorted = new TreeMap<>();
    expanderPriorities.forEach((priority, regexes) -> sorted.put(priority, List.copyOf(regexes)));
    expanderPriorities = Collections.unmodifiableMap(sorted);
    capacityBuffers = List.copyOf(capacityBuffers);
    warnings = List.copyOf(warnings);
    namespaces = List.copyOf(namespaces);
  }

  /** A snapshot without Namespaces. */
  public KubernetesSnapshot(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      Map<Integer, List<String>> expanderPriorities,
      List<CapacityBuffer> capacityBuffers,
      List<String> warnings) {
    this(nodes, pods, pdbs, daemonSets, expanderPriorities, capacityBuffers, warnings, List.of());
  }

  /** A snapshot without CapacityBuffers. */
  public KubernetesSnapshot(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      Map<Integer, List<String>> expanderPriorities,
      List<String> warnings) {
    this(nodes, pods, pdbs, daemonSets, expanderPriorities, List.of(), warnings);
  }

  /** The same objects with other warnings (e.g. to compare snapshots from different sources). */
  public KubernetesSnapshot withWarnings(List<String> newWarnings) {
    return new KubernetesSnapshot(
        nodes,
        pods,
        pdbs,
        daemonSets,
        expanderPriorities,
        capacityBuffers,
        newWarnings,
        namespaces);
  }

  /** Cluster Autoscaler's per-node opt-out of scale-down, which the core honours. */
  public static final String SCALE_DOWN_DISABLED =
      "cluster-autoscaler.kubernetes.io/scale-down-disabled";

  /**
   * These objects with the named nodes carrying {@value #SCALE_DOWN_DISABLED}{@code : "true"}, as a
   * provider asks for nodes that must not be scale-down candidates now ({@code
   * NodeGroupProvider.Discovery#noScaleDown}); the cluster's nodes are not changed.
   */
  public KubernetesSnapshot withScaleDownDisabled(java.util.Set<String> nodeNames) {
    if (nodeNames.isEmpty()) {
      return this;
    }
    List<Node> marked = new java.util.ArrayList<>(nodes.size());
    for (Node n : nodes) {
      if (!nodeNames.contains(n.name())) {
        marked.add(n);
        continue;
      }
      Map<String, String> annotations = new java.util.HashMap<>(n.annotations());
      annotations.put(SCALE_DOWN_DISABLED, "true");
      marked.add(
          new Node(
              n.name(),
              n.labels(),
              annotations,
              n.taints(),
              n.capacity(),
              n.allocatable(),
              n.unschedulable(),
              n.ready(),
              n.providerId(),
              n.creationTime(),
              n.conditions()));
    }
    return new KubernetesSnapshot(
        marked, pods, pdbs, daemonSets, expanderPriorities, capacityBuffers, warnings);
  }

  /** The core snapshot of these objects with the node groups that manage the nodes. */
  public ClusterSnapshot toClusterSnapshot(List<NodeGroup> nodeGroups) {
    return new ClusterSnapshot(
        nodes, pods, pdbs, daemonSets, nodeGroups, capacityBuffers, namespaces);
  }
}
