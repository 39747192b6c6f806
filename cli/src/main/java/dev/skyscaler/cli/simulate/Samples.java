package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state of the simulated cluster after each scan, for charts: instances (launched, booting or
 * running) and Ready nodes per group, pods waiting for a node, and the share of the Ready nodes'
 * allocatable that pods request, per resource.
 *
 * @param interval time between two samples; sample {@code k} is taken after the scan at {@code k ×
 *     interval}
 * @param groups group names, indexing the first dimension of {@code instances} and {@code ready}
 * @param utilisation per resource (Kubernetes names: {@code cpu}, {@code memory}, {@code pods},
 *     then {@code ephemeral-storage} and extended resources some pod requested), the share of each
 *     sample, 0 to 1
 */
public record Samples(
    Duration interval,
    List<String> groups,
    int[][] instances,
    int[][] ready,
    int[] pending,
    Map<String, double[]> utilisation) {
  public Samples {
    groups = List.copyOf(groups);
    utilisation = Collections.unmodifiableMap(new LinkedHashMap<>(utilisation));
  }

  public int size() {
    return pending.length;
  }

  /** Instances of every group, per sample. */
  public int[] totalInstances() {
    int[] total = new int[size()];
    for (int[] group : instances) {
      for (int k = 0; k < total.length; k++) {
        total[k] += group[k];
      }
    }
    return total;
  }
}
