package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code --expander} chain ({@code expander/factory/chain.go}): {@link GpuSparingFilter} first,
 * then each configured expander in order, each narrowing the options left by the one before,
 * stopping as soon as one option remains. If several remain after the last expander, the option
 * whose group name sorts first wins: CA picks one at random there, we pick reproducibly so that the
 * same snapshot always gives the same plan (configure {@code random} last to spread choices).
 */
public final class ExpanderChain {
  static final String RANDOM_NOT_LAST =
      "expander \"random\" must be last in the chain (it always picks one option)";

  private final List<Expander> expanders;

  private ExpanderChain(List<Expander> expanders) {
    this.expanders = List.copyOf(expanders);
  }

  /**
   * The chosen option (empty only when there were no options) and the warnings of the expanders
   * that were applied, in chain order.
   */
  public record Choice(Optional<ExpansionOption> best, List<String> warnings) {
    public Choice {
      Objects.requireNonNull(best, "best");
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * The chain {@code options.expanders()} describes, with the priority table and random seed of
   * {@code options}.
   *
   * @throws IllegalArgumentException when {@link #validate} or {@link PriorityExpander#validate}
   *     reports a problem
   */
  public static ExpanderChain from(ScaleUpOptions options) {
    List<String> errors = new ArrayList<>(validate(options.expanders()));
    if (options.expanders().contains(ExpanderName.PRIORITY)) {
      errors.addAll(PriorityExpander.validate(options.expanderPriorities()));
    }
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
    List<Expander> chain = new ArrayList<>();
    chain.add(new GpuSparingFilter());
    for (ExpanderName name : options.expanders()) {
      chain.add(expander(name, options));
    }
    return new ExpanderChain(chain);
  }

  /**
   * Problems with the order of an expander chain, one message each; empty when it is valid. {@code
   * random} always leaves one option, so an expander after it would never matter.
   */
  public static List<String> validate(List<ExpanderName> chain) {
    int random = chain.indexOf(ExpanderName.RANDOM);
    if (random >= 0 && random < chain.size() - 1) {
      return List.of(RANDOM_NOT_LAST);
    }
    return List.of();
  }

  /**
   * What a user should hear about the chain itself, whatever the options: {@link
   * PriorityExpander#NO_TABLE} when the chain has {@code priority} and the table is empty.
   */
  public static List<String> configurationWarnings(ScaleUpOptions options) {
    if (options.expanders().contains(ExpanderName.PRIORITY)
        && options.expanderPriorities().isEmpty()) {
      return List.of(PriorityExpander.NO_TABLE);
    }
    return List.of();
  }

  /** Chooses one of {@code options}; the same options always give the same choice. */
  public Choice choose(List<ExpansionOption> options) {
    if (options.isEmpty()) {
      return new Choice(Optional.empty(), List.of());
    }
    List<ExpansionOption> left = List.copyOf(options);
    List<String> warnings = new ArrayList<>();
    for (Expander expander : expanders) {
      if (left.size() == 1) {
        break;
      }
      warnings.addAll(expander.warnings(left));
      List<ExpansionOption> best = expander.bestOptions(left);
      if (best.isEmpty()) {
        throw new IllegalStateException(
            expander.getClass().getSimpleName() + " kept none of " + left.size() + " options");
      }
      left = best;
    }
    return new Choice(
        left.stream().min(Comparator.comparing(ExpansionOption::groupName)), warnings);
  }

  private static Expander expander(ExpanderName name, ScaleUpOptions options) {
    return switch (name) {
      case LEAST_WASTE -> new LeastWasteExpander();
      case MOST_PODS -> new MostPodsExpander();
      case RANDOM -> new RandomExpander(options.randomSeed());
      case PRICE -> new PriceExpander();
      case PRIORITY -> new PriorityExpander(options.expanderPriorities());
      case LEAST_NODES -> new LeastNodesExpander();
    };
  }
}
