package dev.skyscaler.core.state;

import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.time.Instant;
import java.util.Objects;

/**
 * The repair in progress in one node group: which node, the rung last tried and when.
 *
 * @param providerId the node's instance when the repair started: a node of the same name on another
 *     instance is a replacement, so the repair is over
 */
public record RepairRecord(String node, String providerId, Level level, Instant issuedAt) {
  public RepairRecord {
    if (node == null || node.isBlank()) {
      throw new IllegalArgumentException("a repair record needs a node");
    }
    providerId = providerId == null ? "" : providerId;
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(issuedAt, "issuedAt");
  }
}
