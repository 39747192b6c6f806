package dev.skyscaler.core.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A scalable group of identical nodes (an Auto Scaling Group, a VM Scale Set).
 *
 * @param targetSize the size the cloud is asked for; more than the member nodes means nodes are
 *     booting (upcoming)
 * @param memberNodes names of the registered nodes that belong to the group
 * @param template the declared template, required when the group has no member to copy
 * @param price cost per node-hour, when known
 */
public record NodeGroup(
    String name,
    int minSize,
    int maxSize,
    int targetSize,
    Set<String> memberNodes,
    Optional<NodeTemplate> template,
    OptionalDouble price) {

  public NodeGroup {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("node group name must not be blank");
    }
    if (minSize < 0) {
      throw new IllegalArgumentException(
          "node group " + name + ": minSize must be at least 0, was " + minSize);
    }
    if (maxSize < minSize) {
      throw new IllegalArgumentException(
          "node group "
              + name
              + ": minSize ("
              + minSize
              + ") must not exceed maxSize ("
              + maxSize
              + ")");
    }
    if (targetSize < 0) {
      throw new IllegalArgumentException(
          "node group " + name + ": targetSize must be at least 0, was " + targetSize);
    }
    memberNodes = Set.copyOf(memberNodes);
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(price, "price");
    if (memberNodes.isEmpty() && template.isEmpty()) {
      throw new IllegalArgumentException(
          "node group " + name + ": has no member nodes, so it needs a template");
    }
  }
}
