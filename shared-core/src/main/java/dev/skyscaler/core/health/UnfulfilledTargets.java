package dev.skyscaler.core.health;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.state.TargetShortfall;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cluster Autoscaler's {@code fixNodeGroupSize} with the scale-up timeout of its cluster state: a
 * group whose target size has stayed above its running and pending instances (same target, same
 * count) for longer than {@code --max-node-provision-time} asked for nodes the cloud never made.
 * Its target is lowered to its instances ({@code DecreaseTargetSize}), never below its minimum
 * size, a {@code ScaleUpTimedOut} warning event is recorded, and the group is reported as timed out
 * so that {@link NodeGroupBackoffs} backs it off; a group at its minimum keeps its target and its
 * clock starts again. Instances that exist but never registered a node are {@link
 * UnregisteredInstances}' business. The shortfall stays in the state until the cloud shows the
 * target met, so a decrease the cloud did not take is planned again by the next scan. Nothing is
 * decided without the cloud's instance list. Pure: the time is a parameter.
 */
final class UnfulfilledTargets {
  private UnfulfilledTargets() {}

  /** The shortfalls to keep, and the groups whose scale-up timed out in this scan. */
  record Result(Map<String, TargetShortfall> shortfalls, Map<String, String> timedOut) {}

  /**
   * Plans the decreases and the timeout events into {@code actions}.
   *
   * @param deleting instance keys of the unregistered instances being deleted (each lowers its
   *     group's target by one)
   */
  static Result plan(
      ClusterSnapshot snapshot,
      List<CloudInstance> instances,
      Map<String, TargetShortfall> previous,
      Set<String> deleting,
      HealthOptions options,
      Instant now,
      List<Action> actions,
      List<String> reasons,
      List<String> warnings) {
    Map<String, TargetShortfall> kept = new TreeMap<>();
    Map<String, String> timedOut = new TreeMap<>();
    if (instances.isEmpty()) {
      return new Result(kept, timedOut); // nothing observed in the cloud: nothing to judge
    }
    Set<String> observed = new TreeSet<>();
    // per group: its running or pending instances, and those of them whose deletion (with a
    // decrement, unregistered instances) is under way: they leave with their share of the target
    Map<String, int[]> counts = new HashMap<>();
    for (CloudInstance i : instances) {
      observed.add(i.nodeGroup());
      if (i.state() == InstanceState.RUNNING || i.state() == InstanceState.PENDING) {
        int[] c = counts.computeIfAbsent(i.nodeGroup(), g -> new int[2]);
        c[deleting.contains(ProviderIds.instanceKey(i.providerId())) ? 1 : 0]++;
      }
    }
    Duration limit = options.maxNodeProvisionTime();
    for (NodeGroup g :
        snapshot.nodeGroups().stream().sorted(Comparator.comparing(NodeGroup::name)).toList()) {
      int[] c = counts.getOrDefault(g.name(), new int[2]);
      int count = c[0];
      int target = g.targetSize() - c[1];
      if (target <= count || !observed.contains(g.name())) {
        // a group with no instance listed at all may be a provider that lists none: left alone
        continue;
      }
      TargetShortfall before = previous.get(g.name());
      TargetShortfall shortfall =
          before != null && before.target() == target && before.instances() == count
              ? before
              : new TargetShortfall(target, count, now);
      kept.put(g.name(), shortfall);
      Duration waited = Duration.between(shortfall.since(), now);
      int missing = target - count;
      String who = "node group " + g.name();
      if (waited.compareTo(limit) <= 0) {
        continue; // every scale-up waits a little for its instances: no sentence for that
      }
      String message =
          "Nodes added to group "
              + g.name()
              + " failed to register within "
              + GoDuration.format(limit);
      timedOut.put(
          g.name(),
          missing
              + " requested node(s) did not come within --max-node-provision-time="
              + GoDuration.format(limit));
      actions.add(
          new RecordEvent(
              "ConfigMap",
              UnregisteredInstances.STATUS_CONFIGMAP,
              NodeHealthPolicy.SCALE_UP_TIMED_OUT,
              message,
              true));
      int to = Math.max(count, g.minSize());
      if (to < target) {
        actions.add(
            new SetTargetSize(
                g.name(),
                target,
                to,
                "decrease target: " + missing + " requested node(s) never created"));
        reasons.add(who + ": target lowered " + target + " -> " + to);
      } else {
        // nothing to lower: the clock starts again, so the timeout is told once per period
        kept.put(g.name(), new TargetShortfall(target, count, now));
        warnings.add(
            who
                + ": "
                + missing
                + " requested node(s) not created within --max-node-provision-time="
                + GoDuration.format(limit)
                + ", but the target stays: node group min size reached ("
                + g.minSize()
                + ")");
      }
    }
    return new Result(kept, timedOut);
  }
}
