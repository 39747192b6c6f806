package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The whole configuration of one autoscaler, read once and validated as a tree. Every leaf is named
 * after the Cluster Autoscaler flag it mirrors; {@link #defaults()} gives CA's defaults. Built from
 * flags by {@link OptionsParser}.
 *
 * @param objects {@code --namespace} and {@code --status-config-map-name}, for the adapters
 */
public record AutoscalerOptions(
    Duration scanInterval,
    ScaleUpOptions scaleUp,
    ScaleDownOptions scaleDown,
    HealthOptions health,
    InterruptionOptions interruption,
    List<HeadroomSpec> headroom,
    CaObjectNames objects) {
  public AutoscalerOptions {
    Objects.requireNonNull(objects, "objects");
    Objects.requireNonNull(scanInterval, "scanInterval");
    Objects.requireNonNull(scaleUp, "scaleUp");
    Objects.requireNonNull(scaleDown, "scaleDown");
    Objects.requireNonNull(health, "health");
    Objects.requireNonNull(interruption, "interruption");
    headroom = List.copyOf(headroom);
    if (scanInterval.isNegative() || scanInterval.isZero()) {
      throw new IllegalArgumentException("scan-interval must be positive");
    }
  }

  /** Scaling options with the policies (health, interruptions, headroom) at their defaults. */
  public AutoscalerOptions(
      Duration scanInterval, ScaleUpOptions scaleUp, ScaleDownOptions scaleDown) {
    this(
        scanInterval,
        scaleUp,
        scaleDown,
        HealthOptions.defaults(),
        InterruptionOptions.defaults(),
        List.of(),
        CaObjectNames.DEFAULTS);
  }

  public static AutoscalerOptions defaults() {
    return new AutoscalerOptions(
        Duration.ofSeconds(10), ScaleUpOptions.defaults(), ScaleDownOptions.defaults());
  }

  public AutoscalerOptions withScaleUp(ScaleUpOptions v) {
    return new AutoscalerOptions(
        scanInterval, v, scaleDown, health, interruption, headroom, objects);
  }

  public AutoscalerOptions withScaleDown(ScaleDownOptions v) {
    return new AutoscalerOptions(scanInterval, scaleUp, v, health, interruption, headroom, objects);
  }

  public AutoscalerOptions withHealth(HealthOptions v) {
    return new AutoscalerOptions(
        scanInterval, scaleUp, scaleDown, v, interruption, headroom, objects);
  }

  public AutoscalerOptions withInterruption(InterruptionOptions v) {
    return new AutoscalerOptions(scanInterval, scaleUp, scaleDown, health, v, headroom, objects);
  }

  public AutoscalerOptions withObjects(CaObjectNames v) {
    return new AutoscalerOptions(
        scanInterval, scaleUp, scaleDown, health, interruption, headroom, v);
  }

  public AutoscalerOptions withHeadroom(List<HeadroomSpec> v) {
    return new AutoscalerOptions(
        scanInterval, scaleUp, scaleDown, health, interruption, v, objects);
  }
}
