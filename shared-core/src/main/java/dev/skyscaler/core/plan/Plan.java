package dev.skyscaler.core.plan;

import java.util.List;
import java.util.Objects;

/**
 * What one scan decided. Nothing happens until an actuator carries it out.
 *
 * @param scaleUps groups to grow, each with the pods it helps
 * @param noScaleUps pending pods no group can help, with the reason per group
 * @param warnings things the user should know that did not stop the plan
 * @param state the state to keep for the next scan
 */
public record Plan(
    List<ScaleUp> scaleUps,
    List<NoScaleUp> noScaleUps,
    List<String> warnings,
    AutoscalerState state) {
  public Plan {
    scaleUps = List.copyOf(scaleUps);
    noScaleUps = List.copyOf(noScaleUps);
    warnings = List.copyOf(warnings);
    Objects.requireNonNull(state, "state");
  }
}
