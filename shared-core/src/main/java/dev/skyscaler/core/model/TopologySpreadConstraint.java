package dev.skyscaler.core.model;

import java.util.Objects;

/**
 * A topology spread constraint. Only {@code DoNotSchedule} constraints filter nodes; {@code
 * ScheduleAnyway} ones are kept for completeness and ignored by the simulation, as the scheduler's
 * filter does. The node policies default as in Kubernetes: affinity honoured, taints ignored.
 */
public record TopologySpreadConstraint(
    int maxSkew,
    String topologyKey,
    boolean doNotSchedule,
    LabelSelector selector,
    int minDomains,
    boolean honorNodeAffinity,
    boolean honorNodeTaints) {
  public TopologySpreadConstraint {
    if (maxSkew < 1) {
      throw new IllegalArgumentException(
          "topology spread maxSkew must be at least 1, was " + maxSkew);
    }
    if (topologyKey == null || topologyKey.isBlank()) {
      throw new IllegalArgumentException("topology spread constraint needs a topologyKey");
    }
    Objects.requireNonNull(selector, "selector");
    minDomains = Math.max(1, minDomains);
  }
}
