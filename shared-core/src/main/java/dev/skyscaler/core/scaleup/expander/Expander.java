package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;

/**
 * A filter over expansion options, as CA's {@code --expander} strategies are: it keeps the best
 * options and drops the rest, keeping every option that ties for best. Given a non-empty list it
 * returns a non-empty sublist, in input order; given an empty list, an empty list. It is pure: the
 * same options give the same answer.
 */
public interface Expander {

  /** The best of {@code options} by this expander's measure, ties kept. */
  List<ExpansionOption> bestOptions(List<ExpansionOption> options);

  /**
   * What a user should hear about when {@link #bestOptions} is applied to {@code options}: groups
   * dropped for a reason that is a configuration problem rather than a worse score (a group without
   * a price, a group no priority regex names). Empty by default.
   */
  default List<String> warnings(List<ExpansionOption> options) {
    return List.of();
  }
}
