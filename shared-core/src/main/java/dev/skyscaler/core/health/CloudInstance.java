package dev.skyscaler.core.health;

import java.time.Instant;
import java.util.Objects;

/**
 * An instance as the cloud reports it for a node group (an ASG instance, a VMSS VM), matched to
 * nodes by provider id ({@link dev.skyscaler.core.interruption.ProviderIds}).
 *
 * @param providerId the node provider id the instance will register with ({@code aws:///zone/i-…},
 *     {@code azure:///subscriptions/…}) or its bare instance id
 * @param createdAt when the cloud launched it
 */
public record CloudInstance(String nodeGroup, String providerId, State state, Instant createdAt) {
  /** The instance's life cycle, reduced to what health decisions need. */
  public enum State {
    /** Being created or booting. */
    PENDING,
    /** Running. */
    RUNNING,
    /** Being stopped or deleted: nothing left to do about it. */
    TERMINATING
  }

  public CloudInstance {
    if (nodeGroup == null || nodeGroup.isBlank()) {
      throw new IllegalArgumentException("cloud instance " + providerId + ": no node group");
    }
    if (providerId == null || providerId.isBlank()) {
      throw new IllegalArgumentException("cloud instance of " + nodeGroup + ": no provider id");
    }
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(createdAt, "createdAt");
  }
}
