package dev.skyscaler.kubernetes.shadow;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.Sighting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds Karpenter managing nodes, from the labels it puts on every node it launches: {@code
 * karpenter.sh/nodepool} (its {@code karpenter.sh/v1} and {@code v1beta1} NodePools) or {@code
 * karpenter.sh/provisioner-name} (the older {@code v1alpha5} Provisioners). A node of one of
 * Skyscaler's node groups carrying either is managed by both: Skyscaler must not act ({@link
 * #find}). Karpenter nodes outside every node group are a warning ({@link #warnings}): both would
 * answer the same pending pods. Pure: reads the scan's snapshot, sends no request.
 */
public final class KarpenterCheck {
  /** The node labels Karpenter sets, newest first. */
  public static final List<String> LABELS =
      List.of("karpenter.sh/nodepool", "karpenter.sh/provisioner-name");

  private static final int NAMED = 3;

  private KarpenterCheck() {}

  /** Karpenter managing nodes of the snapshot's node groups, if it does. */
  public static Optional<Sighting> find(ClusterSnapshot snapshot) {
    Map<String, String> managed = new TreeMap<>(); // node -> "label=value of group"
    Map<String, Node> byName = new TreeMap<>();
    snapshot.nodes().forEach(n -> byName.put(n.name(), n));
    for (NodeGroup g : snapshot.nodeGroups()) {
      for (String member : g.memberNodes()) {
        Node n = byName.get(member);
        label(n).ifPresent(l -> managed.put(member, l + " (node group " + g.name() + ")"));
      }
    }
    if (managed.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new Sighting(
            "Karpenter",
            "it manages "
                + managed.size()
                + (managed.size() == 1 ? " node" : " nodes")
                + " of Skyscaler's node groups: "
                + named(managed),
            "Leave these node groups to Karpenter (take them out of Skyscaler's node groups or"
                + " discovery tags) or move their workloads off Karpenter's NodePools to let"
                + " Skyscaler act, or "
                + Sighting.SHADOW));
  }

  /** A warning when Karpenter manages nodes outside every node group; none otherwise. */
  public static List<String> warnings(ClusterSnapshot snapshot) {
    Map<String, String> outside = new TreeMap<>();
    Set<String> members = new HashSet<>();
    snapshot.nodeGroups().forEach(g -> members.addAll(g.memberNodes()));
    for (Node n : snapshot.nodes()) {
      if (!members.contains(n.name())) {
        label(n).ifPresent(l -> outside.put(n.name(), l));
      }
    }
    if (outside.isEmpty()) {
      return List.of();
    }
    return List.of(
        "Karpenter manages "
            + outside.size()
            + (outside.size() == 1 ? " node" : " nodes")
            + " outside Skyscaler's node groups ("
            + named(outside)
            + "): both answer the same pending pods, so Karpenter may launch nodes for pods a"
            + " scale-up here is also planned for");
  }

  private static Optional<String> label(Node n) {
    if (n == null) {
      return Optional.empty();
    }
    for (String key : LABELS) {
      String value = n.labels().get(key);
      if (value != null) {
        return Optional.of(key + "=" + value);
      }
    }
    return Optional.empty();
  }

  /** {@code n1 has karpenter.sh/nodepool=default, ... and 2 more}. */
  private static String named(Map<String, String> nodes) {
    List<String> parts = new ArrayList<>();
    nodes.entrySet().stream()
        .limit(NAMED)
        .forEach(e -> parts.add(e.getKey() + " has " + e.getValue()));
    String shown = String.join(", ", parts);
    return nodes.size() > NAMED ? shown + " and " + (nodes.size() - NAMED) + " more" : shown;
  }
}
