package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.state.Drain;
import java.util.List;
import java.util.Locale;

/**
 * The events a node removal records, with Cluster Autoscaler's reasons and messages ({@code
 * core/scaledown/actuation}), on the node, its pods and the status ConfigMap.
 */
final class ScaleDownEvents {
  static final String STATUS_CONFIGMAP = "kube-system/cluster-autoscaler-status";

  private ScaleDownEvents() {}

  /** The node was tainted: on the node, and the removal announced on the status ConfigMap. */
  static List<RecordEvent> started(String node, ScaleDown s) {
    RecordEvent onNode =
        new RecordEvent(
            "Node", node, "ScaleDown", "marked the node as toBeDeleted/unschedulable", false);
    if (s.empty()) {
      return List.of(
          onNode, status("ScaleDownEmpty", "Scale-down: removing empty node \"" + node + "\""));
    }
    return List.of(
        onNode,
        status(
            "ScaleDown",
            String.format(
                Locale.ROOT,
                "Scale-down: removing node %s, utilization: %.2f, pods to reschedule: %s",
                node,
                s.utilization(),
                String.join(",", s.moves().keySet()))));
  }

  static RecordEvent evicting(String pod) {
    return new RecordEvent("Pod", pod, "ScaleDown", "deleting pod for node scale down", false);
  }

  static RecordEvent notEvicted(String pod) {
    return new RecordEvent(
        "Pod", pod, "ScaleDownFailed", "failed to delete pod for ScaleDown", true);
  }

  /** The instance deletion was asked for. */
  static List<RecordEvent> deleted(Drain d) {
    return List.of(
        new RecordEvent(
            "Node", d.node(), "ScaleDown", "nodes removed by cluster autoscaler", false),
        d.empty()
            ? status("ScaleDownEmpty", "Scale-down: empty node " + d.node() + " removed")
            : status("ScaleDown", "Scale-down: node " + d.node() + " removed with drain"));
  }

  static RecordEvent failed(Drain d, String why) {
    String what = d.empty() ? "failed to delete empty node: " : "failed to drain the node: ";
    return new RecordEvent("Node", d.node(), "ScaleDownFailed", what + why, true);
  }

  private static RecordEvent status(String reason, String message) {
    return new RecordEvent("ConfigMap", STATUS_CONFIGMAP, reason, message, false);
  }
}
