package dev.skyscaler.core.plan.action;

import dev.skyscaler.core.model.Taint;

/** Add (or update the value of) a taint on a node, leaving other taints alone. Kubernetes side. */
public record TaintNode(String node, Taint taint) implements Action {
  @Override
  public String describe() {
    return "taint " + node + " with " + taint;
  }
}
