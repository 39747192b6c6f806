package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Keeping the options with the lowest score, with a tolerance for floating-point noise. */
final class Scores {
  /** Relative tolerance: scores this close are a tie, not a preference. */
  static final double EPSILON = 1e-9;

  private Scores() {}

  /** The options whose score is the minimum (within {@link #EPSILON}), in input order. */
  static List<ExpansionOption> lowest(
      List<ExpansionOption> options, ToDoubleFunction<ExpansionOption> score) {
    if (options.isEmpty()) {
      return List.of();
    }
    double[] scores = options.stream().mapToDouble(score).toArray();
    double min = Double.POSITIVE_INFINITY;
    for (double s : scores) {
      min = Math.min(min, s);
    }
    List<ExpansionOption> best = new ArrayList<>();
    for (int i = 0; i < scores.length; i++) {
      if (ties(scores[i], min)) {
        best.add(options.get(i));
      }
    }
    return List.copyOf(best);
  }

  private static boolean ties(double s, double min) {
    if (s == min) {
      return true; // also covers infinities
    }
    return Math.abs(s - min) <= EPSILON * Math.max(1.0, Math.abs(min));
  }
}
