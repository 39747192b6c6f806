package dev.skyscaler.core.plan.action;

/**
 * A Kubernetes event with CA's reasons ({@code TriggeredScaleUp}, {@code NotTriggerScaleUp}, {@code
 * ScaleDown}, {@code ScaleDownFailed}, ...), on a pod, a node or the status ConfigMap. Writers
 * aggregate and rate-limit them.
 *
 * @param kind {@code Pod}, {@code Node} or {@code ConfigMap}
 * @param object {@code namespace/name} for namespaced objects, the name otherwise
 */
public record RecordEvent(
    String kind, String object, String reason, String message, boolean warning) implements Action {
  @Override
  public String describe() {
    return (warning ? "warning " : "event ")
        + reason
        + " on "
        + kind
        + " "
        + object
        + ": "
        + message;
  }
}
