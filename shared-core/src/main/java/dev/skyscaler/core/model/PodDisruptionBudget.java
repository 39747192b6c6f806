package dev.skyscaler.core.model;

import java.util.Objects;

/** A PodDisruptionBudget as observed: which pods it guards and how many may go now. */
public record PodDisruptionBudget(
    String namespace, String name, LabelSelector selector, int disruptionsAllowed) {
  public PodDisruptionBudget {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(selector, "selector");
  }

  public boolean guards(Pod pod) {
    return namespace.equals(pod.namespace()) && selector.matches(pod.labels());
  }
}
