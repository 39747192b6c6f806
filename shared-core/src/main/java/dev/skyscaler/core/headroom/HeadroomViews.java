package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.scheduling.ClusterSimulation;
import dev.skyscaler.core.scheduling.EquivalenceClasses;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The snapshots the planners see with headroom in them. Both put {@link Headroom#GROUP_LABEL} on
 * the nodes and declared template of every group a virtual pod selects, so group headroom lands on
 * that group only.
 *
 * <ul>
 *   <li>{@link #forScaleUp}: the virtual pods are pending; scale-up skips those that fit free room
 *       on existing or upcoming nodes and adds nodes for the rest.
 *   <li>{@link #forScaleDown}: the virtual pods that fit are bound to existing Ready nodes (first
 *       fit, with every scheduling check) and marked safe to evict, so a node is only unneeded if
 *       its share of the headroom can move elsewhere too; without this, scale-down would remove
 *       what scale-up just added.
 * </ul>
 */
public final class HeadroomViews {
  private static final String SAFE_TO_EVICT = "cluster-autoscaler.kubernetes.io/safe-to-evict";

  private HeadroomViews() {}

  public static ClusterSnapshot forScaleUp(ClusterSnapshot snapshot, HeadroomPods headroom) {
    if (headroom.pods().isEmpty()) {
      return snapshot; // no label to put on, no pod to add
    }
    ClusterSnapshot labelled = labelled(snapshot, targetGroups(headroom.pods()));
    return withPods(labelled, headroom.pods());
  }

  public static ClusterSnapshot forScaleDown(ClusterSnapshot snapshot, HeadroomPods headroom) {
    if (headroom.pods().isEmpty()) {
      return snapshot; // nothing to place: spares simulating the whole cluster every scan
    }
    ClusterSnapshot labelled = labelled(snapshot, targetGroups(headroom.pods()));
    return withPods(labelled, placed(labelled, headroom.pods()));
  }

  private static Set<String> targetGroups(List<Pod> pods) {
    Set<String> groups = new TreeSet<>();
    for (Pod p : pods) {
      String g = p.nodeSelector().get(Headroom.GROUP_LABEL);
      if (g != null) {
        groups.add(g);
      }
    }
    return groups;
  }

  private static ClusterSnapshot labelled(ClusterSnapshot s, Set<String> groups) {
    if (groups.isEmpty()) {
      return s;
    }
    Map<String, String> groupOf = new HashMap<>();
    List<NodeGroup> nodeGroups = new ArrayList<>();
    for (NodeGroup g : s.nodeGroups()) {
      if (!groups.contains(g.name())) {
        nodeGroups.add(g);
        continue;
      }
      g.memberNodes().forEach(n -> groupOf.put(n, g.name()));
      nodeGroups.add(
          new NodeGroup(
              g.name(),
              g.minSize(),
              g.maxSize(),
              g.targetSize(),
              g.memberNodes(),
              g.template()
                  .map(
                      t ->
                          new NodeTemplate(
                              t.capacity(), withLabel(t.labels(), g.name()), t.taints())),
              g.price()));
    }
    List<Node> nodes = new ArrayList<>();
    for (Node n : s.nodes()) {
      String g = groupOf.get(n.name());
      nodes.add(g == null ? n : withLabel(n, g));
    }
    return new ClusterSnapshot(
        nodes, s.pods(), s.pdbs(), s.daemonSets(), nodeGroups, s.capacityBuffers(), s.namespaces());
  }

  private static Map<String, String> withLabel(Map<String, String> labels, String group) {
    Map<String, String> copy = new HashMap<>(labels);
    copy.put(Headroom.GROUP_LABEL, group);
    return copy;
  }

  private static Node withLabel(Node n, String group) {
    return new Node(
        n.name(),
        withLabel(n.labels(), group),
        n.annotations(),
        n.taints(),
        n.capacity(),
        n.allocatable(),
        n.unschedulable(),
        n.ready(),
        n.providerId(),
        n.creationTime(),
        n.conditions());
  }

  private static ClusterSnapshot withPods(ClusterSnapshot s, List<Pod> extra) {
    List<Pod> pods = new ArrayList<>(s.pods());
    pods.addAll(extra);
    return s.withPods(pods);
  }

  /**
   * Marks a bound virtual pod safe to evict, as Cluster Autoscaler can mark its buffer pods (its
   * buffer pod processor's {@code forceSafeToEvictFakePods}): it moves off its node wherever there
   * is room, instead of pinning the node as the pod of an unknown controller kind would ({@code
   * --skip-nodes-with-custom-controller-pods}). Scale-up ignores the annotation.
   */
  private static Pod movable(Pod p) {
    return p.toBuilder().annotation(SAFE_TO_EVICT, "true").build();
  }

  /** The virtual pods, each bound to the first Ready node with room for it, or left pending. */
  private static List<Pod> placed(ClusterSnapshot s, List<Pod> virtual) {
    ClusterSimulation sim = new ClusterSimulation();
    for (Node n : s.nodes()) {
      if (n.ready()) {
        sim.addNode(
            n.name(),
            n.labels(),
            n.taints(),
            n.unschedulable(),
            s.groupOf(n.name()).map(NodeGroup::name).orElse(null),
            SimNode.Kind.EXISTING,
            n.allocatable());
      }
    }
    for (Pod p : s.pods()) {
      if (!p.isTerminal() && p.nodeName().isPresent()) {
        sim.node(p.nodeName().get()).ifPresent(n -> sim.placeExisting(p, n));
      }
    }
    List<Pod> result = new ArrayList<>(virtual.size());
    for (PodClass c : EquivalenceClasses.of(virtual)) {
      int next = 0;
      for (SimNode n : sim.nodes()) {
        if (next == c.size()) {
          break;
        }
        if (sim.staticReason(c, n) != null) {
          continue;
        }
        int k = sim.fit(c, n, c.size() - next);
        sim.place(c, n, k);
        for (int i = 0; i < k; i++) {
          result.add(movable(c.pods().get(next++)).boundTo(n.name()));
        }
      }
      result.addAll(c.pods().subList(next, c.size()));
    }
    return result;
  }
}
