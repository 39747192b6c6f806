package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;

/**
 * CA's {@code least-waste} ({@code expander/waste/waste.go}): keeps the options that leave the
 * smallest fraction of the new nodes' CPU and memory unrequested. The score of an option is {@code
 * wastedCpu + wastedMemory}, each {@code (node × count − Σ pod requests) / (node × count)} over the
 * template's allocatable. A resource the template does not offer wastes nothing.
 */
public final class LeastWasteExpander implements Expander {

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    return Scores.lowest(options, LeastWasteExpander::waste);
  }

  /** The option's waste score: 0 is a perfect fit, 2 is two empty resources. */
  static double waste(ExpansionOption option) {
    Resources node = option.template().allocatable();
    Resources pods = option.podRequests();
    return wasted(node.cpu(), pods.cpu(), option.nodeCount())
        + wasted(node.memory(), pods.memory(), option.nodeCount());
  }

  private static double wasted(long perNode, long requested, int nodeCount) {
    double available = (double) perNode * nodeCount;
    if (available <= 0) {
      return 0;
    }
    return (available - requested) / available;
  }
}
