package dev.skyscaler.core.plan.action;

/** Set a node group's target (desired) size. Cloud side. */
public record SetTargetSize(String nodeGroup, int from, int to, String reason) implements Action {
  public SetTargetSize {
    if (to < 0) {
      throw new IllegalArgumentException("target size of " + nodeGroup + " cannot be negative");
    }
  }

  @Override
  public String describe() {
    return "set " + nodeGroup + " target size " + from + " -> " + to + " (" + reason + ")";
  }
}
