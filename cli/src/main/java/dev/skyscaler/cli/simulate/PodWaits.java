package dev.skyscaler.cli.simulate;

import java.util.List;
import java.util.Objects;

/**
 * Pods' waits for a node over a run: for every pod together and per workload.
 *
 * @param workloads every workload with a pod that needed a node, most pod-seconds waiting first
 */
public record PodWaits(WaitStats all, List<WorkloadWaits> workloads) {
  public PodWaits {
    Objects.requireNonNull(all, "all");
    workloads = List.copyOf(workloads);
  }

  /**
   * One workload's waits.
   *
   * @param workload {@code Deployment default/web}, {@code Job batch/report}, ...
   */
  public record WorkloadWaits(String workload, WaitStats stats) {
    public WorkloadWaits {
      Objects.requireNonNull(workload, "workload");
      Objects.requireNonNull(stats, "stats");
    }
  }
}
