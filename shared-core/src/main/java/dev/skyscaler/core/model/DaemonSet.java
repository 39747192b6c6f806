package dev.skyscaler.core.model;

import java.util.Objects;

/**
 * A DaemonSet, kept for the overhead it puts on every new node: {@code podTemplate} carries the
 * requests and the node selection (selector, affinity, tolerations) of its pods.
 */
public record DaemonSet(String namespace, String name, Pod podTemplate) {
  public DaemonSet {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(podTemplate, "podTemplate");
  }
}
