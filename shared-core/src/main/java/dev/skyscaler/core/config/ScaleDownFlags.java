package dev.skyscaler.core.config;

import static dev.skyscaler.core.config.OptionFlag.duration;
import static dev.skyscaler.core.config.OptionFlag.single;
import static dev.skyscaler.core.config.OptionFlag.toggle;

import java.util.List;

/**
 * The scale-down part of {@link OptionFlag#SUPPORTED}: CA's scale-down flags with their defaults,
 * read by {@link OptionsParser}.
 */
final class ScaleDownFlags {
  private ScaleDownFlags() {}

  static List<OptionFlag> of(ScaleDownOptions s) {
    return List.of(
        toggle(
            "scale-down-enabled",
            s.enabled(),
            "Remove nodes that are not needed; false turns scale-down off."),
        single(
            "scale-down-utilization-threshold",
            "<ratio>",
            Double.toString(s.utilizationThreshold()),
            "A node whose larger of cpu and memory requests over allocatable is at most this is"
                + " underutilised, so a candidate for removal."),
        single(
            "scale-down-gpu-utilization-threshold",
            "<ratio>",
            Double.toString(s.gpuUtilizationThreshold()),
            "The same threshold for GPU nodes, measured on GPU requests only."),
        duration(
            "scale-down-unneeded-time",
            s.unneededTime(),
            "How long a node must stay unneeded before it is removed."),
        duration(
            "scale-down-unready-time",
            s.unreadyTime(),
            "How long an unready node must stay unneeded before it is removed."),
        toggle(
            "scale-down-unready-enabled",
            s.unreadyEnabled(),
            "Remove unneeded nodes that are not Ready as well."),
        duration(
            "scale-down-delay-after-add",
            s.delayAfterAdd(),
            "No scale-down for this long after a scale-up."),
        duration(
            "scale-down-delay-after-delete",
            s.delayAfterDelete(),
            "No new scale-down for this long after a node removal started."),
        duration(
            "scale-down-delay-after-failure",
            s.delayAfterFailure(),
            "No scale-down for this long after a node removal failed."),
        single(
            "max-scale-down-parallelism",
            "<n>",
            Integer.toString(s.maxScaleDownParallelism()),
            "The most nodes being removed at once, empty and drained together."),
        single(
            "max-drain-parallelism",
            "<n>",
            Integer.toString(s.maxDrainParallelism()),
            "The most non-empty nodes being drained at once."),
        single(
            "max-graceful-termination-sec",
            "<seconds>",
            Integer.toString(s.maxGracefulTerminationSec()),
            "The longest grace period a pod evicted by a drain gets."),
        duration(
            "max-pod-eviction-time",
            s.maxPodEvictionTime(),
            "How long a drain keeps retrying evictions before it fails."),
        toggle(
            "ignore-daemonsets-utilization",
            s.ignoreDaemonSetsUtilization(),
            "Leave DaemonSet pods out of a node's utilisation."),
        toggle(
            "ignore-mirror-pods-utilization",
            s.ignoreMirrorPodsUtilization(),
            "Leave mirror (static) pods out of a node's utilisation."),
        toggle(
            "skip-nodes-with-system-pods",
            s.skipNodesWithSystemPods(),
            "Keep nodes running kube-system pods that no PodDisruptionBudget covers (DaemonSet"
                + " and mirror pods aside), until the pod is older than"
                + " --blocking-system-pod-distruption-timeout."),
        toggle(
            "skip-nodes-with-local-storage",
            s.skipNodesWithLocalStorage(),
            "Keep nodes running pods with local storage (emptyDir not in memory, hostPath)."),
        toggle(
            "skip-nodes-with-custom-controller-pods",
            s.skipNodesWithCustomControllerPods(),
            "Count only ReplicaSet, ReplicationController, Job and StatefulSet pods as replicated;"
                + " keep nodes running pods of other controllers."),
        single(
            "min-replica-count",
            "<n>",
            Integer.toString(s.minReplicaCount()),
            "Keep nodes running a pod of a ReplicaSet or ReplicationController with fewer"
                + " replicas than this."),
        duration(
            "blocking-system-pod-distruption-timeout",
            s.blockingSystemPodDisruptionTimeout(),
            "Age after which a kube-system pod without a PodDisruptionBudget no longer keeps its"
                + " node (CA's spelling of the flag)."),
        duration(
            "unremovable-node-recheck-timeout",
            s.unremovableNodeRecheckTimeout(),
            "How long a node found unremovable by the simulation is left alone before it is"
                + " checked again."),
        toggle(
            "cordon-node-before-terminating",
            s.cordonNodeBeforeTerminating(),
            "Cordon a node as well as tainting it when its removal starts."),
        toggle(
            "daemonset-eviction-for-empty-nodes",
            s.daemonSetEvictionForEmptyNodes(),
            "Evict the DaemonSet pods of a node removed as empty before it is deleted."),
        toggle(
            "daemonset-eviction-for-occupied-nodes",
            s.daemonSetEvictionForOccupiedNodes(),
            "Evict the DaemonSet pods of a drained node, after its other pods."));
  }
}
