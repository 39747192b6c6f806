package dev.skyscaler.core.state;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the interruption policy keeps between scans (to be persisted with the autoscaler state, as
 * JSON): the interrupted nodes, and the ids of notices already handled so a redelivered one is
 * recognised. Both forget an entry {@code --interruption-notice-retention} after its deadline.
 *
 * @param nodes by node name
 * @param seenNotices notice id to the time it may be forgotten
 */
public record InterruptionState(
    Map<String, InterruptedNode> nodes, Map<String, Instant> seenNotices) {
  public static final InterruptionState EMPTY = new InterruptionState(Map.of(), Map.of());

  public InterruptionState {
    nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
    seenNotices = Collections.unmodifiableMap(new TreeMap<>(seenNotices));
  }
}
