package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Options of scale-up, each named after its Cluster Autoscaler flag.
 *
 * @param expanders {@code --expander}, a chain applied left to right
 * @param maxNodesTotal {@code --max-nodes-total}, 0 = no limit
 * @param coresTotal {@code --cores-total} min:max in cores
 * @param memoryTotal {@code --memory-total} min:max in GiB
 * @param gpuTotal {@code --gpu-total} per GPU resource name ({@code nvidia.com/gpu:0:16})
 * @param maxNodesPerScaleUp {@code --max-nodes-per-scaleup}
 * @param newPodScaleUpDelay {@code --new-pod-scale-up-delay}
 * @param expendablePodsPriorityCutoff {@code --expendable-pods-priority-cutoff}
 * @param balanceSimilarNodeGroups {@code --balance-similar-node-groups}
 * @param balancingIgnoreLabels {@code --balancing-ignore-label}, on top of CA's built-in list
 * @param balancingLabels {@code --balancing-label}: when not empty, two groups are similar exactly
 *     when both have each of these labels with the same value, and nothing else is compared
 * @param memoryDifferenceRatio {@code --memory-difference-ratio}
 * @param maxNodeProvisionTime {@code --max-node-provision-time}
 * @param maxNodeStartupTime {@code --max-node-startup-time}: a registered node that is not Ready
 *     yet and younger than this is still booting, so it counts as upcoming capacity
 * @param expanderPriorities the priority expander's table: priority to node-group name regexes
 *     (CA's {@code cluster-autoscaler-priority-expander} ConfigMap)
 * @param randomSeed seed for the {@code random} expander, so a plan is reproducible
 * @param taints {@code --startup-taint}, {@code --ignore-taint}, {@code --status-taint}
 * @param backoff the node-group backoff after a failed scale-up
 */
public record ScaleUpOptions(
    List<ExpanderName> expanders,
    int maxNodesTotal,
    Range coresTotal,
    Range memoryTotal,
    Map<String, Range> gpuTotal,
    int maxNodesPerScaleUp,
    Duration newPodScaleUpDelay,
    int expendablePodsPriorityCutoff,
    boolean balanceSimilarNodeGroups,
    List<String> balancingIgnoreLabels,
    double memoryDifferenceRatio,
    Duration maxNodeProvisionTime,
    Duration maxNodeStartupTime,
    Map<Integer, List<String>> expanderPriorities,
    long randomSeed,
    List<String> balancingLabels,
    TaintOptions taints,
    BackoffOptions backoff) {

  /** An inclusive {@code min:max} range. */
  public record Range(long min, long max) {
    public Range {
      if (min < 0 || max < min) {
        throw new IllegalArgumentException(
            "range " + min + ":" + max + " must have 0 <= min <= max");
      }
    }

    @Override
    public String toString() {
      return min + ":" + max;
    }
  }

  public ScaleUpOptions {
    expanders = List.copyOf(expanders);
    if (expanders.isEmpty()) {
      throw new IllegalArgumentException("expander chain must not be empty");
    }
    Objects.requireNonNull(coresTotal, "coresTotal");
    Objects.requireNonNull(memoryTotal, "memoryTotal");
    gpuTotal = Map.copyOf(gpuTotal);
    if (maxNodesTotal < 0) {
      throw new IllegalArgumentException("max-nodes-total must be at least 0");
    }
    if (maxNodesPerScaleUp < 1) {
      throw new IllegalArgumentException("max-nodes-per-scaleup must be at least 1");
    }
    Objects.requireNonNull(newPodScaleUpDelay, "newPodScaleUpDelay");
    balancingIgnoreLabels = List.copyOf(balancingIgnoreLabels);
    Objects.requireNonNull(maxNodeProvisionTime, "maxNodeProvisionTime");
    Objects.requireNonNull(maxNodeStartupTime, "maxNodeStartupTime");
    expanderPriorities = Map.copyOf(new TreeMap<>(expanderPriorities));
    balancingLabels = List.copyOf(balancingLabels);
    Objects.requireNonNull(taints, "taints");
    Objects.requireNonNull(backoff, "backoff");
  }

  public static ScaleUpOptions defaults() {
    return new ScaleUpOptions(
        List.of(ExpanderName.LEAST_WASTE),
        0,
        new Range(0, 320_000),
        new Range(0, 6_400_000),
        Map.of(),
        1000,
        Duration.ZERO,
        -10,
        false,
        List.of(),
        0.015,
        Duration.ofMinutes(15),
        Duration.ofMinutes(15),
        Map.of(),
        0,
        List.of(),
        TaintOptions.NONE,
        BackoffOptions.DEFAULTS);
  }

  /** A builder starting from these values. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.expanders = expanders;
    b.maxNodesTotal = maxNodesTotal;
    b.coresTotal = coresTotal;
    b.memoryTotal = memoryTotal;
    b.gpuTotal = gpuTotal;
    b.maxNodesPerScaleUp = maxNodesPerScaleUp;
    b.newPodScaleUpDelay = newPodScaleUpDelay;
    b.expendablePodsPriorityCutoff = expendablePodsPriorityCutoff;
    b.balanceSimilarNodeGroups = balanceSimilarNodeGroups;
    b.balancingIgnoreLabels = balancingIgnoreLabels;
    b.memoryDifferenceRatio = memoryDifferenceRatio;
    b.maxNodeProvisionTime = maxNodeProvisionTime;
    b.maxNodeStartupTime = maxNodeStartupTime;
    b.expanderPriorities = expanderPriorities;
    b.randomSeed = randomSeed;
    b.balancingLabels = balancingLabels;
    b.taints = taints;
    b.backoff = backoff;
    return b;
  }

  /**
   * Builder for {@link ScaleUpOptions}; {@code defaults().toBuilder()} starts from CA's defaults.
   */
  public static final class Builder {
    private List<ExpanderName> expanders;
    private int maxNodesTotal;
    private Range coresTotal;
    private Range memoryTotal;
    private Map<String, Range> gpuTotal;
    private int maxNodesPerScaleUp;
    private Duration newPodScaleUpDelay;
    private int expendablePodsPriorityCutoff;
    private boolean balanceSimilarNodeGroups;
    private List<String> balancingIgnoreLabels;
    private double memoryDifferenceRatio;
    private Duration maxNodeProvisionTime;
    private Duration maxNodeStartupTime;
    private Map<Integer, List<String>> expanderPriorities;
    private long randomSeed;
    private List<String> balancingLabels;
    private TaintOptions taints;
    private BackoffOptions backoff;

    private Builder() {}

    public Builder balancingLabels(List<String> v) {
      balancingLabels = v;
      return this;
    }

    public Builder taints(TaintOptions v) {
      taints = v;
      return this;
    }

    public Builder backoff(BackoffOptions v) {
      backoff = v;
      return this;
    }

    public Builder expanders(List<ExpanderName> v) {
      expanders = v;
      return this;
    }

    public Builder maxNodesTotal(int v) {
      maxNodesTotal = v;
      return this;
    }

    public Builder coresTotal(Range v) {
      coresTotal = v;
      return this;
    }

    public Builder memoryTotal(Range v) {
      memoryTotal = v;
      return this;
    }

    public Builder gpuTotal(Map<String, Range> v) {
      gpuTotal = v;
      return this;
    }

    public Builder maxNodesPerScaleUp(int v) {
      maxNodesPerScaleUp = v;
      return this;
    }

    public Builder newPodScaleUpDelay(Duration v) {
      newPodScaleUpDelay = v;
      return this;
    }

    public Builder expendablePodsPriorityCutoff(int v) {
      expendablePodsPriorityCutoff = v;
      return this;
    }

    public Builder balanceSimilarNodeGroups(boolean v) {
      balanceSimilarNodeGroups = v;
      return this;
    }

    public Builder balancingIgnoreLabels(List<String> v) {
      balancingIgnoreLabels = v;
      return this;
    }

    public Builder memoryDifferenceRatio(double v) {
      memoryDifferenceRatio = v;
      return this;
    }

    public Builder maxNodeProvisionTime(Duration v) {
      maxNodeProvisionTime = v;
      return this;
    }

    public Builder maxNodeStartupTime(Duration v) {
      maxNodeStartupTime = v;
      return this;
    }

    public Builder expanderPriorities(Map<Integer, List<String>> v) {
      expanderPriorities = v;
      return this;
    }

    public Builder randomSeed(long v) {
      randomSeed = v;
      return this;
    }

    public ScaleUpOptions build() {
      return new ScaleUpOptions(
          expanders,
          maxNodesTotal,
          coresTotal,
          memoryTotal,
          gpuTotal,
          maxNodesPerScaleUp,
          newPodScaleUpDelay,
          expendablePodsPriorityCutoff,
          balanceSimilarNodeGroups,
          balancingIgnoreLabels,
          memoryDifferenceRatio,
          maxNodeProvisionTime,
          maxNodeStartupTime,
          expanderPriorities,
          randomSeed,
          balancingLabels,
          taints,
          backoff);
    }
  }
}
