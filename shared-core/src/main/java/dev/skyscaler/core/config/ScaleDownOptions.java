package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Options of scale-down, each named after its Cluster Autoscaler flag.
 *
 * @param enabled {@code --scale-down-enabled}
 * @param utilizationThreshold {@code --scale-down-utilization-threshold}: a node whose max(cpu,
 *     memory) request ratio is at most this is underutilised
 * @param gpuUtilizationThreshold {@code --scale-down-gpu-utilization-threshold}, for GPU nodes
 * @param unneededTime {@code --scale-down-unneeded-time}
 * @param unreadyTime {@code --scale-down-unready-time}, the unneeded time of unready nodes
 * @param unreadyEnabled {@code --scale-down-unready-enabled}
 * @param delayAfterAdd {@code --scale-down-delay-after-add}
 * @param delayAfterDelete {@code --scale-down-delay-after-delete}
 * @param delayAfterFailure {@code --scale-down-delay-after-failure}
 * @param maxScaleDownParallelism {@code --max-scale-down-parallelism}: nodes being removed at once
 * @param maxDrainParallelism {@code --max-drain-parallelism}: non-empty nodes being drained at once
 * @param maxGracefulTerminationSec {@code --max-graceful-termination-sec}: cap on pod grace
 * @param maxPodEvictionTime {@code --max-pod-eviction-time}: how long evictions are retried
 * @param ignoreDaemonSetsUtilization {@code --ignore-daemonsets-utilization}
 * @param ignoreMirrorPodsUtilization {@code --ignore-mirror-pods-utilization}
 * @param skipNodesWithSystemPods {@code --skip-nodes-with-system-pods}
 * @param skipNodesWithLocalStorage {@code --skip-nodes-with-local-storage}
 * @param skipNodesWithCustomControllerPods {@code --skip-nodes-with-custom-controller-pods}
 * @param minReplicaCount {@code --min-replica-count}
 * @param blockingSystemPodDisruptionTimeout {@code --blocking-system-pod-distruption-timeout} (CA's
 *     spelling of the flag)
 * @param unremovableNodeRecheckTimeout {@code --unremovable-node-recheck-timeout}
 * @param cordonNodeBeforeTerminating {@code --cordon-node-before-terminating}
 * @param daemonSetEvictionForEmptyNodes {@code --daemonset-eviction-for-empty-nodes}: a node
 *     removed as empty has its DaemonSet pods evicted first
 * @param daemonSetEvictionForOccupiedNodes {@code --daemonset-eviction-for-occupied-nodes}: a
 *     drained node has its DaemonSet pods evicted after the others
 */
