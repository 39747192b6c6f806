package dev.skyscaler.core.plan.action;

/**
 * Evict a pod through the policy/v1 Eviction API with this grace period. A refusal because of a
 * PodDisruptionBudget (HTTP 429) is not an error: the next scan plans the eviction again.
 *
 * @param pod {@code namespace/name}
 */
public record EvictPod(String pod, String node, long gracePeriodSeconds) implements Action {
  public EvictPod {
    if (gracePeriodSeconds < 0) {
      throw new IllegalArgumentException("grace period of " + pod + " cannot be negative");
    }
  }

  @Override
  public String describe() {
    return "evict " + pod + " from " + node + " (grace " + gracePeriodSeconds + "s)";
  }
}
