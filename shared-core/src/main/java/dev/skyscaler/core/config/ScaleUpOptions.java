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
 * @param memoryDifferenceRatio {@code --memory-difference-ratio}
 * @param maxNodeProvisionTime {@code --max-node-provision-time}
 * @param maxNodeStartupTime {@code --max-node-startup-time}: a registered node that is not Ready
 *     yet and younger than this is still booting, so it counts as upcoming capacity
 * @param expanderPriorities the priority expander's table: priority to node-group name regexes
 *     (CA's {@code cluster-autoscaler-priority-expander} ConfigMap)
 * @param randomSeed seed for the {@code random} expander, so a plan is reproducible
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
    long randomSeed) {

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
        0);
  }

  public ScaleUpOptions withExpanders(List<ExpanderName> v) {
    return new ScaleUpOptions(
        v,
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
        randomSeed);
  }

  public ScaleUpOptions withMaxNodesTotal(int v) {
    return new ScaleUpOptions(
        expanders,
        v,
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
        randomSeed);
  }

  public ScaleUpOptions withCoresTotal(Range v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        v,
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
        randomSeed);
  }

  public ScaleUpOptions withMemoryTotal(Range v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        v,
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
        randomSeed);
  }

  public ScaleUpOptions withGpuTotal(Map<String, Range> v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        memoryTotal,
        v,
        maxNodesPerScaleUp,
        newPodScaleUpDelay,
        expendablePodsPriorityCutoff,
        balanceSimilarNodeGroups,
        balancingIgnoreLabels,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withMaxNodesPerScaleUp(int v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        memoryTotal,
        gpuTotal,
        v,
        newPodScaleUpDelay,
        expendablePodsPriorityCutoff,
        balanceSimilarNodeGroups,
        balancingIgnoreLabels,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withNewPodScaleUpDelay(Duration v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        memoryTotal,
        gpuTotal,
        maxNodesPerScaleUp,
        v,
        expendablePodsPriorityCutoff,
        balanceSimilarNodeGroups,
        balancingIgnoreLabels,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withExpendablePodsPriorityCutoff(int v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        memoryTotal,
        gpuTotal,
        maxNodesPerScaleUp,
        newPodScaleUpDelay,
        v,
        balanceSimilarNodeGroups,
        balancingIgnoreLabels,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withBalanceSimilarNodeGroups(boolean v) {
    return new ScaleUpOptions(
        expanders,
        maxNodesTotal,
        coresTotal,
        memoryTotal,
        gpuTotal,
        maxNodesPerScaleUp,
        newPodScaleUpDelay,
        expendablePodsPriorityCutoff,
        v,
        balancingIgnoreLabels,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withBalancingIgnoreLabels(List<String> v) {
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
        v,
        memoryDifferenceRatio,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withMemoryDifferenceRatio(double v) {
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
        v,
        maxNodeProvisionTime,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withMaxNodeProvisionTime(Duration v) {
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
        v,
        maxNodeStartupTime,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withMaxNodeStartupTime(Duration v) {
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
        v,
        expanderPriorities,
        randomSeed);
  }

  public ScaleUpOptions withExpanderPriorities(Map<Integer, List<String>> v) {
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
        v,
        randomSeed);
  }

  public ScaleUpOptions withRandomSeed(long v) {
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
        v);
  }
}
