package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The scale-down half of a scan: plans the removable set ({@link ScaleDownPlanner}), moves the
 * removals under way on by a step ({@link DrainSteps}), starts new removals of nodes unneeded long
 * enough when no cooldown holds, within the parallelism budgets, and takes stale deletion taints
 * off. Pure: the same inputs give the same result.
 */
public final class ScaleDownScan {
  /**
   * The scale-down part of a plan.
   *
   * @param scaleDowns every node removable together
   * @param unremovable every other node of a managed group, with the reason
   * @param actions what to carry out now, in order
   * @param state the state after this scan
   */
  public record Result(
      List<ScaleDown> scaleDowns,
      List<Unremovable> unremovable,
      List<Action> actions,
      AutoscalerState state) {
    public Result {
      scaleDowns = List.copyOf(scaleDowns);
      unremovable = List.copyOf(unremovable);
      actions = List.copyOf(actions);
    }
  }

  private ScaleDownScan() {}

  /**
   * @param state the state, with this scan's scale-up already recorded in {@code lastScaleUp}
   * @param scaledUp this scan planned a scale-up: no new removal starts (CA)
   */
  public static Result run(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      boolean scaledUp) {
    return run(snapshot, state, options, now, scaledUp, Set.of());
  }

  /**
   * @param running the instances the cloud lists as running ({@code ProviderIds.instanceKey}): a
   *     removal whose deletion was asked but whose instance still runs asks again
   */
  public static Result run(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      boolean scaledUp,
      Set<String> running) {
    ScaleDownOptions o = options.scaleDown();
    ScaleDownPlanner.Result plan =
        o.enabled() || !state.drains().isEmpty()
            ? new ScaleDownPlanner(snapshot, state, options, now).plan()
            : new ScaleDownPlanner.Result(List.of(), List.of(), Map.of(), Map.of(), Map.of());
    DrainSteps steps =
        new DrainSteps(snapshot, o, options.scaleUp().expendablePodsPriorityCutoff(), now, running);
    for (Drain d : state.drains().values()) {
      steps.advance(d, Optional.ofNullable(plan.drainFailures().get(d.node())));
    }
    Instant lastFailure = steps.failed() ? now : state.lastScaleDownFailure();
    Instant lastScaleDown = state.lastScaleDown();
    Map<String, Instant> unneeded = new HashMap<>(plan.unneededSince());
    if (o.enabled() && !inCooldown(o, state, lastFailure, now, scaledUp)) {
      Map<String, Node> nodes = new HashMap<>();
      snapshot.nodes().forEach(n -> nodes.put(n.name(), n));
      for (ScaleDown s : toStart(plan.removable(), steps.drains().values(), o, now)) {
        steps.start(s, nodes.get(s.node()));
        unneeded.remove(s.node());
        lastScaleDown = now;
      }
    }
    steps.cleanStaleTaints(state.drains().keySet());
    AutoscalerState next =
        new AutoscalerState(
            unneeded,
            plan.unremovableUntil(),
            steps.drains(),
            state.lastScaleUp(),
            lastScaleDown,
            lastFailure,
            state.health(),
            state.interruptions(),
            state.backoffs());
    return new Result(plan.removable(), plan.unremovable(), steps.actions(), next);
  }

  /**
   * CA's {@code isScaleDownInCooldown}: a scale-up in this scan, or within {@code
   * --scale-down-delay-after-add}; a failure within {@code --scale-down-delay-after-failure}; a
   * removal started within {@code --scale-down-delay-after-delete}.
   */
  static boolean inCooldown(
      ScaleDownOptions o,
      AutoscalerState state,
      Instant lastFailure,
      Instant now,
      boolean scaledUp) {
    return scaledUp
        || state.lastScaleUp().plus(o.delayAfterAdd()).isAfter(now)
        || lastFailure.plus(o.delayAfterFailure()).isAfter(now)
        || state.lastScaleDown().plus(o.delayAfterDelete()).isAfter(now);
  }

  /**
   * The removable nodes to start removing now (CA's budgets): those unneeded long enough, empty
   * ones first up to {@code --max-scale-down-parallelism} removals under way, then non-empty ones
   * up to {@code --max-drain-parallelism} drains under way, within what is left of the first
   * budget.
   */
  static List<ScaleDown> toStart(
      List<ScaleDown> removable, Collection<Drain> underWay, ScaleDownOptions o, Instant now) {
    int total = underWay.size();
    int draining = (int) underWay.stream().filter(d -> !d.empty()).count();
    int budget = o.maxScaleDownParallelism() - total;
    List<ScaleDown> chosen = new ArrayList<>();
    Set<String> busy = new HashSet<>();
    underWay.forEach(d -> busy.add(d.node()));
    for (ScaleDown s : removable) {
      if (chosen.size() < budget && s.empty() && due(s, now) && !busy.contains(s.node())) {
        chosen.add(s);
      }
    }
    int drainBudget = Math.min(o.maxDrainParallelism() - draining, budget - chosen.size());
    int drains = 0;
    for (ScaleDown s : removable) {
      if (drains < drainBudget && !s.empty() && due(s, now) && !busy.contains(s.node())) {
        chosen.add(s);
        drains++;
      }
    }
    return chosen;
  }

  private static boolean due(ScaleDown s, Instant now) {
    return !s.removableAt().isAfter(now);
  }
}
