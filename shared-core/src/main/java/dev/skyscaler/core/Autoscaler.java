package dev.skyscaler.core;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.AutoscalerState;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The autoscaler loop as a pure function: the same inputs give the same plan. Every front end (the
 * Lambda and Azure functions, the CLI, the benchmarks) calls this and carries out the plan.
 */
public final class Autoscaler {
  private Autoscaler() {}

  /**
   * One scan: decide what to scale.
   *
   * @param now the scan's time; the core never reads a clock
   */
  public static Plan runOnce(
      ClusterSnapshot snapshot, AutoscalerState state, AutoscalerOptions options, Instant now) {
    return new Plan(List.of(), List.of(), List.of(), state); // filled in by the scale-up planner
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
    return new PodExplanation(podKey, "not implemented yet", Map.of(), Optional.empty());
  }
}
