package dev.skyscaler.core.config;

import java.util.List;
import java.util.stream.Collectors;

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

  public static final List<OptionFlag> SUPPORTED = table(AutoscalerOptions.defaults());

  private static List<OptionFlag> table(AutoscalerOptions d) {
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
                + " least-waste, most-pods, price, priority, random (random must be last)."),
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
        single(
            "memory-difference-ratio",
            "<ratio>",
            Double.toString(s.memoryDifferenceRatio()),
            "Largest relative memory difference for two node groups to count as similar."),
        single(
            "max-node-provision-time",
            "<duration>",
            GoDuration.format(s.maxNodeProvisionTime()),
            "How long a requested node may take to register before the request is given up."));
  }

  private static OptionFlag single(String name, String label, String dflt, String description) {
    return new OptionFlag(name, label, dflt, Kind.SINGLE, description);
  }
}
