package dev.skyscaler.core.interruption;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The snapshot scale-up should plan on while nodes are leaving, so that the pods they shed do not
 * cause a second node when the cloud already replaces the first:
 *
 * <ul>
 *   <li>leaving nodes are removed, from the node list and from their group's members: they are not
 *       capacity. The group's target size is unchanged, so {@code target − members} now counts the
 *       replacement as an upcoming node of the group's shape;
 *   <li>the pods on them that will come back (owned by a controller, not DaemonSet or mirror pods,
 *       not already terminating) are pending and unschedulable, as they will be once evicted, so
 *       scale-up places them — on the upcoming replacement first;
 *   <li>a group left without members and without a declared template gets the leaving node's shape
 *       as its template, since the replacement looks like it.
 * </ul>
 */
public final class ReplacementAccounting {
  private static final Set<String> STATE_TAINTS =
      Set.of(
          InterruptionPolicy.TAINT_KEY,
          "ToBeDeletedByClusterAutoscaler",
          "DeletionCandidateOfClusterAutoscaler");

  private ReplacementAccounting() {}

  /** The snapshot without {@code leaving} nodes (see the class comment). */
  public static ClusterSnapshot scaleUpView(ClusterSnapshot snapshot, Set<String> leaving) {
    if (leaving.isEmpty()) {
      return snapshot;
    }
    Map<String, Node> gone = new HashMap<>();
    List<Node> nodes = new ArrayList<>();
    for (Node n : snapshot.nodes()) {
      if (leaving.contains(n.name())) {
        gone.put(n.name(), n);
      } else {
        nodes.add(n);
      }
    }
    List<NodeGroup> groups = new ArrayList<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      groups.add(withoutLeaving(g, gone));
    }
    List<Pod> pods = new ArrayList<>();
    for (Pod p : snapshot.pods()) {
      if (p.nodeName().isEmpty() || !gone.containsKey(p.nodeName().get())) {
        pods.add(p);
      } else if (comesBack(p)) {
        pods.add(p.toBuilder().nodeName(null).phase(PodPhase.PENDING).unschedulable(true).build());
      }
    }
    return new ClusterSnapshot(
        nodes,
        pods,
        snapshot.pdbs(),
        snapshot.daemonSets(),
        groups,
        List.of(),
        snapshot.namespaces());
  }

  private static boolean comesBack(Pod p) {
    return p.owner().isPresent()
        && !p.isDaemonSetPod()
        && !p.isMirror()
        && !p.isTerminal()
        && p.deletionTime().isEmpty();
  }

  private static NodeGroup withoutLeaving(NodeGroup g, Map<String, Node> gone) {
    Set<String> members = new HashSet<>(g.memberNodes());
    Optional<Node> shape =
        members.stream().filter(gone::containsKey).sorted().map(gone::get).findFirst();
    if (shape.isEmpty()) {
      return g;
    }
    members.removeAll(gone.keySet());
    Optional<NodeTemplate> template = g.template();
    if (members.isEmpty() && template.isEmpty()) {
      template = Optional.of(templateOf(shape.get()));
    }
    return new NodeGroup(
        g.name(), g.minSize(), g.maxSize(), g.targetSize(), members, template, g.price());
  }

  private static NodeTemplate templateOf(Node n) {
    Map<String, String> labels = new HashMap<>(n.labels());
    labels.remove(Node.HOSTNAME_LABEL);
    List<Taint> taints =
        n.taints().stream()
            .filter(t -> !STATE_TAINTS.contains(t.key()) && !t.key().startsWith("node."))
            .toList();
    return new NodeTemplate(n.allocatable(), labels, taints);
  }
}
