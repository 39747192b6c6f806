package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;
import java.util.TreeSet;

/**
 * The {@code price} expander: keeps the options that cost the least per unit of pending work they
 * place. Cost is {@code nodeCount × price} (the group's price per node-hour). Work is the pods'
 * requests in CPU, memory and GPUs, each divided by the largest allocatable of that resource among
 * the options, so resources add up without a per-resource price list. When every option places the
 * same pods this is simply "the cheapest option"; the division only matters when options place
 * different pods. See {@code docs/decisions/0002-price-expander.md}.
 *
 * <p>Options whose group has no price are dropped when at least one option has a price (and {@link
 * #warnings} names them); when none has a price, all options pass through.
 */
public final class PriceExpander implements Expander {

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    List<ExpansionOption> priced = priced(options);
    if (priced.isEmpty()) {
      return List.copyOf(options);
    }
    Reference reference = Reference.of(priced);
    boolean anyWork = priced.stream().anyMatch(o -> work(o, reference) > 0);
    return Scores.lowest(priced, o -> score(o, reference, anyWork));
  }

  @Override
  public List<String> warnings(List<ExpansionOption> options) {
    TreeSet<String> unpriced = new TreeSet<>();
    options.stream()
        .filter(o -> o.template().group().price().isEmpty())
        .forEach(o -> unpriced.add(o.groupName()));
    if (unpriced.isEmpty()) {
      return List.of();
    }
    if (unpriced.size() == options.size()) {
      return List.of(
          "price expander: no node group has a price ("
              + String.join(", ", unpriced)
              + "), so it kept every option");
    }
    return List.of(
        "price expander: node groups without a price were not considered: "
            + String.join(", ", unpriced));
  }

  /** Price per node-hour × nodes, per unit of work; lower is better. */
  static double score(ExpansionOption option, Reference reference, boolean anyWork) {
    double cost = option.nodeCount() * option.template().group().price().getAsDouble();
    if (!anyWork) {
      return cost; // pods without requests: nothing to divide by, so compare plain cost
    }
    double work = work(option, reference);
    return work > 0 ? cost / work : Double.POSITIVE_INFINITY;
  }

  /** The pods' requests in units of the reference node, summed over CPU, memory and GPUs. */
  static double work(ExpansionOption option, Reference reference) {
    Resources pods = option.podRequests();
    return share(pods.cpu(), reference.cpu())
        + share(pods.memory(), reference.memory())
        + share(pods.gpus(), reference.gpus());
  }

  /** The unit of work: the largest CPU, memory and GPU count a node of any option offers. */
  record Reference(long cpu, long memory, long gpus) {
    static Reference of(List<ExpansionOption> options) {
      long cpu = 0;
      long memory = 0;
      long gpus = 0;
      for (ExpansionOption o : options) {
        Resources a = o.template().allocatable();
        cpu = Math.max(cpu, a.cpu());
        memory = Math.max(memory, a.memory());
        gpus = Math.max(gpus, a.gpus());
      }
      return new Reference(cpu, memory, gpus);
    }
  }

  private static double share(long requested, long reference) {
    return reference == 0 ? 0 : (double) requested / reference;
  }

  private static List<ExpansionOption> priced(List<ExpansionOption> options) {
    return options.stream().filter(o -> o.template().group().price().isPresent()).toList();
  }
}
