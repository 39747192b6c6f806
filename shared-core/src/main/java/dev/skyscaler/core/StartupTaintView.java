package dev.skyscaler.core;

import dev.skyscaler.core.config.TaintOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.List;

/**
 * CA's {@code FilterOutNodesWithStartupTaints}: a Ready node that still carries a startup taint
 * ({@code --startup-taint}, {@code --ignore-taint}, or a key with the startup or ignore prefix) is
 * not Ready for scaling yet. While it is younger than {@code --max-node-startup-time} it counts as
 * booting, so its group's template stands in for it as upcoming capacity and pending pods waiting
 * for it do not cause another node; once older, it is unready ({@code --scale-down-unready-time}).
 * Status taints do not change readiness.
 */
final class StartupTaintView {
  private StartupTaintView() {}

  /** {@code snapshot} itself when no Ready node carries a startup taint; else a view of it. */
  static ClusterSnapshot of(ClusterSnapshot snapshot, TaintOptions taints) {
    List<Node> nodes = null;
    for (int i = 0; i < snapshot.nodes().size(); i++) {
      Node n = snapshot.nodes().get(i);
      if (n.ready() && hasStartupTaint(n, taints)) {
        if (nodes == null) {
          nodes = new ArrayList<>(snapshot.nodes());
        }
        nodes.set(i, notReady(n));
      }
    }
    return nodes == null ? snapshot : snapshot.withNodes(nodes);
  }

  static boolean hasStartupTaint(Node n, TaintOptions taints) {
    for (Taint t : n.taints()) {
      if (taints.isStartupTaint(t.key())) {
        return true;
      }
    }
    return false;
  }

  private static Node notReady(Node n) {
    return new Node(
        n.name(),
        n.labels(),
        n.annotations(),
        n.taints(),
        n.capacity(),
        n.allocatable(),
        n.unschedulable(),
        false,
        n.providerId(),
        n.creationTime(),
        n.conditions());
  }
}
