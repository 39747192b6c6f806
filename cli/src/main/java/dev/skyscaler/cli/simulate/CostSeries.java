package dev.skyscaler.cli.simulate;

import java.time.Duration;

/**
 * Money over a run, for charts: what the priced groups have cost so far, and what they would have
 * cost without autoscaling (each group at its peak throughout). Value {@code k} is the total at
 * {@code k × interval} after the start, the last one at the end; an instance counted in a sample
 * runs until the next, as the simulated cloud launches and terminates only at scans.
 */
final class CostSeries {
  private CostSeries() {}

  /** Spent so far: sample counts of instances times price, per interval; n + 1 values. */
  static double[] spent(SimulationResult r) {
    Samples s = r.samples();
    double[] prices = prices(r);
    double[] totals = new double[s.size() + 1];
    long intervalMillis = s.interval().toMillis();
    long durationMillis = r.scenario().duration().toMillis();
    for (int k = 0; k < s.size(); k++) {
      long from = k * intervalMillis;
      long to = Math.min(durationMillis, from + intervalMillis);
      double perHour = 0;
      for (int g = 0; g < prices.length; g++) {
        perHour += s.instances()[g][k] * prices[g];
      }
      totals[k + 1] = totals[k] + perHour * Math.max(0, to - from) / 3_600_000.0;
    }
    return totals;
  }

  /** The baseline so far: every priced group at its peak; n + 1 values like {@link #spent}. */
  static double[] baseline(SimulationResult r) {
    Samples s = r.samples();
    double[] prices = prices(r);
    double perHour = 0;
    for (int g = 0; g < prices.length; g++) {
      perHour += r.summary().groups().get(g).peakNodes() * prices[g];
    }
    double[] totals = new double[s.size() + 1];
    Duration duration = r.scenario().duration();
    for (int k = 0; k <= s.size(); k++) {
      long at = Math.min(duration.toMillis(), k * s.interval().toMillis());
      totals[k] = perHour * at / 3_600_000.0;
    }
    return totals;
  }

  /** Each group's price per node-hour, 0 for groups without one, in the samples' order. */
  private static double[] prices(SimulationResult r) {
    return r.summary().groups().stream()
        .mapToDouble(g -> g.price().isPresent() ? g.price().getAsDouble() : 0)
        .toArray();
  }
}
