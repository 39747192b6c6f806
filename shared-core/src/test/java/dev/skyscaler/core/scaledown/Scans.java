package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Successive scans, as the functions run them: each {@link #at} runs {@link Autoscaler#runOnce} on
 * the cluster as it is then, with the state the previous scan left.
 */
final class Scans {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

  // node repair (the health policy) would act on the unready nodes these tests remove
  private AutoscalerOptions options =
      AutoscalerOptions.defaults()
          .withHealth(
              dev.skyscaler.core.config.HealthOptions.defaults().toBuilder()
                  .nodeRepairEnabled(false)
                  .build());
  private AutoscalerState state = AutoscalerState.EMPTY;
  private Plan last;

  Scans with(UnaryOperator<ScaleDownOptions> o) {
    options = options.withScaleDown(o.apply(options.scaleDown()));
    return this;
  }

  Scans state(AutoscalerState s) {
    state = s;
    return this;
  }

  /** One scan at {@code T0 + after}. */
  Plan at(Duration after, ClusterSnapshot cluster) {
    last = Autoscaler.runOnce(cluster, state, options, T0.plus(after));
    state = last.state();
    return last;
  }

  AutoscalerState state() {
    return state;
  }

  /** The actions of a plan other than events, which tests check on their own. */
  static List<Action> work(Plan plan) {
    return plan.actions().stream().filter(a -> !(a instanceof RecordEvent)).toList();
  }

  static List<RecordEvent> events(Plan plan) {
    return plan.actions().stream()
        .filter(RecordEvent.class::isInstance)
        .map(RecordEvent.class::cast)
        .toList();
  }
}
