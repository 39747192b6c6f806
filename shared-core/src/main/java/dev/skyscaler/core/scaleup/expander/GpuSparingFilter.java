package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;

/**
 * Keeps GPU nodes for GPU pods: drops options that would add GPU nodes for pods that ask for no
 * GPU, as long as some option adds nodes without GPUs. CA gets a similar effect from the price
 * expander's GPU penalty; here it holds whatever expanders are configured, so {@link ExpanderChain}
 * always applies it first.
 */
public final class GpuSparingFilter implements Expander {

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    boolean anyWithoutGpu = options.stream().anyMatch(o -> !o.template().hasGpu());
    if (!anyWithoutGpu) {
      return List.copyOf(options);
    }
    return options.stream().filter(o -> !o.template().hasGpu() || o.helpsGpuPods()).toList();
  }
}
