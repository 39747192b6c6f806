package dev.skyscaler.magnum.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A Magnum node group as {@code GET /v1/clusters/{id}/nodegroups/{id}} answers (microversion 1.10):
 * the list omits {@code min_node_count} and {@code max_node_count}, so each one is read.
 *
 * @param maxNodeCount empty when Magnum has none (not autoscaled)
 * @param nodeAddresses the servers' IP addresses, as the driver reports them (may be empty)
 */
public record MagnumNodeGroup(
    String uuid,
    String name,
    String role,
    int nodeCount,
    int minNodeCount,
    Optional<Integer> maxNodeCount,
    String flavorId,
    Map<String, String> labels,
    List<String> nodeAddresses,
    String status,
    String statusReason) {
  public MagnumNodeGroup {
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(maxNodeCount, "maxNodeCount");
    labels = Map.copyOf(labels);
    nodeAddresses = List.copyOf(nodeAddresses);
  }

  /** {@code <name>-<first segment of the uuid>}, as Cluster Autoscaler names Magnum node groups. */
  public String id() {
    int dash = uuid.indexOf('-');
    return name + "-" + (dash < 0 ? uuid : uuid.substring(0, dash));
  }
}
