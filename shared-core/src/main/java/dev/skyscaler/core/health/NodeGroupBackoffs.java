package dev.skyscaler.core.health;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.config.BackoffOptions;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.state.NodeGroupBackoff;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * CA's exponential node-group backoff ({@code utils/backoff/exponential_backoff.go}) over the
 * scans' state. A failed scale-up is a group the cloud reports an instance of as {@link
 * InstanceState#FAILED} (capacity, quota: the providers mark the capacity asked for but not created
 * that way). A failure while the group is backed off is the same failure seen again: it changes
 * nothing, so a failure the cloud keeps reporting backs the group off again only once its backoff
 * has ended. A new failure after that doubles the backoff, up to {@code
 * --max-node-group-backoff-duration}; a group whose last failure is more than {@code
 * --node-group-backoff-reset-timeout} ago is forgotten, so its next failure starts again from
 * {@code --initial-node-group-backoff-duration}. Pure: the time is a parameter.
 */
public final class NodeGroupBackoffs {
  private NodeGroupBackoffs() {}

  /** The backoffs after a scan at {@code now} that saw {@code instances}. */
  public static Map<String, NodeGroupBackoff> update(
      Map<String, NodeGroupBackoff> previous,
      List<CloudInstance> instances,
      BackoffOptions options,
      Instant now) {
    Map<String, NodeGroupBackoff> next = new TreeMap<>();
    previous.forEach(
        (group, b) -> {
          if (!b.lastFailure().plus(options.resetTimeout()).isBefore(now)) {
            next.put(group, b); // CA's RemoveStaleBackoffData keeps it until then
          }
        });
    for (String group : failedGroups(instances)) {
      NodeGroupBackoff b = next.get(group);
      if (b == null || !b.activeAt(now)) {
        next.put(group, failed(b, options, now));
      }
    }
    return next;
  }

  /** CA's {@code Backoff}: the initial duration, or twice the last one (capped) once it ended. */
  static NodeGroupBackoff failed(NodeGroupBackoff previous, BackoffOptions options, Instant now) {
    Duration d = options.initial();
    if (previous != null && previous.until().isBefore(now)) {
      d = previous.duration().multipliedBy(2);
      if (d.compareTo(options.max()) > 0) {
        d = options.max();
      }
    }
    return new NodeGroupBackoff(d, now.plus(d), now);
  }

  /** The groups left out of scale-up at {@code now}. */
  public static Set<String> backedOff(Map<String, NodeGroupBackoff> backoffs, Instant now) {
    Set<String> result = new TreeSet<>();
    backoffs.forEach(
        (group, b) -> {
          if (b.activeAt(now)) {
            result.add(group);
          }
        });
    return result;
  }

  /** One line per group backed off at {@code now}, for the plan's warnings. */
  public static List<String> warnings(Map<String, NodeGroupBackoff> backoffs, Instant now) {
    return backoffs.entrySet().stream()
        .filter(e -> e.getValue().activeAt(now))
        .map(
            e ->
                "node group "
                    + e.getKey()
                    + " is in backoff after a failed scale-up until "
                    + e.getValue().until()
                    + " ("
                    + GoDuration.format(e.getValue().duration())
                    + "): it gets no new node until then")
        .toList();
  }

  private static Set<String> failedGroups(List<CloudInstance> instances) {
    Set<String> result = new TreeSet<>();
    for (CloudInstance i : instances) {
      if (i.state() == InstanceState.FAILED) {
        result.add(i.nodeGroup());
      }
    }
    return result;
  }
}
