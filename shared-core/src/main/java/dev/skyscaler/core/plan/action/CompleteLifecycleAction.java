package dev.skyscaler.core.plan.action;

/**
 * Tell the cloud a termination lifecycle hook may proceed ({@code CONTINUE}) or extend it ({@code
 * HEARTBEAT}) while a drain is still running. AWS only; other providers ignore it.
 */
public record CompleteLifecycleAction(
    String nodeGroup, String providerId, String hookName, String token, Result result)
    implements Action {
  /** What to tell the hook. */
  public enum Result {
    CONTINUE,
    HEARTBEAT
  }

  @Override
  public String describe() {
    return (result == Result.CONTINUE ? "complete" : "heartbeat")
        + " lifecycle hook "
        + hookName
        + " for "
        + providerId;
  }
}
