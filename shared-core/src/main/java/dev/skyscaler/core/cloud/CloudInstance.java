package dev.skyscaler.core.cloud;

import java.time.Instant;
import java.util.Objects;

/**
 * An instance as the cloud reports it, whether or not a node has registered for it yet. Matched to
 * nodes by {@code providerId} ({@code aws:///eu-west-1a/i-0abc…}, {@code
 * azure:///subscriptions/…/virtualMachines/3}).
 */
public record CloudInstance(
    String nodeGroup, String providerId, InstanceState state, Instant launchTime) {
  /** Lifecycle state, reduced to what the autoscaler acts on. */
  public enum InstanceState {
    /** Requested, not running yet. */
    PENDING,
    RUNNING,
    /** Being terminated or deleted. */
    TERMINATING,
    /** The cloud could not create it (quota, capacity): a failed scale-up. */
    FAILED
  }

  public CloudInstance {
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    if (providerId == null || providerId.isBlank()) {
      throw new IllegalArgumentException("cloud instance of " + nodeGroup + " needs a providerId");
    }
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(launchTime, "launchTime");
  }
}
