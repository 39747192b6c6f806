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
    return update(previous, instances, Map.of(), options, now);
  }

  /**
   * The backoffs after a scan at {@code now} that saw {@code instances} and found the scale-ups of
   * {@code timedOut} timed out (group to what failed, {@link HealthDecision#timedOut()}).
   */
  public static Map<String, NodeGroupBackoff> update(
      Map<String, NodeGroupBackoff> previous,
      List<CloudInstance> instances,
      Map<String, String> timedOut,
      BackoffOptions options,
      Instant now) {
    Map<String, NodeGroupBackoff> next = new TreeMap<>();
    previous.forEach(
        (group, b) -> {
          if (!b.lastFailure().plus(options.resetTimeout()).isBefore(now)) {
            next.put(group, b); // CA's RemoveStaleBackoffData keeps it until then
          }
        });
    Map<String, String[]> failures = new TreeMap<>();
    timedOut.forEach((g, why) -> failures.put(g, new String[] {NodeGroupBackoff.TIMEOUT, why}));
    failedGroups(instances)
        .forEach(
            (g, n) ->
                failures.put(
                    g,
                    new String[] {
                      NodeGroupBackoff.CLOUD_PROVIDER_ERROR,
                      "the cloud could not create " + n + " instance(s)"
                    }));
    failures.forEach(
        (group, why) -> {
          NodeGroupBackoff b = next.get(group);
          if (b == null || !b.activeAt(now)) {
            next.put(group, failed(b, options, now, why[0], why[1]));
          }
        });
    return next;
  }

  /** CA's {@code Backoff}: the initial duration, or twice the last one (capped) once it ended. */
  static NodeGroupBackoff failed(NodeGroupBackoff previous, BackoffOptions options, Instant now) {
    return failed(
        previous, options, now, NodeGroupBackoff.CLOUD_PROVIDER_ERROR, "a scale-up failed");
  }

  private static NodeGroupBackoff failed(
      NodeGroupBackoff previous,
      BackoffOptions options,
      Instant now,
      String errorCode,
      String errorMessage) {
    Duration d = options.initial();
    if (previous != null && previous.until().isBefore(now)) {
      d = previous.duration().multipliedBy(2);
      if (d.compareTo(options.max()) > 0) {
        d = options.max();
      }
    }
    return new NodeGroupBackoff(d, now.plus(d), now, errorCode, errorMessage);
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
                    + ", "
                    + e.getValue().errorMessage()
                    + "): it gets no new node until then")
        .toList();
  }

  /** Groups with instances the cloud could not create, and how many. */
  private static Map<String, Integer> failedGroups(List<CloudInstance> instances) {
    Map<String, Integer> result = new TreeMap<>();
    for (CloudInstance i : instances) {
      if (i.state() == InstanceState.FAILED) {
        result.merge(i.nodeGroup(), 1, Integer::sum);
      }
    }
    return result;
  }
}
