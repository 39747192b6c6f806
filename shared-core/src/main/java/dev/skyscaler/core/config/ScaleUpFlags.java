package dev.skyscaler.core.config;

import static dev.skyscaler.core.config.OptionFlag.duration;
import static dev.skyscaler.core.config.OptionFlag.repeatable;
import static dev.skyscaler.core.config.OptionFlag.single;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The scale-up part of {@link OptionFlag#SUPPORTED}: CA's scale-up, limits, balancing, node-group
 * backoff, taint and object-name flags with their defaults, read by {@link OptionsParser}.
 */
final class ScaleUpFlags {
  private ScaleUpFlags() {}

  static List<OptionFlag> of(AutoscalerOptions d) {
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
            OptionFlag.Kind.REPEATABLE,
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
            OptionFlag.Kind.SWITCH,
            "Spread a scale-up across node groups with the same node shape and labels."),
        new OptionFlag(
            "balancing-ignore-label",
            "<label>",
            "",
            OptionFlag.Kind.REPEATABLE,
            "A label ignored when comparing node groups for balancing; repeatable."),
        new OptionFlag(
            "balancing-label",
            "<label>",
            "",
            OptionFlag.Kind.REPEATABLE,
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
}
