package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.CloudObservations;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Actions scripted at given times (what scale-down, health and interruption planning emit), on top
 * of the real planner or {@link #alone()}, and a record of every snapshot a scan saw.
 */
final class ScriptedPlanner implements Simulation.Planner {
  private boolean withRealPlanner = true;

  /** Only the scripted actions: the actuator's effects, without the planner reacting to them. */
  static ScriptedPlanner alone() {
    ScriptedPlanner p = new ScriptedPlanner();
    p.withRealPlanner = false;
    return p;
  }

  private final Map<Duration, Function<ClusterSnapshot, List<Action>>> script =
      new LinkedHashMap<>();
  final Map<Duration, ClusterSnapshot> seen = new LinkedHashMap<>();

  ScriptedPlanner at(Duration offset, Function<ClusterSnapshot, List<Action>> actions) {
    script.put(offset, actions);
    return this;
  }

  ScriptedPlanner at(Duration offset, Action... actions) {
    return at(offset, s -> List.of(actions));
  }

  @Override
  public Plan plan(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      CloudObservations cloud) {
    Duration offset = Duration.between(Scenarios.START, now);
    seen.put(offset, snapshot);
    Plan p =
        withRealPlanner
            ? Autoscaler.runOnce(snapshot, state, options, now, cloud)
            : new Plan(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), state);
    Function<ClusterSnapshot, List<Action>> extra = script.get(offset);
    if (extra == null) {
      return p;
    }
    List<Action> actions = new ArrayList<>(p.actions());
    actions.addAll(extra.apply(snapshot));
    return new Plan(
        p.scaleUps(),
        p.noScaleUps(),
        p.scaleDowns(),
        p.unremovable(),
        actions,
        p.warnings(),
        p.state());
  }

  /** Evictions of every pod but DaemonSet ones on {@code node}, as a drain plans them. */
  static List<Action> evictAll(ClusterSnapshot s, String node) {
    List<Action> evictions = new ArrayList<>();
    for (Pod p : s.pods()) {
      if (p.nodeName().filter(node::equals).isPresent() && !p.isDaemonSetPod()) {
        evictions.add(new EvictPod(p.key(), node, 30));
      }
    }
    return evictions;
  }

  ClusterSnapshot seenAt(Duration offset) {
    return seen.get(offset);
  }
}
