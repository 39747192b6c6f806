package dev.skyscaler.core.state;

import java.time.Instant;
import java.util.Objects;

/**
 * The removal of one node, in progress. It outlives a scan: every scan continues it from {@code
 * step}.
 *
 * @param node the node's name
 * @param nodeGroup the group the node is removed from
 * @param providerId the instance to delete
 * @param step where the removal stands
 * @param empty true when the node had no pods to move: it is deleted without evictions
 * @param reason why the node goes, as CA's metric labels say it: {@code empty}, {@code
 *     underutilized} or {@code unready}
 * @param started when the node was tainted; evictions are retried until {@code started +
 *     max-pod-eviction-time}
 * @param deadline while tainting or evicting: when the drain stops waiting for evicted pods to
 *     terminate and deletes the instance ({@code started + max-pod-eviction-time + grace + 30s});
 *     while deleting: when a node that is still there counts as a failed deletion
 */
public record Drain(
    String node,
    String nodeGroup,
    String providerId,
    DrainStep step,
    boolean empty,
    String reason,
    Instant started,
    Instant deadline) {
  public Drain {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    Objects.requireNonNull(providerId, "providerId");
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(deadline, "deadline");
  }

  /** The same drain at another step, with a new deadline. */
  public Drain at(DrainStep next, Instant nextDeadline) {
    return new Drain(node, nodeGroup, providerId, next, empty, reason, started, nextDeadline);
  }
}
