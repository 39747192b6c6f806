package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.kubernetes.actuation.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A scan's counts, named after the Cluster Autoscaler metrics they feed ({@code
 * cluster_autoscaler_nodes_count}, {@code unschedulable_pods_count}, {@code node_groups_count},
 * {@code scaled_up_nodes_total}, {@code scaled_down_nodes_total}, {@code evicted_pods_total}).
 *
 * @param readyNodes nodes whose Ready condition is True
 * @param unreadyNodes the other nodes
 * @param unschedulablePods pods with no node that the scheduler marked unschedulable
 * @param nodeGroups node groups found in the cloud
 * @param scaledUpNodes nodes asked for by this scan's scale-ups
 * @param scaledDownNodes instances whose deletion the cloud accepted
 * @param evictedPods evictions the API server accepted
 * @param repairs repairs the cloud accepted
 * @param failedActions actions that failed or must be retried
 * @param notStartedNodes of the unready nodes, those younger than {@code --max-node-startup-time}
 *     (CA's {@code notStarted})
 * @param unregisteredNodes running or pending instances of managed groups with no node, launched
 *     within {@code --max-node-provision-time} (CA's {@code unregistered})
 * @param longUnregisteredNodes such instances launched longer ago (CA's {@code longUnregistered})
 * @param unprocessedPods pods with no node that the scheduler has not marked unschedulable yet
 *     (CA's {@code scheduler_unprocessed})
 * @param scaledDownByReason of {@code scaledDownNodes}, how many per reason as CA's metric labels
 *     say it ({@code empty}, {@code underutilized}, {@code unready}), and {@code unregistered} and
 *     {@code preempted} (a replacement) for Skyscaler's other deletions
 */
public record ScanFigures(
    int readyNodes,
    int unreadyNodes,
    int unschedulablePods,
    int nodeGroups,
    int scaledUpNodes,
    int scaledDownNodes,
    int evictedPods,
    int repairs,
    int failedActions,
    int notStartedNodes,
    int unregisteredNodes,
    int longUnregisteredNodes,
    int unprocessedPods,
    Map<String, Integer> scaledDownByReason) {

  public ScanFigures {
    scaledDownByReason = Map.copyOf(scaledDownByReason);
  }

  static ScanFigures of(
      ClusterSnapshot snapshot,
      Plan plan,
      List<Outcome> kubernetes,
      List<CloudOutcome> cloud,
      List<CloudInstance> instances,
      HealthOptions health,
      Instant now) {
    int ready = (int) snapshot.nodes().stream().filter(Node::ready).count();
    Set<String> registered = new HashSet<>();
    snapshot.nodes().forEach(n -> registered.add(ProviderIds.instanceKey(n.providerId())));
    List<CloudInstance> unregistered =
        instances.stream()
            .filter(
                i ->
                    i.state() == CloudInstance.InstanceState.RUNNING
                        || i.state() == CloudInstance.InstanceState.PENDING)
            .filter(i -> !registered.contains(ProviderIds.instanceKey(i.providerId())))
            .toList();
    int longUnregistered =
        (int)
            unregistered.stream()
                .filter(i -> older(i.launchTime(), now, health.maxNodeProvisionTime()))
                .count();
    Map<String, Integer> byReason = new TreeMap<>();
    cloud.stream()
        .filter(c -> c.action() instanceof DeleteInstance && done(c))
        .forEach(c -> byReason.merge(((DeleteInstance) c.action()).reason(), 1, Integer::sum));
    return new ScanFigures(
        ready,
        snapshot.nodes().size() - ready,
        (int) snapshot.pods().stream().filter(ScanFigures::unschedulable).count(),
        snapshot.nodeGroups().size(),
        plan.scaleUps().stream().mapToInt(ScaleUp::delta).sum(),
        (int) cloud.stream().filter(c -> c.action() instanceof DeleteInstance && done(c)).count(),
        (int)
            kubernetes.stream()
                .filter(o -> o.action() instanceof EvictPod)
                .filter(o -> o.result() == Outcome.Result.DONE)
                .count(),
        (int) cloud.stream().filter(c -> c.action() instanceof RepairInstance && done(c)).count(),
        (int) kubernetes.stream().filter(o -> o.result() == Outcome.Result.FAILED).count()
            + (int) cloud.stream().filter(c -> !c.succeeded()).count(),
        (int)
            snapshot.nodes().stream()
                .filter(n -> !n.ready())
                .filter(n -> !older(n.creationTime(), now, health.maxNodeStartupTime()))
                .count(),
        unregistered.size() - longUnregistered,
        longUnregistered,
        (int) snapshot.pods().stream().filter(ScanFigures::unprocessed).count(),
        byReason);
  }

  private static boolean older(Instant since, Instant now, Duration limit) {
    return Duration.between(since, now).compareTo(limit) > 0;
  }

  private static boolean unprocessed(Pod p) {
    return !p.isScheduled() && !p.isTerminal() && !p.unschedulable();
  }

  private static boolean done(CloudOutcome c) {
    return c.outcome().status() == dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status.DONE;
  }

  private static boolean unschedulable(Pod p) {
    return !p.isScheduled() && !p.isTerminal() && p.unschedulable();
  }
}
