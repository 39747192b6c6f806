package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;

/**
 * CA's {@code least-nodes} ({@code expander/leastnodes}): keeps the options that add the fewest
 * nodes to place their pods.
 */
public final class LeastNodesExpander implements Expander {

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    return Scores.lowest(options, o -> o.nodeCount());
  }
}
