package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a simulation runs from: the cluster at the start (snapshot and node groups), the
 * autoscaler's options, how long to run, how each group's cloud behaves, the Deployments the
 * scenario declares, and the events on the way. The same scenario and seed give the same run.
 *
 * @param name how outputs name the scenario (its file, as given)
 * @param groups behaviour per node group; groups not named get {@link GroupBehaviour#defaults}
 * @param events in the order they happen (stable for equal times)
 * @param cost the currency of the groups' prices (the prices are the node groups')
 */
public record Scenario(
    String name,
    ClusterSnapshot snapshot,
    AutoscalerOptions options,
    Instant start,
    Duration duration,
    long seed,
    Map<String, GroupBehaviour> groups,
    List<WorkloadSpec> workloads,
    List<ScenarioEvent> events,
    CostSettings cost) {

  public Scenario {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(start, "start");
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be positive");
    }
    Map<String, GroupBehaviour> all = new LinkedHashMap<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      all.put(g.name(), groups.getOrDefault(g.name(), GroupBehaviour.defaults(g.name())));
    }
    for (String named : groups.keySet()) {
      if (!all.containsKey(named)) {
        throw new IllegalArgumentException("no node group " + named + " in the snapshot");
      }
    }
    groups = java.util.Collections.unmodifiableMap(all);
    workloads = List.copyOf(workloads);
    events = events.stream().sorted(Comparator.comparing(ScenarioEvent::at)).toList();
    Objects.requireNonNull(cost, "cost");
  }

  /** A scenario priced in {@link CostSettings#DEFAULT}'s currency. */
  public Scenario(
      String name,
      ClusterSnapshot snapshot,
      AutoscalerOptions options,
      Instant start,
      Duration duration,
      long seed,
      Map<String, GroupBehaviour> groups,
      List<WorkloadSpec> workloads,
      List<ScenarioEvent> events) {
    this(
        name,
        snapshot,
        options,
        start,
        duration,
        seed,
        groups,
        workloads,
        events,
        CostSettings.DEFAULT);
  }

  /** The currency of the groups' prices (ISO 4217). */
  public String currency() {
    return cost.currency();
  }

  public Duration scanInterval() {
    return options.scanInterval();
  }

  /** Scans run at start, start + interval, ... while before start + duration. */
  public int scans() {
    long interval = scanInterval().toNanos();
    return (int) ((duration.toNanos() + interval - 1) / interval);
  }

  public Instant end() {
    return start.plus(duration);
  }

  public Scenario withSeed(long newSeed) {
    return new Scenario(
        name, snapshot, options, start, duration, newSeed, groups, workloads, events, cost);
  }
}
