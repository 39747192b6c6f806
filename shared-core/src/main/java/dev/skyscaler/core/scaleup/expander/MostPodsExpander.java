package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;

/** CA's {@code most-pods}: keeps the options that place the most pending pods. */
public final class MostPodsExpander implements Expander {

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    return Scores.lowest(options, o -> -o.pods().size());
  }
}
