package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The whole configuration of one autoscaler, read once and validated as a tree. Every leaf is named
 * after the Cluster Autoscaler flag it mirrors; {@link #defaults()} gives CA's defaults. Built from
 * flags by {@link OptionsParser}.
 */
public record AutoscalerOptions(
    Duration scanInterval, ScaleUpOptions scaleUp, ScaleDownOptions scaleDown) {
  public AutoscalerOptions {
    Objects.requireNonNull(scanInterval, "scanInterval");
    Objects.requireNonNull(scaleUp, "scaleUp");
    Objects.requireNonNull(scaleDown, "scaleDown");
    if (scanInterval.isNegative() || scanInterval.isZero()) {
      throw new IllegalArgumentException("scan-interval must be positive");
    }
  }

  public static AutoscalerOptions defaults() {
    return new AutoscalerOptions(
        Duration.ofSeconds(10), ScaleUpOptions.defaults(), ScaleDownOptions.defaults());
  }

  public AutoscalerOptions withScaleUp(ScaleUpOptions v) {
    return new AutoscalerOptions(scanInterval, v, scaleDown);
  }

  public AutoscalerOptions withScaleDown(ScaleDownOptions v) {
    return new AutoscalerOptions(scanInterval, scaleUp, v);
  }
}
