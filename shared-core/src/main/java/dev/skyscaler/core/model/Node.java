package dev.skyscaler.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A node as the scaling core sees it. Scheduling uses {@code allocatable}, never {@code capacity}.
 *
 * @param ready the Ready condition is True
 * @param unschedulable cordoned ({@code spec.unschedulable})
 * @param providerId cloud instance identity, empty when unknown
 * @param conditions the status conditions as last reported (Ready among them)
 */
public record Node(
    String name,
    Map<String, String> labels,
    Map<String, String> annotations,
    List<Taint> taints,
    Resources capacity,
    Resources allocatable,
    boolean unschedulable,
    boolean ready,
    String providerId,
    Instant creationTime,
    List<NodeCondition> conditions) {

  public static final String HOSTNAME_LABEL = "kubernetes.io/hostname";
  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  public Node {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("node name must not be blank");
    }
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
    taints = List.copyOf(taints);
    Objects.requireNonNull(capacity, "capacity");
    Objects.requireNonNull(allocatable, "allocatable");
    providerId = providerId == null ? "" : providerId;
    Objects.requireNonNull(creationTime, "creationTime");
    conditions = List.copyOf(conditions);
  }

  /** The condition of this type, if the node reports it. */
  public java.util.Optional<NodeCondition> condition(String type) {
    return conditions.stream().filter(c -> c.type().equals(type)).findFirst();
  }
}
