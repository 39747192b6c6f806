package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A simulation's totals.
 *
 * @param groups per node group: node-hours, cost, nodes at the start, at the end and at the peak
 * @param pendingPodSeconds the time pods spent waiting for a node within the simulated window,
 *     summed over pods
 * @param worstWait the longest a pod waited (from its creation, even before the start)
 * @param worstWaitPod the pod that waited longest, empty when none waited
 * @param counts what happened, as named counts in a fixed order
 * @param waits how long pods waited for a node: percentiles, overall and per workload
 */
public record Summary(
    List<GroupSummary> groups,
    double pendingPodSeconds,
    Duration worstWait,
    String worstWaitPod,
    int podsPendingAtEnd,
    List<Count> counts,
    PodWaits waits) {

  public Summary {
    groups = List.copyOf(groups);
    Objects.requireNonNull(worstWait, "worstWait");
    Objects.requireNonNull(worstWaitPod, "worstWaitPod");
    counts = List.copyOf(counts);
    Objects.requireNonNull(waits, "waits");
  }

  /** The cost of every group with a price; empty when no group has one. */
  public OptionalDouble totalCost() {
    double total = 0;
    boolean any = false;
    for (GroupSummary g : groups) {
      if (g.cost().isPresent()) {
        total += g.cost().getAsDouble();
        any = true;
      }
    }
    return any ? OptionalDouble.of(total) : OptionalDouble.empty();
  }

  /**
   * What the priced groups would have cost over {@code duration} without autoscaling: each at its
   * peak for the whole time. Empty when no group has a price.
   */
  public OptionalDouble baselineCost(Duration duration) {
    double hours = duration.toMillis() / 3_600_000.0;
    double total = 0;
    boolean any = false;
    for (GroupSummary g : groups) {
      if (g.price().isPresent()) {
        total += g.peakNodes() * hours * g.price().getAsDouble();
        any = true;
      }
    }
    return any ? OptionalDouble.of(total) : OptionalDouble.empty();
  }

  /** Node-hours of every group. */
  public double nodeHours() {
    return groups.stream().mapToDouble(GroupSummary::nodeHours).sum();
  }

  public int count(String key) {
    return counts.stream().filter(c -> c.key().equals(key)).findFirst().orElseThrow().value();
  }

  /** One node group's share. */
  public record GroupSummary(
      String name,
      double nodeHours,
      OptionalDouble price,
      int nodesAtStart,
      int nodesAtEnd,
      int peakNodes) {
    public OptionalDouble cost() {
      return price.isPresent()
          ? OptionalDouble.of(nodeHours * price.getAsDouble())
          : OptionalDouble.empty();
    }
  }

  /**
   * One counted thing.
   *
   * @param key the JSON name ({@code scaleUps})
   * @param label the words for people ({@code scale-ups})
   */
  public record Count(String key, String label, int value) {}
}
