package dev.skyscaler.core.plan.action;

/** Remove every taint with this key from a node, if present. Kubernetes side. */
public record RemoveTaint(String node, String taintKey) implements Action {
  @Override
  public String describe() {
    return "remove taint " + taintKey + " from " + node;
  }
}
