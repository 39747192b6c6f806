package dev.skyscaler.core.health;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.HealthState;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the health policy decided in one scan.
 *
 * @param actions repairs, deletions of unregistered instances and their events, in order
 * @param next the state to keep for the next scan
 * @param clusterHealthy false when the unready circuit breaker is open: like Cluster Autoscaler,
 *     the caller should then not scale either, only report
 * @param reasons one sentence per unhealthy node or unregistered instance: what is done or why not
 * @param warnings what an operator should look at (the circuit breaker, a ladder run out, a group
 *     at its minimum)
 * @param timedOut node groups whose requested nodes did not come within {@code
 *     --max-node-provision-time} ({@link UnfulfilledTargets}), with what failed: a failed scale-up
 *     that {@link NodeGroupBackoffs} backs off
 */
public record HealthDecision(
    List<Action> actions,
    HealthState next,
    boolean clusterHealthy,
    List<String> reasons,
    List<String> warnings,
    Map<String, String> timedOut) {
  public HealthDecision {
    actions = List.copyOf(actions);
    Objects.requireNonNull(next, "next");
    reasons = List.copyOf(reasons);
    warnings = List.copyOf(warnings);
    timedOut = Map.copyOf(timedOut);
  }
}
