package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import dev.skyscaler.core.scheduling.PodClass;
import dev.skyscaler.core.scheduling.SimNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Answers "why is my pod pending, and what will the autoscaler do about it" for one pod. */
public final class ScaleUpExplainer {
  private ScaleUpExplainer() {}

  /** Explains {@code podKey} after {@code planner} has planned. */
  public static PodExplanation explain(
      ScaleUpPlanner planner, ClusterSnapshot snapshot, String podKey) {
    Pod pod =
        snapshot.pods().stream()
            .filter(p -> p.key().equals(podKey))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException("pod " + podKey + " is not in the snapshot"));
    if (pod.isScheduled()) {
      return new PodExplanation(
          podKey, "running on node " + pod.nodeName().get(), Map.of(), Optional.empty());
    }
    if (pod.isTerminal()) {
      return new PodExplanation(
          podKey, "finished (" + pod.phase().apiName() + "); ignored", Map.of(), Optional.empty());
    }
    String ignored = planner.selection().ignored().get(podKey);
    if (ignored != null) {
      return new PodExplanation(podKey, "not considered: " + ignored, Map.of(), Optional.empty());
    }
    PodClass c = classOf(planner, pod);
    for (ScaleUpPlanner.Assignment a : planner.assignments()) {
      if (a.podClass() == c && covers(a, c, pod)) {
        SimNode n = a.node();
        Map<String, String> groups =
            verdicts(planner, c, snapshot, n.kind() == SimNode.Kind.PLANNED ? n.group() : null);
        return switch (n.kind()) {
          case EXISTING ->
              new PodExplanation(
                  podKey,
                  "pending, but fits existing node " + n.name() + ": no scale-up needed",
                  groups,
                  Optional.empty());
          case UPCOMING ->
              new PodExplanation(
                  podKey,
                  "pending; will fit a node of " + n.group() + " that is already booting",
                  groups,
                  Optional.empty());
          default ->
              new PodExplanation(
                  podKey, "helped by a scale-up of " + n.group(), groups, Optional.of(n.group()));
        };
      }
    }
    return new PodExplanation(
        podKey,
        "pending, and no node group can help it",
        verdicts(planner, c, snapshot, null),
        Optional.empty());
  }

  private static PodClass classOf(ScaleUpPlanner planner, Pod pod) {
    for (PodClass c : planner.classes()) {
      for (Pod p : c.pods()) {
        if (p.key().equals(pod.key())) {
          return c;
        }
      }
    }
    throw new IllegalStateException("pending pod " + pod.key() + " has no class");
  }

  private static boolean covers(ScaleUpPlanner.Assignment a, PodClass c, Pod pod) {
    for (Pod p : c.pods().subList(a.from(), a.from() + a.count())) {
      if (p.key().equals(pod.key())) {
        return true;
      }
    }
    return false;
  }

  /** Per group: whether a new node of it would take the pod, and if not, why. */
  private static Map<String, String> verdicts(
      ScaleUpPlanner planner, PodClass c, ClusterSnapshot snapshot, String chosen) {
    Map<String, String> reasons = planner.reasons(c);
    Map<String, String> result = new LinkedHashMap<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      GroupTemplate t = planner.templates().get(g.name());
      String reason = reasons.get(g.name());
      boolean fits =
          t != null
              && FirstFitDecreasingEstimator.fitsTemplate(c, t)
              && c.requests().fitsIn(t.allocatable().minusFloor(t.daemonSetOverhead()));
      if (!fits) {
        result.put(g.name(), reason);
      } else if (g.name().equals(chosen)) {
        result.put(g.name(), "fits (" + perNode(c, t) + " per new node); chosen");
      } else {
        result.put(g.name(), "fits (" + perNode(c, t) + " per new node); not used: " + reason);
      }
    }
    return result;
  }

  private static long perNode(PodClass c, GroupTemplate t) {
    var room = t.allocatable().minusFloor(t.daemonSetOverhead());
    var r = c.requests();
    long k = room.pods();
    if (r.cpu() > 0) {
      k = Math.min(k, room.cpu() / r.cpu());
    }
    if (r.memory() > 0) {
      k = Math.min(k, room.memory() / r.memory());
    }
    for (var e : r.extended().entrySet()) {
      k = Math.min(k, room.extended(e.getKey()) / e.getValue());
    }
    return c.selfAntiAffine() || !c.exemplar().hostPorts().isEmpty() ? Math.min(k, 1) : k;
  }
}
