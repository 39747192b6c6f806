package dev.skyscaler.core.plan;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.List;
import java.util.Objects;

/**
 * What one scan decided. Nothing happens until an actuator carries out {@code actions}; the other
 * lists explain the decision (and are the {@code skyscaler plan} output).
 *
 * @param scaleUps groups to grow, each with the pods it helps
 * @param noScaleUps pending pods no group can help, with the reason per group
 * @param scaleDowns nodes that would be removed once unneeded long enough (all of them, not only
 *     this scan's batch)
 * @param unremovable nodes of managed groups that cannot be removed, and why
 * @param actions what the actuators carry out now, in order
 * @param warnings things the user should know that did not stop the plan
 * @param state the state to keep for the next scan
 */
public record Plan(
    List<ScaleUp> scaleUps,
    List<NoScaleUp> noScaleUps,
    List<ScaleDown> scaleDowns,
    List<Unremovable> unremovable,
    List<Action> actions,
    List<String> warnings,
    AutoscalerState state) {
  public Plan {
    scaleUps = List.copyOf(scaleUps);
    noScaleUps = List.copyOf(noScaleUps);
    scaleDowns = List.copyOf(scaleDowns);
    unremovable = List.copyOf(unremovable);
    actions = List.copyOf(actions);
    warnings = List.copyOf(warnings);
    Objects.requireNonNull(state, "state");
  }

  /** A plan of scale-ups only (what scale-up planning alone produces). */
  public static Plan scaleUpOnly(
      List<ScaleUp> scaleUps,
      List<NoScaleUp> noScaleUps,
      List<Action> actions,
      List<String> warnings,
      AutoscalerState state) {
    return new Plan(scaleUps, noScaleUps, List.of(), List.of(), actions, warnings, state);
  }
}
