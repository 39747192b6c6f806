package dev.skyscaler.core.state;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One node group's backoff after failed scale-ups, as CA's {@code exponentialBackoffInfo}.
 *
 * @param duration the length of the current backoff
 * @param until the group is left out of scale-up before this instant
 * @param lastFailure when the last failed scale-up was seen; the backoff is forgotten {@code
 *     --node-group-backoff-reset-timeout} after it
 */
public record NodeGroupBackoff(Duration duration, Instant until, Instant lastFailure) {
  public NodeGroupBackoff {
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(until, "until");
    Objects.requireNonNull(lastFailure, "lastFailure");
  }

  /** Whether the group is still left out of scale-up at {@code now}. */
  public boolean activeAt(Instant now) {
    return until.isAfter(now);
  }
}
