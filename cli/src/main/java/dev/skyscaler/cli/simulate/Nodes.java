package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeCondition;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Node records as the kubelet and the node lifecycle controller change them. */
final class Nodes {
  static final String NOT_READY = "node.kubernetes.io/not-ready";
  static final String UNREACHABLE = "node.kubernetes.io/unreachable";

  private Nodes() {}

  /** A node that has just registered: NotReady, tainted not-ready until the kubelet is up. */
  static Node registered(Node shape, String name, String providerId, Instant now) {
    java.util.Map<String, String> labels = new java.util.HashMap<>(shape.labels());
    labels.put(Node.HOSTNAME_LABEL, name);
    List<Taint> taints = new ArrayList<>(shape.taints());
    taints.add(new Taint(NOT_READY, "", TaintEffect.NO_SCHEDULE));
    return new Node(
        name,
        labels,
        shape.annotations(),
        taints,
        shape.capacity(),
        shape.allocatable(),
        false,
        false,
        providerId,
        now,
        List.of(new NodeCondition("Ready", "False", now, "KubeletNotReady")));
  }

  /** The kubelet reports Ready: the condition flips and the not-ready taints go. */
  static Node ready(Node n, Instant now) {
    List<Taint> taints = new ArrayList<>();
    for (Taint t : n.taints()) {
      if (!t.key().equals(NOT_READY) && !t.key().equals(UNREACHABLE)) {
        taints.add(t);
      }
    }
    return with(n, taints, n.unschedulable(), true, withReady(n, "True", now, "KubeletReady"));
  }

  /** The kubelet stops reporting: Ready is Unknown and the node is tainted unreachable. */
  static Node unreachable(Node n, Instant now) {
    List<Taint> taints = new ArrayList<>(withoutKey(n.taints(), UNREACHABLE));
    taints.add(new Taint(UNREACHABLE, "", TaintEffect.NO_SCHEDULE));
    taints.add(new Taint(UNREACHABLE, "", TaintEffect.NO_EXECUTE));
    return with(
        n, taints, n.unschedulable(), false, withReady(n, "Unknown", now, "NodeStatusUnknown"));
  }

  /** Restarting: the kubelet reports NotReady until it is up again. */
  static Node restarting(Node n, Instant now) {
    List<Taint> taints =
        new ArrayList<>(withoutKey(withoutKey(n.taints(), UNREACHABLE), NOT_READY));
    taints.add(new Taint(NOT_READY, "", TaintEffect.NO_SCHEDULE));
    return with(n, taints, n.unschedulable(), false, withReady(n, "False", now, "KubeletNotReady"));
  }

  /** Adds the taint, replacing one with the same key and effect. */
  static Node tainted(Node n, Taint taint) {
    List<Taint> taints = new ArrayList<>();
    for (Taint t : n.taints()) {
      if (!(t.key().equals(taint.key()) && t.effect() == taint.effect())) {
        taints.add(t);
      }
    }
    taints.add(taint);
    return with(n, taints, n.unschedulable(), n.ready(), n.conditions());
  }

  static Node untainted(Node n, String key) {
    return with(n, withoutKey(n.taints(), key), n.unschedulable(), n.ready(), n.conditions());
  }

  static Node cordoned(Node n, boolean cordoned) {
    return with(n, n.taints(), cordoned, n.ready(), n.conditions());
  }

  private static List<Taint> withoutKey(List<Taint> taints, String key) {
    return taints.stream().filter(t -> !t.key().equals(key)).toList();
  }

  /** The node's conditions with Ready replaced. */
  private static List<NodeCondition> withReady(Node n, String status, Instant now, String reason) {
    List<NodeCondition> conditions = new ArrayList<>();
    for (NodeCondition c : n.conditions()) {
      if (!c.type().equals("Ready")) {
        conditions.add(c);
      }
    }
    conditions.add(new NodeCondition("Ready", status, now, reason));
    return conditions;
  }

  private static Node with(
      Node n,
      List<Taint> taints,
      boolean unschedulable,
      boolean ready,
      List<NodeCondition> conditions) {
    return new Node(
        n.name(),
        n.labels(),
        n.annotations(),
        taints,
        n.capacity(),
        n.allocatable(),
        unschedulable,
        ready,
        n.providerId(),
        n.creationTime(),
        conditions);
  }
}
