package dev.skyscaler.core.config;

import dev.skyscaler.core.plan.action.RepairInstance.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One option {@link OptionsParser} accepts, under its Cluster Autoscaler flag name (without the
 * dashes), with the value it takes, its default in CA's spelling and its meaning. Front ends build
 * their help and their accepted option lists from {@link #SUPPORTED}, so the names, defaults and
 * meanings are written once.
 *
 * @param valueLabel the value's shape for help text ({@code <duration>}, {@code <min>:<max>})
 * @param defaultValue the default as the flag would spell it; empty for repeatable options
 */
public record OptionFlag(
    String name, String valueLabel, String defaultValue, Kind kind, String description) {

  /** How a flag takes values. */
  public enum Kind {
    /** One value; giving the flag twice is an error. */
    SINGLE,
    /** Any number of values, each given with its own flag. */
    REPEATABLE,
    /** A boolean: the flag alone means {@code true}; {@code =false} turns it off. */
    SWITCH
  }

  public static final List<OptionFlag> SUPPORTED =
      Stream.concat(
              table(AutoscalerOptions.defaults()).stream(),
              policyTable(HealthOptions.defaults(), InterruptionOptions.defaults()).stream())
          .toList();

  private static List<OptionFlag> table(AutoscalerOptions d) {
    List<OptionFlag> all = new ArrayList<>(scaleUp(d));
    all.addAll(scaleDown(d.scaleDown()));
    return List.copyOf(all);
  }

  private static List<OptionFlag> scaleUp(AutoscalerOptions d) {
    ScaleUpOptions s = d.scaleUp();
    return List.of(
        single(
            "scan-interval",
            "<duration>",
            GoDuration.format(d.scanInterval()),
            "How often the cluster is re-evaluated for scale-up and scale-down."),
        single(
            "expander",
            "<names>",
            s.expanders().stream().map(ExpanderName::flagName).collect(Collectors.joining(",")),
            "Chain of expanders choosing the node group to grow, applied left to right:"
                + " least-waste, least-nodes, most-pods, price, priority, random (random must be"
                + " last)."),
        single(
            "max-nodes-total",
            "<n>",
            Integer.toString(s.maxNodesTotal()),
            "Maximum number of nodes in the cluster, across all groups; 0 means no limit."),
        single(
            "cores-total",
            "<min>:<max>",
            s.coresTotal().toString(),
            "Minimum and maximum number of cores in the cluster."),
        single(
            "memory-total",
            "<min>:<max>",
            s.memoryTotal().toString(),
            "Minimum and maximum memory in the cluster, in GiB."),
        new OptionFlag(
            "gpu-total",
            "<resource>:<min>:<max>",
            "",
            Kind.REPEATABLE,
            "Minimum and maximum number of GPUs of one resource (e.g. nvidia.com/gpu:0:16);"
                + " repeat for each GPU resource."),
        single(
            "max-nodes-per-scaleup",
            "<n>",
            Integer.toString(s.maxNodesPerScaleUp()),
            "Maximum number of nodes one scale-up of one group may add."),
        single(
            "new-pod-scale-up-delay",
            "<duration>",
            GoDuration.format(s.newPodScaleUpDelay()),
            "Pods younger than this do not trigger a scale-up yet."),
        single(
            "expendable-pods-priority-cutoff",
            "<priority>",
            Integer.toString(s.expendablePodsPriorityCutoff()),
            "Pods with a priority below this neither trigger scale-up nor block scale-down."),
        new OptionFlag(
            "balance-similar-node-groups",
            "true|false",
            Boolean.toString(s.balanceSimilarNodeGroups()),
            Kind.SWITCH,
            "Spread a scale-up across node groups with the same node shape and labels."),
        new OptionFlag(
            "balancing-ignore-label",
            "<label>",
            "",
            Kind.REPEATABLE,
            "A label ignored when comparing node groups for balancing; repeatable."),
        new OptionFlag(
            "balancing-label",
            "<label>",
            "",
            Kind.REPEATABLE,
            "When given, node groups are similar for balancing exactly when they have the same"
                + " value of each of these labels, and nothing else is compared; repeatable."),
        single(
            "memory-difference-ratio",
            "<ratio>",
            Double.toString(s.memoryDifferenceRatio()),
            "Largest relative memory difference for two node groups to count as similar."),
        single(
            "max-node-provision-time",
            "<duration>",
            GoDuration.format(s.maxNodeProvisionTime()),
            "How long a requested node may take to register before the request is given up."),
        single(
            "max-node-startup-time",
            "<duration>",
            GoDuration.format(s.maxNodeStartupTime()),
            "How long a registered node may stay NotReady and still count as booting."),
        repeatable(
            "startup-taint",
            "<key>",
            "A taint key a node carries while it starts: left out of node group templates, and a"
                + " node carrying it counts as not Ready yet; repeatable. Keys with the prefix"
                + " startup-taint.cluster-autoscaler.kubernetes.io/ are startup taints anyway."),
        repeatable(
            "ignore-taint",
            "<key>",
            "CA's deprecated name of --startup-taint (keys with the prefix"
                + " ignore-taint.cluster-autoscaler.kubernetes.io/ as well); repeatable."),
        repeatable(
            "status-taint",
            "<key>",
            "A taint key that reports a node's state: left out of node group templates, without"
                + " making the node unready; repeatable. Keys with the prefix"
                + " status-taint.cluster-autoscaler.kubernetes.io/ are status taints anyway."),
        duration(
            "initial-node-group-backoff-duration",
            s.backoff().initial(),
            "How long a node group is left out of scale-up after its first failed scale-up."),
        duration(
            "max-node-group-backoff-duration",
            s.backoff().max(),
            "The longest backoff: each failure after a backoff ended doubles it up to this."),
        duration(
            "node-group-backoff-reset-timeout",
            s.backoff().resetTimeout(),
            "A node group whose last failed scale-up is longer ago than this starts its backoff"
                + " again from the initial duration."),
        single(
            "namespace",
            "<namespace>",
            d.objects().namespace(),
            "Where the status ConfigMap, the priority expander's ConfigMap, the scan Lease and the"
                + " state ConfigMaps are."),
        single(
            "status-config-map-name",
            "<name>",
            d.objects().statusConfigMapName(),
            "The name of the status ConfigMap (CA's format) in --namespace."));
  }

  private static OptionFlag repeatable(String name, String label, String description) {
    return new OptionFlag(name, label, "", Kind.REPEATABLE, description);
  }

  private static List<OptionFlag> scaleDown(ScaleDownOptions s) {
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

  private static OptionFlag duration(String name, java.time.Duration d, String description) {
    return single(name, "<duration>", GoDuration.format(d), description);
  }

  private static OptionFlag toggle(String name, boolean dflt, String description) {
    return new OptionFlag(name, "true|false", Boolean.toString(dflt), Kind.SWITCH, description);
  }

  private static OptionFlag single(String name, String label, String dflt, String description) {
    return new OptionFlag(name, label, dflt, Kind.SINGLE, description);
  }

  // --- Node health, interruption and headroom options (core.health, core.interruption,
  // core.headroom). Read by OptionsParser.parseHealth / parseInterruption / parseHeadroom.

  private static List<OptionFlag> policyTable(HealthOptions h, InterruptionOptions i) {
    return List.of(
        new OptionFlag(
            "node-repair-enabled",
            "true|false",
            Boolean.toString(h.nodeRepairEnabled()),
            Kind.SWITCH,
            "Repair nodes that stay unready; turn off where the platform repairs nodes itself."),
        single(
            "unhealthy-time",
            "<duration>",
            GoDuration.format(h.unhealthyTime()),
            "How long a node may stay NotReady or Unknown before it is repaired."),
        single(
            "repair-ladder",
            "<rungs>",
            ladder(h.repairLadder()),
            "Repair rungs tried in order, mildest first: restart, reimage, replace"
                + " (AWS: replace)."),
        new OptionFlag(
            "node-group-repair-ladder",
            "<group>:<rungs>",
            "",
            Kind.REPEATABLE,
            "The repair ladder of one node group (e.g. spot-pool:replace); repeatable."),
        single(
            "repair-step-timeout",
            "<duration>",
            GoDuration.format(h.repairStepTimeout()),
            "How long a repair rung may take to bring the node back before the next rung."),
        single(
            "ok-total-unready-count",
            "<n>",
            Integer.toString(h.okTotalUnreadyCount()),
            "Number of unready nodes tolerated whatever their share of the cluster."),
        single(
            "max-total-unready-percentage",
            "<percent>",
            percent(h.maxTotalUnreadyPercentage()),
            "Above this share of unready nodes (and above --ok-total-unready-count) nothing is"
                + " repaired, deleted or scaled."),
        new OptionFlag(
            "force-delete-unregistered-nodes",
            "true|false",
            Boolean.toString(h.forceDeleteUnregisteredNodes()),
            Kind.SWITCH,
            "Delete instances that never registered even below the group's minimum size."),
        single(
            "rebalance-action",
            "cordon|drain|ignore",
            i.rebalanceAction().flagName(),
            "What a rebalance recommendation does to its node: cordon, drain or ignore."),
        single(
            "interruption-drain-margin",
            "<duration>",
            GoDuration.format(i.drainMargin()),
            "Evictions of an interrupted node are planned to end this long before its deadline."),
        single(
            "interruption-notice-retention",
            "<duration>",
            GoDuration.format(i.noticeRetention()),
            "How long after its deadline a notice is remembered, to recognise duplicates."),
        single(
            "lifecycle-heartbeat-timeout",
            "<duration>",
            GoDuration.format(i.lifecycleHeartbeatTimeout()),
            "The HeartbeatTimeout of the termination lifecycle hooks."),
        new OptionFlag(
            "headroom",
            "<spec>",
            "",
            Kind.REPEATABLE,
            "Spare capacity to keep, e.g. cpu=500m,memory=1Gi,count=10 or"
                + " group=ng1,cpu=2,memory=8Gi; repeatable."));
  }

  static String ladder(List<Level> rungs) {
    return rungs.stream()
        .map(l -> l.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(","));
  }

  private static String percent(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
