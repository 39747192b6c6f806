package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.kubernetes.actuation.Outcome;
import java.util.List;

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
    int failedActions) {

  static ScanFigures of(
      ClusterSnapshot snapshot, Plan plan, List<Outcome> kubernetes, List<CloudOutcome> cloud) {
    int ready = (int) snapshot.nodes().stream().filter(Node::ready).count();
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
            + (int) cloud.stream().filter(c -> !c.succeeded()).count());
  }

  private static boolean done(CloudOutcome c) {
    return c.outcome().status() == dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status.DONE;
  }

  private static boolean unschedulable(Pod p) {
    return !p.isScheduled() && !p.isTerminal() && p.unschedulable();
  }
}
