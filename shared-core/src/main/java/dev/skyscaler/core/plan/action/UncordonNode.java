package dev.skyscaler.core.plan.action;

/** Make a node schedulable again. Kubernetes side. */
public record UncordonNode(String node) implements Action {
  @Override
  public String describe() {
    return "uncordon " + node;
  }
}
