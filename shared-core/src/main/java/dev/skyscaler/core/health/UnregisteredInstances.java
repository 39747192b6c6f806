package dev.skyscaler.core.health;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RecordEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Cluster Autoscaler's {@code removeOldUnregisteredNodes}: a running or pending instance of a
 * managed group that has run for longer than {@code --max-node-provision-time} without a node
 * registering for it is deleted and the group shrinks by one ({@code DeleteUnregistered}).
 * Deletions stop at the group's minimum size unless {@code --force-delete-unregistered-nodes}. A
 * deletion is not requested again for {@code --repair-step-timeout}, in case the cloud still lists
 * the instance as running.
 */
final class UnregisteredInstances {
  static final String STATUS_CONFIGMAP = "kube-system/cluster-autoscaler-status";

  private UnregisteredInstances() {}

  /**
   * Terminating instances need nothing; failed ones are scale-up's failures (CA's {@code
   * deleteCreatedNodesWithErrors}), not unregistered nodes.
   */
  private static boolean runningOrPending(CloudInstance i) {
    return i.state() == CloudInstance.InstanceState.RUNNING
        || i.state() == CloudInstance.InstanceState.PENDING;
  }

  /** Plans the deletions; returns the deletion records to keep. */
  static Map<String, Instant> plan(
      ClusterSnapshot snapshot,
      List<CloudInstance> instances,
      Map<String, Instant> requested,
      HealthOptions options,
      Instant now,
      List<Action> actions,
      List<String> reasons,
      List<String> warnings) {
    if (instances.isEmpty()) {
      return new TreeMap<>(); // nothing observed in the cloud: no instance to delete, none kept
    }
    Set<String> registered = new HashSet<>();
    for (Node n : snapshot.nodes()) {
      registered.add(ProviderIds.instanceKey(n.providerId()));
    }
    Map<String, Instant> kept = new TreeMap<>();
    for (NodeGroup g :
        snapshot.nodeGroups().stream().sorted(Comparator.comparing(NodeGroup::name)).toList()) {
      long room =
          options.forceDeleteUnregisteredNodes()
              ? Long.MAX_VALUE
              : g.targetSize() - (long) g.minSize();
      List<CloudInstance> old =
          instances.stream()
              .filter(i -> i.nodeGroup().equals(g.name()))
              .filter(UnregisteredInstances::runningOrPending)
              .filter(i -> !registered.contains(ProviderIds.instanceKey(i.providerId())))
              .filter(
                  i ->
                      Duration.between(i.launchTime(), now)
                              .compareTo(options.maxNodeProvisionTime())
                          > 0)
              .sorted(
                  Comparator.comparing(CloudInstance::launchTime)
                      .thenComparing(CloudInstance::providerId))
              .toList();
      for (CloudInstance i : old) {
        String key = ProviderIds.instanceKey(i.providerId());
        String who = "instance " + i.providerId() + " of " + g.name();
        Instant asked = requested.get(key);
        if (asked != null
            && Duration.between(asked, now).compareTo(options.repairStepTimeout()) < 0) {
          kept.put(key, asked);
          reasons.add(
              who
                  + ": deletion requested "
                  + GoDuration.format(Duration.between(asked, now))
                  + " ago");
        } else if (room <= 0) {
          warnings.add(
              who
                  + ": no node registered within --max-node-provision-time="
                  + GoDuration.format(options.maxNodeProvisionTime())
                  + ", but not deleted: node group min size reached ("
                  + g.minSize()
                  + "); --force-delete-unregistered-nodes deletes it anyway");
        } else {
          room--;
          kept.put(key, now);
          actions.add(new DeleteInstance(g.name(), "", i.providerId(), true, "unregistered"));
          actions.add(
              new RecordEvent(
                  "ConfigMap",
                  STATUS_CONFIGMAP,
                  "DeleteUnregistered",
                  "Removed unregistered node " + i.providerId(),
                  false));
          reasons.add(
              who
                  + ": no node registered within --max-node-provision-time="
                  + GoDuration.format(options.maxNodeProvisionTime())
                  + ": deleted");
        }
      }
    }
    return kept;
  }
}