public record ScaleDownOptions(
    boolean enabled,
    double utilizationThreshold,
    double gpuUtilizationThreshold,
    Duration unneededTime,
    Duration unreadyTime,
    boolean unreadyEnabled,
    Duration delayAfterAdd,
    Duration delayAfterDelete,
    Duration delayAfterFailure,
    int maxScaleDownParallelism,
    int maxDrainParallelism,
    int maxGracefulTerminationSec,
    Duration maxPodEvictionTime,
    boolean ignoreDaemonSetsUtilization,
    boolean ignoreMirrorPodsUtilization,
    boolean skipNodesWithSystemPods,
    boolean skipNodesWithLocalStorage,
    boolean skipNodesWithCustomControllerPods,
    int minReplicaCount,
    Duration blockingSystemPodDisruptionTimeout,
    Duration unremovableNodeRecheckTimeout,
    boolean cordonNodeBeforeTerminating,
    boolean daemonSetEvictionForEmptyNodes,
    boolean daemonSetEvictionForOccupiedNodes) {

  public ScaleDownOptions {
    requireFraction(utilizationThreshold, "scale-down-utilization-threshold");
    requireFraction(gpuUtilizationThreshold, "scale-down-gpu-utilization-threshold");
    requireNotNegative(unneededTime, "scale-down-unneeded-time");
    requireNotNegative(unreadyTime, "scale-down-unready-time");
    requireNotNegative(delayAfterAdd, "scale-down-delay-after-add");
    requireNotNegative(delayAfterDelete, "scale-down-delay-after-delete");
    requireNotNegative(delayAfterFailure, "scale-down-delay-after-failure");
    requireNotNegative(maxPodEvictionTime, "max-pod-eviction-time");
    requireNotNegative(
        blockingSystemPodDisruptionTimeout, "blocking-system-pod-distruption-timeout");
    requireNotNegative(unremovableNodeRecheckTimeout, "unremovable-node-recheck-timeout");
    if (maxScaleDownParallelism < 1) {
      throw new IllegalArgumentException("max-scale-down-parallelism must be at least 1");
    }
    if (maxDrainParallelism < 0) {
      throw new IllegalArgumentException("max-drain-parallelism must be at least 0");
    }
    if (maxGracefulTerminationSec < 0) {
      throw new IllegalArgumentException("max-graceful-termination-sec must be at least 0");
    }
    if (minReplicaCount < 0) {
      throw new IllegalArgumentException("min-replica-count must be at least 0");
    }
  }

  private static void requireFraction(double v, String flag) {
    if (!(v >= 0 && v <= 1)) {
      throw new IllegalArgumentException(flag + " must be between 0 and 1, was " + v);
    }
  }

  private static void requireNotNegative(Duration d, String flag) {
    Objects.requireNonNull(d, flag);
    if (d.isNegative()) {
      throw new IllegalArgumentException(flag + " must not be negative");
    }
  }

  /** Cluster Autoscaler's defaults. */
  public static ScaleDownOptions defaults() {
    return new ScaleDownOptions(
        true,
        0.5,
        0.5,
        Duration.ofMinutes(10),
        Duration.ofMinutes(20),
        true,
        Duration.ofMinutes(10),
        Duration.ZERO,
        Duration.ofMinutes(3),
        10,
        1,
        600,
        Duration.ofMinutes(2),
        false,
        false,
        true,
        true,
        true,
        0,
        Duration.ofHours(1),
        Duration.ofMinutes(5),
        true,
        false,
        true);
  }

  /** The pod's grace period as a drain uses it: capped at {@code max-graceful-termination-sec}. */
  public long cappedGraceSeconds(long podGraceSeconds) {
    return Math.min(podGraceSeconds, maxGracefulTerminationSec);
  }

  /** A builder starting from these values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builder for {@link ScaleDownOptions}; {@code defaults().toBuilder()} starts from CA's defaults.
   */
  public static final class Builder {
    private boolean enabled;
    private double utilizationThreshold;
    private double gpuUtilizationThreshold;
    private Duration unneededTime;
    private Duration unreadyTime;
    private boolean unreadyEnabled;
    private Duration delayAfterAdd;
    private Duration delayAfterDelete;
    private Duration delayAfterFailure;
    private int maxScaleDownParallelism;
    private int maxDrainParallelism;
    private int maxGracefulTerminationSec;
    private Duration maxPodEvictionTime;
    private boolean ignoreDaemonSetsUtilization;
    private boolean ignoreMirrorPodsUtilization;
    private boolean skipNodesWithSystemPods;
    private boolean skipNodesWithLocalStorage;
    private boolean skipNodesWithCustomControllerPods;
    private int minReplicaCount;
    private Duration blockingSystemPodDisruptionTimeout;
    private Duration unremovableNodeRecheckTimeout;
    private boolean cordonNodeBeforeTerminating;
    private boolean daemonSetEvictionForEmptyNodes;
    private boolean daemonSetEvictionForOccupiedNodes;

    private Builder(ScaleDownOptions o) {
      enabled = o.enabled;
      utilizationThreshold = o.utilizationThreshold;
      gpuUtilizationThreshold = o.gpuUtilizationThreshold;
      unneededTime = o.unneededTime;
      unreadyTime = o.unreadyTime;
      unreadyEnabled = o.unreadyEnabled;
      delayAfterAdd = o.delayAfterAdd;
      delayAfterDelete = o.delayAfterDelete;
      delayAfterFailure = o.delayAfterFailure;
      maxScaleDownParallelism = o.maxScaleDownParallelism;
      maxDrainParallelism = o.maxDrainParallelism;
      maxGracefulTerminationSec = o.maxGracefulTerminationSec;
      maxPodEvictionTime = o.maxPodEvictionTime;
      ignoreDaemonSetsUtilization = o.ignoreDaemonSetsUtilization;
      ignoreMirrorPodsUtilization = o.ignoreMirrorPodsUtilization;
      skipNodesWithSystemPods = o.skipNodesWithSystemPods;
      skipNodesWithLocalStorage = o.skipNodesWithLocalStorage;
      skipNodesWithCustomControllerPods = o.skipNodesWithCustomControllerPods;
      minReplicaCount = o.minReplicaCount;
      blockingSystemPodDisruptionTimeout = o.blockingSystemPodDisruptionTimeout;
      unremovableNodeRecheckTimeout = o.unremovableNodeRecheckTimeout;
      cordonNodeBeforeTerminating = o.cordonNodeBeforeTerminating;
      daemonSetEvictionForEmptyNodes = o.daemonSetEvictionForEmptyNodes;
      daemonSetEvictionForOccupiedNodes = o.daemonSetEvictionForOccupiedNodes;
    }

    public Builder enabled(boolean v) {
      enabled = v;
      return this;
    }

    public Builder utilizationThreshold(double v) {
      utilizationThreshold = v;
      return this;
    }

    public Builder gpuUtilizationThreshold(double v) {
      gpuUtilizationThreshold = v;
      return this;
    }

    public Builder unneededTime(Duration v) {
      unneededTime = v;
      return this;
    }

    public Builder unreadyTime(Duration v) {
      unreadyTime = v;
      return this;
    }

    public Builder unreadyEnabled(boolean v) {
      unreadyEnabled = v;
      return this;
    }

    public Builder delayAfterAdd(Duration v) {
      delayAfterAdd = v;
      return this;
    }

    public Builder delayAfterDelete(Duration v) {
      delayAfterDelete = v;
      return this;
    }

    public Builder delayAfterFailure(Duration v) {
      delayAfterFailure = v;
      return this;
    }

    public Builder maxScaleDownParallelism(int v) {
      maxScaleDownParallelism = v;
      return this;
    }

    public Builder maxDrainParallelism(int v) {
      maxDrainParallelism = v;
      return this;
    }

    public Builder maxGracefulTerminationSec(int v) {
      maxGracefulTerminationSec = v;
      return this;
    }

    public Builder maxPodEvictionTime(Duration v) {
      maxPodEvictionTime = v;
      return this;
    }

    public Builder ignoreDaemonSetsUtilization(boolean v) {
      ignoreDaemonSetsUtilization = v;
      return this;
    }

    public Builder ignoreMirrorPodsUtilization(boolean v) {
      ignoreMirrorPodsUtilization = v;
      return this;
    }

    public Builder skipNodesWithSystemPods(boolean v) {
      skipNodesWithSystemPods = v;
      return this;
    }

    public Builder skipNodesWithLocalStorage(boolean v) {
      skipNodesWithLocalStorage = v;
      return this;
    }

    public Builder skipNodesWithCustomControllerPods(boolean v) {
      skipNodesWithCustomControllerPods = v;
      return this;
    }

    public Builder minReplicaCount(int v) {
      minReplicaCount = v;
      return this;
    }

    public Builder blockingSystemPodDisruptionTimeout(Duration v) {
      blockingSystemPodDisruptionTimeout = v;
      return this;
    }

    public Builder unremovableNodeRecheckTimeout(Duration v) {
      unremovableNodeRecheckTimeout = v;
      return this;
    }

    public Builder cordonNodeBeforeTerminating(boolean v) {
      cordonNodeBeforeTerminating = v;
      return this;
    }

    public Builder daemonSetEvictionForEmptyNodes(boolean v) {
      daemonSetEvictionForEmptyNodes = v;
      return this;
    }

    public Builder daemonSetEvictionForOccupiedNodes(boolean v) {
      daemonSetEvictionForOccupiedNodes = v;
      return this;
    }

    public ScaleDownOptions build() {
      return new ScaleDownOptions(
          enabled,
          utilizationThreshold,
          gpuUtilizationThreshold,
          unneededTime,
          unreadyTime,
          unreadyEnabled,
          delayAfterAdd,
          delayAfterDelete,
          delayAfterFailure,
          maxScaleDownParallelism,
          maxDrainParallelism,
          maxGracefulTerminationSec,
          maxPodEvictionTime,
          ignoreDaemonSetsUtilization,
          ignoreMirrorPodsUtilization,
          skipNodesWithSystemPods,
          skipNodesWithLocalStorage,
          skipNodesWithCustomControllerPods,
          minReplicaCount,
          blockingSystemPodDisruptionTimeout,
          unremovableNodeRecheckTimeout,
          cordonNodeBeforeTerminating,
          daemonSetEvictionForEmptyNodes,
          daemonSetEvictionForOccupiedNodes);
    }
  }
}
