package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Builds scenarios in code for the tests: a snapshot from the test kit plus what happens. */
final class Scenarios {
  static final Instant START = Instant.parse("2025-06-02T10:00:00Z");

  private final ClusterSnapshot snapshot;
  private Duration duration = Duration.ofMinutes(30);
  private long seed = 1;
  private AutoscalerOptions options = AutoscalerOptions.defaults();
  private final Map<String, GroupBehaviour> groups = new LinkedHashMap<>();
  private final List<WorkloadSpec> workloads = new ArrayList<>();
  private final List<ScenarioEvent> events = new ArrayList<>();

  private Scenarios(ClusterSnapshot snapshot) {
    this.snapshot = snapshot;
  }

  static Scenarios on(ClusterSnapshot snapshot) {
    return new Scenarios(snapshot);
  }

  static Duration minutes(long m) {
    return Duration.ofMinutes(m);
  }

  Scenarios duration(Duration d) {
    duration = d;
    return this;
  }

  Scenarios seed(long s) {
    seed = s;
    return this;
  }

  Scenarios options(AutoscalerOptions o) {
    options = o;
    return this;
  }

  /** The group boots in exactly {@code boot}, registering {@code notReady} before Ready. */
  Scenarios boot(String group, Duration boot, Duration notReady) {
    groups.put(group, new GroupBehaviour(boot, Duration.ZERO, notReady, 0, 0, group));
    return this;
  }

  Scenarios group(String group, GroupBehaviour b) {
    groups.put(group, b);
    return this;
  }

  /** A new Deployment {@code default/<name>} whose pods request {@code cpu}. */
  Scenarios deployment(String name, String cpu, int replicas) {
    Pod template =
        Pod.builder("default", name)
            .requests(Resources.parse(Map.of("cpu", cpu)))
            .label("app", name)
            .build();
    workloads.add(
        new WorkloadSpec(
            "default", name, Optional.of(template), OptionalInt.of(replicas), Optional.empty()));
    return this;
  }

  Scenarios workload(WorkloadSpec w) {
    workloads.add(w);
    return this;
  }

  Scenarios event(ScenarioEvent e) {
    events.add(e);
    return this;
  }

  Scenarios scale(Duration at, String deployment, int replicas) {
    return event(new ScenarioEvent.Scale(at, "default/" + deployment, replicas));
  }

  Scenario build() {
    return new Scenario(
        "test", snapshot, options, START, duration, seed, groups, workloads, events);
  }

  SimulationResult run() {
    return Simulation.run(build(), Simulation.Progress.NONE);
  }

  SimulationResult run(Simulation.Planner planner) {
    return Simulation.run(build(), Simulation.Progress.NONE, planner);
  }
}
