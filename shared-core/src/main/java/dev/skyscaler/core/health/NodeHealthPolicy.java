package dev.skyscaler.core.health;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Node health (docs/algorithm.md §23) as a pure function of the snapshot, the kept state, the
 * options, the time and the cloud's instance list ({@link CloudInstance}, from {@code
 * NodeGroupProvider.discover}):
 *
 * <ol>
 *   <li><b>Circuit breaker</b> ({@link UnreadyCircuitBreaker}): when too many nodes are unready at
 *       once, nothing is repaired or deleted — a {@code ClusterUnhealthy} event and a warning say
 *       why, and the state is kept as it was;
 *   <li><b>Repairs</b> ({@link Repairs}): a node of a managed group unready for longer than {@code
 *       --unhealthy-time} climbs its group's repair ladder, one node per group at a time;
 *   <li><b>Unregistered instances</b> ({@link UnregisteredInstances}): an instance without a node
 *       after {@code --max-node-provision-time} is deleted and its group shrinks;
 *   <li><b>Unfulfilled targets</b> ({@link UnfulfilledTargets}): a target the cloud has not made
 *       instances for within {@code --max-node-provision-time} is lowered to the instances there
 *       are, and the group's scale-up counts as timed out.
 * </ol>
 *
 * <p>Idempotent: the same inputs give the same decision, and a scan repeated before anything
 * changed plans nothing new (a requested rung or deletion is in the state and waits {@code
 * --repair-step-timeout}).
 */
public final class NodeHealthPolicy {
  /**
   * The reason of the event a scale-up whose instances never came within {@code
   * --max-node-provision-time} records, as CA names it (and counts it as a failed scale-up).
   */
  public static final String SCALE_UP_TIMED_OUT = "ScaleUpTimedOut";

  private NodeHealthPolicy() {}

  public static HealthDecision evaluate(
      ClusterSnapshot snapshot,
      HealthState state,
      HealthOptions options,
      Instant now,
      List<CloudInstance> instances) {
    List<Action> actions = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    var open = UnreadyCircuitBreaker.open(snapshot, options, now);
    if (open.isPresent()) {
      String message = "cluster is unhealthy: " + open.get() + "; no node is repaired or deleted";
      actions.add(
          new RecordEvent(
              "ConfigMap",
              UnregisteredInstances.STATUS_CONFIGMAP,
              "ClusterUnhealthy",
              message,
              true));
      warnings.add(message);
      return new HealthDecision(actions, state, false, reasons, warnings, Map.of());
    }
    Map<String, RepairRecord> repairs = Map.of();
    if (options.nodeRepairEnabled()) {
      repairs =
          new Repairs(snapshot, options, now, actions, reasons, warnings).plan(state.repairs());
    }
    Map<String, Instant> deletions =
        UnregisteredInstances.plan(
            snapshot, instances, state.deletions(), options, now, actions, reasons, warnings);
    UnfulfilledTargets.Result targets =
        UnfulfilledTargets.plan(
            snapshot,
            instances,
            state.shortfalls(),
            deletions.keySet(),
            options,
            now,
            actions,
            reasons,
            warnings);
    return new HealthDecision(
        actions,
        new HealthState(repairs, deletions, targets.shortfalls()),
        true,
        reasons,
        warnings,
        targets.timedOut());
  }
}
