package dev.skyscaler.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a new node of a group will look like before it exists: the cloud template (instance type
 * capacity plus template tags). As in CA, allocatable equals capacity for a declared template;
 * DaemonSet overhead is added by the planner.
 */
public record NodeTemplate(Resources capacity, Map<String, String> labels, List<Taint> taints) {
  public NodeTemplate {
    Objects.requireNonNull(capacity, "capacity");
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    if (capacity.pods() == 0) {
      capacity = capacity.withPods(110); // kubelet's default max-pods
    }
  }
}
