package dev.skyscaler.core.config;

/**
 * The scale-down part of {@link OptionsParser}: reads CA's scale-down flags with the parser's
 * helpers, which record problems in the parser's error list, so that every parse reports everything
 * at once.
 */
final class ScaleDownOptionsParsing {
  private final OptionsParser p;

  ScaleDownOptionsParsing(OptionsParser parser) {
    this.p = parser;
  }

  /** The scale-down options; problems are recorded and the defaults stand in for bad values. */
  ScaleDownOptions scaleDown(ScaleDownOptions d) {
    return new ScaleDownOptions(
        p.bool("scale-down-enabled", d.enabled()),
        p.fraction("scale-down-utilization-threshold", d.utilizationThreshold()),
        p.fraction("scale-down-gpu-utilization-threshold", d.gpuUtilizationThreshold()),
        p.duration("scale-down-unneeded-time", true, d.unneededTime()),
        p.duration("scale-down-unready-time", true, d.unreadyTime()),
        p.bool("scale-down-unready-enabled", d.unreadyEnabled()),
        p.duration("scale-down-delay-after-add", true, d.delayAfterAdd()),
        p.duration("scale-down-delay-after-delete", true, d.delayAfterDelete()),
        p.duration("scale-down-delay-after-failure", true, d.delayAfterFailure()),
        p.wholeNumber("max-scale-down-parallelism", 1, d.maxScaleDownParallelism()),
        p.wholeNumber("max-drain-parallelism", 0, d.maxDrainParallelism()),
        p.wholeNumber("max-graceful-termination-sec", 0, d.maxGracefulTerminationSec()),
        p.duration("max-pod-eviction-time", false, d.maxPodEvictionTime()),
        p.bool("ignore-daemonsets-utilization", d.ignoreDaemonSetsUtilization()),
        p.bool("ignore-mirror-pods-utilization", d.ignoreMirrorPodsUtilization()),
        p.bool("skip-nodes-with-system-pods", d.skipNodesWithSystemPods()),
        p.bool("skip-nodes-with-local-storage", d.skipNodesWithLocalStorage()),
        p.bool("skip-nodes-with-custom-controller-pods", d.skipNodesWithCustomControllerPods()),
        p.wholeNumber("min-replica-count", 0, d.minReplicaCount()),
        p.duration(
            "blocking-system-pod-distruption-timeout",
            true,
            d.blockingSystemPodDisruptionTimeout()),
        p.duration("unremovable-node-recheck-timeout", true, d.unremovableNodeRecheckTimeout()),
        p.bool("cordon-node-before-terminating", d.cordonNodeBeforeTerminating()),
        p.bool("daemonset-eviction-for-empty-nodes", d.daemonSetEvictionForEmptyNodes()),
        p.bool("daemonset-eviction-for-occupied-nodes", d.daemonSetEvictionForOccupiedNodes()));
  }
}
