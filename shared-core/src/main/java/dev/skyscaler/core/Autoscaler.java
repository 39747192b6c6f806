package dev.skyscaler.core;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.AutoscalerState;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.scaledown.ScaleDownScan;
import dev.skyscaler.core.scaleup.ScaleUpExplainer;
import dev.skyscaler.core.scaleup.ScaleUpPlanner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The autoscaler loop as a pure function: the same inputs give the same plan. Every front end (the
 * Lambda and Azure functions, the CLI, the benchmarks) calls this and carries out the plan.
 */
public final class Autoscaler {
  private Autoscaler() {}

  /**
   * One scan: decide what to scale. Scale-up first; then scale-down, which tracks unneeded nodes in
   * every scan, moves removals under way on by a step, and starts new removals only when this scan
   * scaled nothing up and no cooldown holds.
   *
   * @param now the scan's time; the core never reads a clock
   */
  public static Plan runOnce(
      ClusterSnapshot snapshot, AutoscalerState state, AutoscalerOptions options, Instant now) {
    ScaleUpPlanner scaleUp = new ScaleUpPlanner(snapshot, options.scaleUp(), now).plan();
    List<Action> actions = new ArrayList<>();
    for (ScaleUp s : scaleUp.scaleUps()) {
      actions.add(new SetTargetSize(s.nodeGroup(), s.currentTarget(), s.newTarget(), "scale-up"));
      actions.add(
          new RecordEvent(
              "ConfigMap",
              "kube-system/cluster-autoscaler-status",
              "ScaledUpGroup",
              "Scale-up: setting group "
                  + s.nodeGroup()
                  + " size to "
                  + s.newTarget()
                  + " instead of "
                  + s.currentTarget(),
              false));
    }
    boolean scaledUp = !scaleUp.scaleUps().isEmpty();
    ScaleDownScan.Result scaleDown =
        ScaleDownScan.run(
            snapshot, scaledUp ? state.withLastScaleUp(now) : state, options, now, scaledUp);
    actions.addAll(scaleDown.actions());
    return new Plan(
        scaleUp.scaleUps(),
        scaleUp.noScaleUps(),
        scaleDown.scaleDowns(),
        scaleDown.unremovable(),
        actions,
        scaleUp.warnings(),
        scaleDown.state());
  }

  /**
   * Explains, group by group, why the pod {@code podKey} ({@code namespace/name}) does or does not
   * get a scale-up in the plan {@link #runOnce} would make.
   *
   * @throws IllegalArgumentException when the snapshot has no such pod
   */
  public static PodExplanation explain(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      String podKey) {
    ScaleUpPlanner scaleUp = new ScaleUpPlanner(snapshot, options.scaleUp(), now).plan();
    return ScaleUpExplainer.explain(scaleUp, snapshot, podKey);
  }
}
