package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One node group in the simulated cloud: its target size, its instances in launch order, and the
 * node shapes it launches, one per zone it spans, so that new instances spread over zones the way
 * an Auto Scaling Group balances them.
 */
final class CloudGroup {
  /** Taints that describe a node's moment, not what a new node of the group looks like. */
  private static final Set<String> TRANSIENT =
      Set.of(
          "ToBeDeletedByClusterAutoscaler",
          "DeletionCandidateOfClusterAutoscaler",
          Nodes.NOT_READY,
          Nodes.UNREACHABLE,
          "node.kubernetes.io/unschedulable",
          "node.cloudprovider.kubernetes.io/uninitialized",
          "node.cloudprovider.kubernetes.io/shutdown");

  /** One cloud instance and the node it registers as. */
  static final class Instance {
    final String providerId;
    final String node;
    final int shape;
    final Instant launched;
    Instant registerAt;
    Instant readyAt;
    boolean registered;
    boolean ready;
    boolean failed;
    Instant interruptAt;

    /** When a repair restarted it, until it is Ready again. */
    Instant restartedAt;

    Instant evictPodsAt;

    Instance(String providerId, String node, int shape, Instant launched) {
      this.providerId = providerId;
      this.node = node;
      this.shape = shape;
      this.launched = launched;
    }
  }

  final NodeGroup declared;
  final GroupBehaviour behaviour;
  final List<Node> shapes;
  final Map<String, Instance> instances = new LinkedHashMap<>();
  int target;
  int nextSeq = 1;
  double instanceSeconds;

  CloudGroup(NodeGroup declared, GroupBehaviour behaviour, Map<String, Node> nodes) {
    this.declared = declared;
    this.behaviour = behaviour;
    this.target = declared.targetSize();
    this.shapes = shapes(declared, nodes);
  }

  /**
   * A member per zone (Ready and schedulable ones first, by name), else the declared template: what
   * a new node of the group looks like, minus the taints of the moment.
   */
  private static List<Node> shapes(NodeGroup g, Map<String, Node> nodes) {
    List<Node> members = new ArrayList<>();
    g.memberNodes().stream().sorted().map(nodes::get).filter(n -> n != null).forEach(members::add);
    members.sort((a, b) -> Boolean.compare(!a.ready() || a.unschedulable(), !b.ready()));
    Map<String, Node> byZone = new TreeMap<>();
    for (Node n : members) {
      byZone.putIfAbsent(n.labels().getOrDefault(Node.ZONE_LABEL, ""), sanitised(n));
    }
    if (byZone.isEmpty()) {
      NodeTemplate t = g.template().orElseThrow();
      return List.of(
          new Node(
              g.name() + "-template",
              t.labels(),
              Map.of(),
              t.taints(),
              t.capacity(),
              t.capacity(),
              false,
              true,
              "",
              Instant.EPOCH,
              List.of()));
    }
    return List.copyOf(byZone.values());
  }

  private static Node sanitised(Node n) {
    List<Taint> taints = n.taints().stream().filter(t -> !TRANSIENT.contains(t.key())).toList();
    return new Node(
        n.name(),
        n.labels(),
        Map.of(),
        taints,
        n.capacity(),
        n.allocatable(),
        false,
        true,
        "",
        n.creationTime(),
        List.of());
  }

  String name() {
    return declared.name();
  }

  /**
   * What the cloud launches, as a template for a group left without members (scaled to zero): the
   * first shape's capacity, labels (but the hostname) and taints, as the launch template says.
   */
  NodeTemplate template() {
    Node shape = shapes.get(0);
    Map<String, String> labels = new java.util.HashMap<>(shape.labels());
    labels.remove(Node.HOSTNAME_LABEL);
    return new NodeTemplate(shape.capacity(), labels, shape.taints());
  }

  /** The shape with the fewest live instances, the lowest zone on a tie. */
  int nextShape() {
    int[] counts = new int[shapes.size()];
    instances.values().forEach(i -> counts[i.shape]++);
    int best = 0;
    for (int s = 1; s < counts.length; s++) {
      if (counts[s] < counts[best]) {
        best = s;
      }
    }
    return best;
  }

  /** Adds the billed time of an instance up to {@code until}, counting from {@code start}. */
  void bill(Instance i, Instant start, Instant until) {
    Instant from = i.launched.isBefore(start) ? start : i.launched;
    if (until.isAfter(from)) {
      instanceSeconds += Duration.between(from, until).toMillis() / 1000.0;
    }
  }

  int ready() {
    return (int) instances.values().stream().filter(i -> i.ready).count();
  }
}
