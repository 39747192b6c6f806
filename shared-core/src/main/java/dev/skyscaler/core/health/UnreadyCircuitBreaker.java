package dev.skyscaler.core.health;

import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import java.time.Instant;
import java.util.Optional;

/**
 * Cluster Autoscaler's {@code IsClusterHealthy}: the cluster is unhealthy when the unready nodes
 * are more than {@code --ok-total-unready-count} and also more than {@code
 * --max-total-unready-percentage} of all nodes. So many unready nodes at once point at the control
 * plane or the network, not at the nodes, and replacing them would make things worse.
 *
 * <p>A node on its way out (scale-down's or an interruption's taint) is not counted as unready, as
 * CA counts deleted nodes apart: a bulk scale-down's nodes go NotReady while their instances
 * terminate, and must not stop the autoscaler.
 */
final class UnreadyCircuitBreaker {
  private UnreadyCircuitBreaker() {}

  /** Why the cluster is unhealthy, or empty when it is not. */
  static Optional<String> open(ClusterSnapshot snapshot, HealthOptions options, Instant now) {
    int total = snapshot.nodes().size();
    long unready =
        snapshot.nodes().stream()
            .filter(n -> Readiness.unready(n, now, options.maxNodeStartupTime()))
            .filter(n -> Readiness.leavingTaint(n).isEmpty())
            .count();
    boolean overCount = unready > options.okTotalUnreadyCount();
    boolean overShare = unready > options.maxTotalUnreadyPercentage() / 100.0 * total;
    if (!overCount || !overShare) {
      return Optional.empty();
    }
    return Optional.of(
        unready
            + " of "
            + total
            + " nodes are unready, more than --ok-total-unready-count="
            + options.okTotalUnreadyCount()
            + " and more than --max-total-unready-percentage="
            + percent(options.maxTotalUnreadyPercentage())
            + "% of the nodes");
  }

  private static String percent(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
