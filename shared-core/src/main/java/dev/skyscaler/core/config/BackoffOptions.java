package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a node group is left out of scale-up after a failed one, CA's exponential backoff
 * ({@code utils/backoff/exponential_backoff.go}).
 *
 * @param initial {@code --initial-node-group-backoff-duration}: the first backoff
 * @param max {@code --max-node-group-backoff-duration}: the longest backoff, however many failures
 * @param resetTimeout {@code --node-group-backoff-reset-timeout}: a group whose last failure is
 *     longer ago than this starts again from {@code initial}
 */
public record BackoffOptions(Duration initial, Duration max, Duration resetTimeout) {
  /** CA's defaults: 5m, 30m, 3h. */
  public static final BackoffOptions DEFAULTS =
      new BackoffOptions(Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(3));

  public BackoffOptions {
    positive(initial, "initial-node-group-backoff-duration");
    positive(max, "max-node-group-backoff-duration");
    positive(resetTimeout, "node-group-backoff-reset-timeout");
    if (max.compareTo(initial) < 0) {
      throw new IllegalArgumentException(
          "max-node-group-backoff-duration ("
              + GoDuration.format(max)
              + ") must not be shorter than initial-node-group-backoff-duration ("
              + GoDuration.format(initial)
              + ")");
    }
  }

  private static void positive(Duration d, String flag) {
    Objects.requireNonNull(d, flag);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(flag + " must be greater than 0s");
    }
  }
}
