package dev.skyscaler.core.interruption;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.action.EvictPod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The evictions that empty an interrupted node in time. DaemonSet pods and mirror (static) pods
 * stay: they go with the node. Order: least critical first (priority), then shortest grace period,
 * then name.
 *
 * <ul>
 *   <li>Under a hard deadline every pod is evicted at once, each with its grace period capped to
 *       {@code deadline − now − margin} (0 when that is past), so all are gone before the instance
 *       is.
 *   <li>Without one (a lifecycle hook, which heartbeats extend, or a rebalance drain) pods leave in
 *       two waves with their own grace periods: first the ordinary ones, then, once none of those
 *       is left, the critical ones (priority of {@code system-cluster-critical} and above), so
 *       cluster services keep running while the rest moves.
 * </ul>
 *
 * <p>A pod already terminating is not evicted again; it still counts as not yet gone.
 */
final class DrainPlan {
  /** {@code system-cluster-critical}; {@code system-node-critical} is above it. */
  static final int CRITICAL_PRIORITY = 2_000_000_000;

  private static final Comparator<Pod> ORDER =
      Comparator.comparingInt(Pod::priority)
          .thenComparingLong(Pod::terminationGracePeriodSeconds)
          .thenComparing(Pod::key);

  /**
   * @param evictions what to evict now
   * @param drained no pod that must leave is left on the node
   */
  record Result(List<EvictPod> evictions, boolean drained) {}

  private DrainPlan() {}

  static Result plan(
      String node,
      List<Pod> podsOnNode,
      Optional<Instant> hardDeadline,
      Duration margin,
      Instant now) {
    List<Pod> mustLeave = new ArrayList<>();
    for (Pod p : podsOnNode) {
      if (!p.isTerminal() && !p.isDaemonSetPod() && !p.isMirror()) {
        mustLeave.add(p);
      }
    }
    List<Pod> toEvict =
        mustLeave.stream().filter(p -> p.deletionTime().isEmpty()).sorted(ORDER).toList();
    if (hardDeadline.isEmpty()) {
      boolean ordinaryLeft = mustLeave.stream().anyMatch(p -> p.priority() < CRITICAL_PRIORITY);
      toEvict =
          toEvict.stream().filter(p -> !ordinaryLeft || p.priority() < CRITICAL_PRIORITY).toList();
    }
    long budget =
        hardDeadline
            .map(d -> Math.max(0, Duration.between(now, d.minus(margin)).getSeconds()))
            .orElse(Long.MAX_VALUE);
    List<EvictPod> evictions = new ArrayList<>(toEvict.size());
    for (Pod p : toEvict) {
      evictions.add(
          new EvictPod(p.key(), node, Math.min(p.terminationGracePeriodSeconds(), budget)));
    }
    return new Result(evictions, mustLeave.isEmpty());
  }
}
