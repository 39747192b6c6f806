package dev.skyscaler.core.plan;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.action.RecordEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The per-pod events Cluster Autoscaler writes after a scale-up decision, derived from a plan's
 * {@code scaleUps} and {@code noScaleUps}, with CA's wording:
 *
 * <ul>
 *   <li>{@code TriggeredScaleUp}: {@code pod triggered scale-up: [{ng-a 2->4 (max: 10)}]}
 *   <li>{@code NotTriggerScaleUp}: {@code pod didn't trigger scale-up: 1 Insufficient cpu, 2 max
 *       node group size reached} (how many node groups gave each reason)
 * </ul>
 *
 * <p>The plan's own {@code RecordEvent} actions are not repeated here.
 */
public final class PlanEvents {
  private PlanEvents() {}

  public static List<RecordEvent> of(Plan plan, ClusterSnapshot snapshot) {
    Map<String, Integer> maxSizes = new TreeMap<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      maxSizes.put(g.name(), g.maxSize());
    }
    Set<String> realPods = snapshot.pods().stream().map(Pod::key).collect(Collectors.toSet());
    Map<String, List<String>> groupsByPod = new LinkedHashMap<>();
    for (ScaleUp up : plan.scaleUps()) {
      String info =
          "{"
              + up.nodeGroup()
              + " "
              + up.currentTarget()
              + "->"
              + up.newTarget()
              + " (max: "
              + maxSizes.getOrDefault(up.nodeGroup(), up.newTarget())
              + ")}";
      for (String pod : up.pods()) {
        if (!realPods.contains(pod)) {
          continue; // a headroom or CapacityBuffer chunk: not a pod of the cluster
        }
        groupsByPod.computeIfAbsent(pod, p -> new ArrayList<>()).add(info);
      }
    }
    List<RecordEvent> events = new ArrayList<>();
    groupsByPod.forEach(
        (pod, infos) ->
            events.add(
                new RecordEvent(
                    "Pod",
                    pod,
                    "TriggeredScaleUp",
                    "pod triggered scale-up: [" + String.join(" ", infos) + "]",
                    false)));
    for (NoScaleUp none : plan.noScaleUps()) {
      events.add(
          new RecordEvent(
              "Pod",
              none.pod(),
              "NotTriggerScaleUp",
              "pod didn't trigger scale-up: " + reasons(none),
              false));
    }
    return events;
  }

  /** CA's {@code ReasonsMessage}: "{count} {reason}" per distinct reason, sorted, joined. */
  static String reasons(NoScaleUp none) {
    Map<String, Long> counts =
        none.reasons().values().stream()
            .collect(Collectors.groupingBy(r -> r, TreeMap::new, Collectors.counting()));
    return counts.entrySet().stream()
        .map(e -> e.getValue() + " " + e.getKey())
        .sorted()
        .collect(Collectors.joining(", "));
  }
}
