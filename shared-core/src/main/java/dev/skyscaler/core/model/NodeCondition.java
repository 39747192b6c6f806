package dev.skyscaler.core.model;

import java.time.Instant;
import java.util.Objects;

/**
 * One condition of a node's status ({@code Ready}, {@code MemoryPressure}, Azure's {@code
 * PreemptionScheduled}, ...), with the time it last changed: health decisions measure how long a
 * node has been NotReady from it.
 *
 * @param status {@code True}, {@code False} or {@code Unknown}
 */
public record NodeCondition(String type, String status, Instant lastTransitionTime, String reason) {
  public NodeCondition {
    if (type == null || type.isBlank()) {
      throw new IllegalArgumentException("node condition type must not be blank");
    }
    if (!"True".equals(status) && !"False".equals(status) && !"Unknown".equals(status)) {
      throw new IllegalArgumentException(
          "node condition " + type + ": status must be True, False or Unknown, was " + status);
    }
    Objects.requireNonNull(lastTransitionTime, "lastTransitionTime");
    reason = reason == null ? "" : reason;
  }

  public boolean isTrue() {
    return "True".equals(status);
  }
}
