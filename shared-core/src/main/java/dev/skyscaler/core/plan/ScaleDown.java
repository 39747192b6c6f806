package dev.skyscaler.core.plan;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A node that would be removed once it has stayed unneeded for {@code scale-down-unneeded-time}:
 * its group, whether it is empty, and where each pod on it would go ({@code namespace/name} →
 * destination node).
 *
 * @param utilization the node's utilisation as the threshold sees it (max of cpu and memory, or the
 *     GPU's on GPU nodes), 0 to 1 (more when overcommitted)
 * @param unneededSince when the node became unneeded, kept across scans in the state
 * @param removableAt when it has been unneeded long enough to be removed ({@code
 *     scale-down-unneeded-time}, or {@code scale-down-unready-time} for an unready node)
 */
public record ScaleDown(
    String node,
    String nodeGroup,
    boolean empty,
    Map<String, String> moves,
    double utilization,
    Instant unneededSince,
    Instant removableAt) {
  public ScaleDown {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    moves = java.util.Collections.unmodifiableMap(new TreeMap<>(moves));
    Objects.requireNonNull(unneededSince, "unneededSince");
    Objects.requireNonNull(removableAt, "removableAt");
  }
}
