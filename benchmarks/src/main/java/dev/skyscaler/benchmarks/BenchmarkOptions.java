package dev.skyscaler.benchmarks;

import dev.skyscaler.core.config.AutoscalerOptions;

/** The options benchmarks plan with: CA's defaults, with the per-scale-up node cap adjustable. */
final class BenchmarkOptions {
  private BenchmarkOptions() {}

  /** {@link AutoscalerOptions#defaults()} when {@code max} is CA's default of 1000. */
  static AutoscalerOptions withMaxNodesPerScaleUp(int max) {
    AutoscalerOptions defaults = AutoscalerOptions.defaults();
    return defaults.withScaleUp(defaults.scaleUp().toBuilder().maxNodesPerScaleUp(max).build());
  }
}
