package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Resources;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The figures that answer the questions people bring to a run, and that a what-if compares: cost
 * against the baseline without autoscaling, node-hours, peak nodes, pods' waits, evictions, and
 * which resource bound.
 *
 * @param cost of the priced groups, empty when none has a price
 * @param baseline the priced groups at their peaks for the whole run (no autoscaling)
 * @param peakNodes the most instances of all groups together after a scan (or at the start)
 * @param bound the fullest resource while pods waited for a node (or over the run, if none did)
 */
record RunFigures(
    OptionalDouble cost,
    OptionalDouble baseline,
    double nodeHours,
    int peakNodes,
    WaitStats waits,
    int evictions,
    Bound bound) {

  /**
   * The resource closest to full.
   *
   * @param peaks per resource (Kubernetes name), the highest share reached in the samples looked
   *     at, fullest first
   * @param whileWaiting whether only samples with pods waiting for a node were looked at
   */
  record Bound(Map<String, Double> peaks, boolean whileWaiting) {
    Bound {
      peaks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(peaks));
    }

    String resource() {
      return peaks.keySet().iterator().next();
    }

    double share() {
      return peaks.values().iterator().next();
    }
  }

  RunFigures {
    Objects.requireNonNull(waits, "waits");
    Objects.requireNonNull(bound, "bound");
  }

  static RunFigures of(SimulationResult r) {
    Summary s = r.summary();
    int peak = s.groups().stream().mapToInt(Summary.GroupSummary::nodesAtStart).sum();
    for (int n : r.samples().totalInstances()) {
      peak = Math.max(peak, n);
    }
    return new RunFigures(
        s.totalCost(),
        s.baselineCost(r.scenario().duration()),
        s.nodeHours(),
        peak,
        s.waits().all(),
        s.count("evictions"),
        bound(r.samples()));
  }

  /** What the run saved against the baseline; empty without prices. */
  OptionalDouble saving() {
    return cost.isPresent()
        ? OptionalDouble.of(baseline.getAsDouble() - cost.getAsDouble())
        : OptionalDouble.empty();
  }

  static Bound bound(Samples s) {
    boolean anyWaiting = false;
    for (int p : s.pending()) {
      anyWaiting |= p > 0;
    }
    Map<String, Double> peaks = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : s.utilisation().entrySet()) {
      double peak = 0;
      for (int k = 0; k < e.getValue().length; k++) {
        if (!anyWaiting || s.pending()[k] > 0) {
          peak = Math.max(peak, e.getValue()[k]);
        }
      }
      peaks.put(e.getKey(), peak);
    }
    Map<String, Double> sorted = new LinkedHashMap<>();
    peaks.entrySet().stream()
        .sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    if (sorted.isEmpty()) {
      sorted.put(Resources.CPU, 0.0);
    }
    return new Bound(sorted, anyWaiting);
  }

  /** A resource as people name it: CPU, memory, pod slots, ephemeral storage, or its own name. */
  static String label(String resource) {
    return switch (resource) {
      case Resources.CPU -> "CPU";
      case Resources.MEMORY -> "memory";
      case Resources.PODS -> "pod slots";
      case Resources.EPHEMERAL_STORAGE -> "ephemeral storage";
      default -> resource;
    };
  }
}
