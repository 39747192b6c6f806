package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Tolerations that let a group's headroom pods onto that group's nodes: the taints the group's
 * nodes have by design (its template's and its members'), not the ones that say a node is going
 * away or unwell, so headroom is never counted on a node that is leaving.
 */
final class GroupTaints {
  private static final Set<String> STATE_TAINTS =
      Set.of(
          "ToBeDeletedByClusterAutoscaler",
          "DeletionCandidateOfClusterAutoscaler",
          "skyscaler.dev/interrupted",
          "node.cloudprovider.kubernetes.io/uninitialized",
          "node.cloudprovider.kubernetes.io/shutdown");

  private GroupTaints() {}

  static List<Toleration> tolerationsFor(ClusterSnapshot snapshot, String group) {
    Optional<NodeGroup> g =
        snapshot.nodeGroups().stream().filter(x -> x.name().equals(group)).findFirst();
    if (g.isEmpty()) {
      return List.of();
    }
    List<Taint> taints = new ArrayList<>();
    g.get().template().ifPresent(t -> taints.addAll(t.taints()));
    for (Node n : snapshot.nodes()) {
      if (g.get().memberNodes().contains(n.name())) {
        taints.addAll(n.taints());
      }
    }
    TreeSet<String> keys = new TreeSet<>();
    List<Toleration> result = new ArrayList<>();
    for (Taint t : taints) {
      boolean state = STATE_TAINTS.contains(t.key()) || t.key().startsWith("node.kubernetes.io/");
      if (!state && keys.add(t.key() + ":" + t.effect())) {
        result.add(new Toleration(t.key(), Toleration.Operator.EXISTS, "", t.effect()));
      }
    }
    return result;
  }
}
