package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.Objects;

/**
 * How long pods waited for a node: how many needed one, how many waited at all, the nearest-rank
 * percentiles of their waits, and the pod-seconds spent waiting within the simulated window.
 *
 * @param pods pods that needed a node (created or replaced without one)
 * @param waited those of them that did not get one in the scan that created them
 * @param p50 the wait that half the pods did not exceed (nearest rank), 0 when no pod needed a node
 * @param stillWaiting pods still without a node at the end
 */
public record WaitStats(
    int pods,
    int waited,
    Duration p50,
    Duration p90,
    Duration p99,
    Duration max,
    double podSeconds,
    int stillWaiting) {
  public static final WaitStats NONE =
      new WaitStats(0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0);

  public WaitStats {
    Objects.requireNonNull(p50, "p50");
    Objects.requireNonNull(p90, "p90");
    Objects.requireNonNull(p99, "p99");
    Objects.requireNonNull(max, "max");
    if (waited > pods || stillWaiting > pods) {
      throw new IllegalArgumentException("more pods waited than needed a node");
    }
  }

  /** From waits in milliseconds, sorted ascending. */
  static WaitStats of(long[] sortedMillis, double podSeconds, int stillWaiting) {
    int n = sortedMillis.length;
    if (n == 0) {
      return NONE;
    }
    int waited = 0;
    for (long ms : sortedMillis) {
      waited += ms > 0 ? 1 : 0;
    }
    return new WaitStats(
        n,
        waited,
        rank(sortedMillis, 50),
        rank(sortedMillis, 90),
        rank(sortedMillis, 99),
        Duration.ofMillis(sortedMillis[n - 1]),
        podSeconds,
        stillWaiting);
  }

  /** The nearest-rank percentile: the smallest wait that at least p% of the pods did not exceed. */
  static Duration rank(long[] sortedMillis, int percent) {
    int index = (int) Math.ceil(percent / 100.0 * sortedMillis.length) - 1;
    return Duration.ofMillis(sortedMillis[Math.max(0, index)]);
  }
}
