package dev.skyscaler.kubernetes;

import java.time.Duration;
import java.util.Objects;

/**
 * One API call's request timeout and retries, fitted in a time budget: every attempt and the
 * back-off between them included (an attempt's request timeout runs from its send, the connection
 * it may have to open included). Retries are dropped before the budget cuts an attempt under {@link
 * #MIN_ATTEMPT} (or under the configured timeout, when that is shorter); with no room even for one
 * attempt, the attempt gets what there is.
 *
 * @param attemptTimeout the request timeout of each attempt
 * @param retries how many times a failed attempt is retried
 * @param retryInterval the first retry's delay; each later one doubles it
 */
public record CallBudget(Duration attemptTimeout, int retries, Duration retryInterval) {
  /** The shortest attempt worth making when a retry could be dropped instead. */
  public static final Duration MIN_ATTEMPT = Duration.ofSeconds(1);

  public CallBudget {
    Objects.requireNonNull(attemptTimeout, "attemptTimeout");
    Objects.requireNonNull(retryInterval, "retryInterval");
  }

  /** The connection's own timeout and retries, cut to fit {@code budget}. */
  public static CallBudget within(Duration budget, ConnectionOptions options, boolean retry) {
    int most = retry ? options.retries() : 0;
    for (int r = most; r >= 0; r--) {
      Duration backoff = options.retryInterval().multipliedBy((1L << r) - 1);
      Duration perAttempt = budget.minus(backoff).dividedBy(r + 1L);
      Duration attempt = min(options.requestTimeout(), perAttempt);
      if (attempt.compareTo(min(options.requestTimeout(), MIN_ATTEMPT)) >= 0 || r == 0) {
        Duration last = attempt.isNegative() || attempt.isZero() ? Duration.ofMillis(1) : attempt;
        return new CallBudget(last, r, options.retryInterval());
      }
    }
    throw new IllegalStateException("unreachable: the loop ends at r = 0");
  }

  /** True when this budget leaves the connection's own settings as they are. */
  public boolean unchanged(ConnectionOptions options, boolean retry) {
    return attemptTimeout.equals(options.requestTimeout())
        && retries == (retry ? options.retries() : 0);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
