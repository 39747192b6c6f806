package dev.skyscaler.core.plan;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A node that would be removed once it has stayed unneeded for {@code scale-down-unneeded-time}:
 * its group, whether it is empty, and where each pod on it would go ({@code namespace/name} →
 * destination node).
 */
public record ScaleDown(String node, String nodeGroup, boolean empty, Map<String, String> moves) {
  public ScaleDown {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    moves = java.util.Collections.unmodifiableMap(new TreeMap<>(moves));
  }
}
