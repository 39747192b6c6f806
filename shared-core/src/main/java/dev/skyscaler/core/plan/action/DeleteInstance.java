package dev.skyscaler.core.plan.action;

/**
 * Terminate the cloud instance behind a node. {@code decrementTarget} is true for a scale-down (the
 * group shrinks) and false for a replacement (the group keeps its size and starts a new one).
 *
 * @param node the node name, empty for an instance that never registered
 */
public record DeleteInstance(
    String nodeGroup, String node, String providerId, boolean decrementTarget, String reason)
    implements Action {
  @Override
  public String describe() {
    return (decrementTarget ? "delete " : "replace ")
        + (node.isEmpty() ? providerId : node)
        + " of "
        + nodeGroup
        + " ("
        + reason
        + ")";
  }
}
