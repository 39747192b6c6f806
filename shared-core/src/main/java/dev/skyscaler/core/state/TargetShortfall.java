package dev.skyscaler.core.state;

import java.time.Instant;
import java.util.Objects;

/**
 * A node group whose target size is above the instances the cloud has for it, as CA's {@code
 * IncorrectNodeGroupSize}: since when the same target and the same count have been seen. A change
 * in either starts it again, so a group that keeps getting nodes is never cut short.
 *
 * @param target the group's target size
 * @param instances its running or pending instances
 * @param since when this target and this count were first seen together
 */
public record TargetShortfall(int target, int instances, Instant since) {
  public TargetShortfall {
    if (instances < 0 || target <= instances) {
      throw new IllegalArgumentException(
          "a shortfall needs a target (" + target + ") above the instances (" + instances + ")");
    }
    Objects.requireNonNull(since, "since");
  }
}
