package dev.skyscaler.core.state;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One node group's backoff after failed scale-ups, as CA's {@code exponentialBackoffInfo}, with
 * why, as CA's {@code backoffInfo} in its status.
 *
 * @param duration the length of the current backoff
 * @param until the group is left out of scale-up before this instant
 * @param lastFailure when the last failed scale-up was seen; the backoff is forgotten {@code
 *     --node-group-backoff-reset-timeout} after it
 * @param errorCode CA's code of the failure: {@code timeout} (requested nodes did not come within
 *     {@code --max-node-provision-time}) or {@code cloudProviderError} (the cloud could not create
 *     instances); a state written before these fields reads as {@code cloudProviderError}
 * @param errorMessage what failed, for people
 */
public record NodeGroupBackoff(
    Duration duration, Instant until, Instant lastFailure, String errorCode, String errorMessage) {
  /** The failure of a group the cloud reported instances of that it could not create. */
  public static final String CLOUD_PROVIDER_ERROR = "cloudProviderError";

  /** The failure of a group whose requested nodes did not come in time. */
  public static final String TIMEOUT = "timeout";

  public NodeGroupBackoff {
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(until, "until");
    Objects.requireNonNull(lastFailure, "lastFailure");
    errorCode = errorCode == null || errorCode.isBlank() ? CLOUD_PROVIDER_ERROR : errorCode;
    errorMessage =
        errorMessage == null || errorMessage.isBlank() ? "a scale-up failed" : errorMessage;
  }

  /** A backoff after a failure the cloud reported (no more detail). */
  public NodeGroupBackoff(Duration duration, Instant until, Instant lastFailure) {
    this(duration, until, lastFailure, CLOUD_PROVIDER_ERROR, "a scale-up failed");
  }

  /** Whether the group is still left out of scale-up at {@code now}. */
  public boolean activeAt(Instant now) {
    return until.isAfter(now);
  }
}
