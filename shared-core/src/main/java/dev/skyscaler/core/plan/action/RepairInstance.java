package dev.skyscaler.core.plan.action;

/**
 * Repair an unhealthy node's instance at one rung of the escalation ladder. Providers map the rungs
 * to what their cloud offers (AWS: mark unhealthy so the ASG replaces it; Azure: restart, then
 * reimage, then replace).
 */
public record RepairInstance(String nodeGroup, String node, String providerId, Level level)
    implements Action {
  /** The escalation ladder, mildest first. */
  public enum Level {
    RESTART,
    REIMAGE,
    REPLACE
  }

  @Override
  public String describe() {
    return level.name().toLowerCase(java.util.Locale.ROOT) + " " + node + " of " + nodeGroup;
  }
}
