package dev.skyscaler.core.plan.action;

/** Mark a node unschedulable ({@code spec.unschedulable: true}). Kubernetes side. */
public record CordonNode(String node) implements Action {
  @Override
  public String describe() {
    return "cordon " + node;
  }
}
