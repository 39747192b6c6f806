package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.List;

/**
 * The state of the simulated cluster after each scan, for charts: instances (launched, booting or
 * running) and Ready nodes per group, pods waiting for a node, and the share of the Ready nodes'
 * allocatable CPU and memory that pods request.
 *
 * @param interval time between two samples
 * @param groups group names, indexing the first dimension of {@code instances} and {@code ready}
 */
public record Samples(
    Duration interval,
    List<String> groups,
    int[][] instances,
    int[][] ready,
    int[] pending,
    double[] cpu,
    double[] memory) {
  public Samples {
    groups = List.copyOf(groups);
  }

  public int size() {
    return pending.length;
  }
}
