package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects how long each pod that needed a node waited for one, per workload, and sums them up as
 * {@link PodWaits}. A pod bound in the scan that created it waited 0; a pod still waiting at the
 * end, or deleted while it waited (its Deployment scaled down), counts with what it waited until
 * then; a pod deleted before it waited at all within the run (a snapshot's pending pod removed by
 * an event at the start) never needed a node in it and is left out.
 */
final class WaitRecorder {
  /** One workload's waits so far, in milliseconds, in the order they ended. */
  private static final class Waits {
    long[] millis = new long[8];
    int count;
    double podSeconds;
    int stillWaiting;

    void add(long ms) {
      if (count == millis.length) {
        millis = Arrays.copyOf(millis, count * 2);
      }
      millis[count++] = ms;
    }
  }

  private final Map<String, Waits> byWorkload = new LinkedHashMap<>();

  /**
   * The workload a pod belongs to, as people name it: {@code Deployment default/web} (a
   * ReplicaSet's pods), {@code Job batch/report}, {@code StatefulSet db/pg}, or {@code pods without
   * a controller}.
   */
  static String workloadOf(Pod p) {
    if (p.owner().isEmpty()) {
      return "pods without a controller";
    }
    OwnerReference o = p.owner().get();
    return Workloads.deploymentOf(p)
        .map(d -> "Deployment " + p.namespace() + "/" + d)
        .orElse(o.kind() + " " + p.namespace() + "/" + o.name());
  }

  /** How a wait ended. */
  enum Outcome {
    BOUND,
    DELETED,
    STILL_WAITING
  }

  /**
   * @param wait from the pod's creation (even before the start) to its binding, deletion or the end
   * @param inWindow the seconds of that wait within the simulated window
   */
  void record(String workload, Duration wait, double inWindow, Outcome outcome) {
    Waits w = byWorkload.computeIfAbsent(workload, k -> new Waits());
    w.podSeconds += inWindow;
    if (outcome != Outcome.DELETED || inWindow > 0) {
      w.add(wait.toMillis());
    }
    if (outcome == Outcome.STILL_WAITING) {
      w.stillWaiting++;
    }
  }

  PodWaits result() {
    List<PodWaits.WorkloadWaits> workloads = new ArrayList<>();
    long[] all = new long[byWorkload.values().stream().mapToInt(w -> w.count).sum()];
    int filled = 0;
    double podSeconds = 0;
    int stillWaiting = 0;
    for (Map.Entry<String, Waits> e : byWorkload.entrySet()) {
      Waits w = e.getValue();
      if (w.count == 0) {
        podSeconds += w.podSeconds;
        continue; // only pods deleted while waiting
      }
      long[] sorted = Arrays.copyOf(w.millis, w.count);
      Arrays.sort(sorted);
      workloads.add(
          new PodWaits.WorkloadWaits(
              e.getKey(), WaitStats.of(sorted, w.podSeconds, w.stillWaiting)));
      System.arraycopy(sorted, 0, all, filled, sorted.length);
      filled += sorted.length;
      podSeconds += w.podSeconds;
      stillWaiting += w.stillWaiting;
    }
    Arrays.sort(all);
    workloads.sort(
        Comparator.comparingDouble((PodWaits.WorkloadWaits w) -> -w.stats().podSeconds())
            .thenComparing(w -> -w.stats().max().toMillis())
            .thenComparing(PodWaits.WorkloadWaits::workload));
    return new PodWaits(WaitStats.of(all, podSeconds, stillWaiting), workloads);
  }
}
