package dev.skyscaler.benchmarks;

import dev.skyscaler.cli.simulate.DailyPattern;
import dev.skyscaler.cli.simulate.GroupBehaviour;
import dev.skyscaler.cli.simulate.Scenario;
import dev.skyscaler.cli.simulate.ScenarioEvent;
import dev.skyscaler.cli.simulate.Simulation;
import dev.skyscaler.cli.simulate.SimulationResult;
import dev.skyscaler.cli.simulate.Summary;
import dev.skyscaler.cli.simulate.WorkloadSpec;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code skyscaler simulate} at size: 24 hours of a 500-node cluster ({@link
 * ClusterGenerator#steady}: 10 groups, 15,000 running pods of 300 Deployments, 75% full) at 10 s
 * scans, i.e. 8,640 scans, each a full {@code Autoscaler.runOnce} on a fresh snapshot. The run
 * starts at 12:00; every Deployment follows a daily pattern (60% of its replicas from 03:00 to
 * 07:00, 150% from 13:00 to 16:00, 100% at 21:00), three groups are spot with an interruption per
 * hour each, one group has a node failure every five hours, and a 400-pod batch Job (2 CPU, 4Gi
 * each) runs at 15:00. Target: under 60 s per run on two cores. One run is one operation
 * (single-shot time); the trial prints the run's summary once, with the CPU time the run took on
 * its thread (what counts on a machine busy with other work).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@State(Scope.Benchmark)
public class SimulationBenchmark {
  @Param("42")
  long seed;

  @Param("500")
  int nodes;

  @Param("15000")
  int runningPods;

  @Param("24h")
  String duration;

  @Param("10s")
  String scanInterval;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final double NIGHT = 0.6;
  private static final double PEAK = 1.5;

  private Scenario scenario;
  private SimulationResult last;
  private long lastCpuNanos;

  @Setup(Level.Trial)
  public void buildScenario() {
    ClusterSnapshot snapshot = ClusterGenerator.steady(seed, nodes, runningPods, 0);
    Duration interval = parse("scanInterval", scanInterval);
    AutoscalerOptions options =
        new AutoscalerOptions(interval, ScaleUpOptions.defaults(), ScaleDownOptions.defaults());
    scenario =
        new Scenario(
            "SimulationBenchmark",
            snapshot,
            options,
            ClusterGenerator.NOW,
            parse("duration", duration),
            seed,
            behaviours(snapshot),
            dailyDeployments(snapshot),
            List.of(batchJob()));
  }

  @Benchmark
  public SimulationResult simulate() {
    long cpu = THREADS.getCurrentThreadCpuTime();
    last = Simulation.run(scenario, Simulation.Progress.NONE);
    lastCpuNanos = THREADS.getCurrentThreadCpuTime() - cpu;
    return last;
  }

  @TearDown(Level.Trial)
  public void printSummary() {
    Summary s = last.summary();
    int start = s.groups().stream().mapToInt(Summary.GroupSummary::nodesAtStart).sum();
    int peak = s.groups().stream().mapToInt(Summary.GroupSummary::peakNodes).sum();
    int end = s.groups().stream().mapToInt(Summary.GroupSummary::nodesAtEnd).sum();
    System.out.println();
    System.out.printf(
        "%d scans; nodes %d at start, %d peak (sum over groups), %d at end; %d timeline entries;"
            + " scale-ups %d (+%d nodes); interruptions %d; failures %d; pending pod-seconds %.0f;"
            + " longest wait %s%nCPU time of the last run (this thread): %.1f s%n",
        scenario.scans(),
        start,
        peak,
        end,
        last.timeline().size(),
        s.count("scaleUps"),
        s.count("nodesRequested"),
        s.count("interruptions"),
        s.count("failures"),
        s.pendingPodSeconds(),
        GoDuration.format(s.worstWait()),
        lastCpuNanos / 1e9);
  }

  private static Duration parse(String name, String value) {
    return GoDuration.parse(value)
        .orElseThrow(() -> new IllegalArgumentException(name + ": not a duration: " + value));
  }

  /** Every group boots in 2m + up to 30s; three are spot, one has failing nodes. */
  private static Map<String, GroupBehaviour> behaviours(ClusterSnapshot snapshot) {
    Map<String, GroupBehaviour> result = new LinkedHashMap<>();
    List<NodeGroup> groups = snapshot.nodeGroups();
    for (int g = 0; g < groups.size(); g++) {
      String name = groups.get(g).name();
      double interruptions = g < 3 ? 1 : 0;
      double failures = g == 3 ? 0.2 : 0;
      result.put(name, GroupBehaviour.defaults(name).withRates(interruptions, failures));
    }
    return result;
  }

  /**
   * Each Deployment (the {@code app} label of the generator) at 60% of its replicas from 03:00 to
   * 07:00, 150% from 13:00 to 16:00, 100% at 21:00, linear in between.
   */
  private static List<WorkloadSpec> dailyDeployments(ClusterSnapshot snapshot) {
    Map<String, Integer> replicas = new TreeMap<>();
    for (Pod p : snapshot.pods()) {
      String app = p.labels().get(SyntheticObjects.APP_LABEL);
      if (app != null && !p.isDaemonSetPod()) {
        replicas.merge(p.namespace() + "/" + app, 1, Integer::sum);
      }
    }
    List<WorkloadSpec> specs = new ArrayList<>();
    replicas.forEach(
        (key, n) -> {
          Map<LocalTime, Integer> points = new LinkedHashMap<>();
          points.put(LocalTime.of(3, 0), (int) Math.round(n * NIGHT));
          points.put(LocalTime.of(7, 0), (int) Math.round(n * NIGHT));
          points.put(LocalTime.of(13, 0), (int) Math.round(n * PEAK));
          points.put(LocalTime.of(16, 0), (int) Math.round(n * PEAK));
          points.put(LocalTime.of(21, 0), n);
          String[] parts = key.split("/");
          specs.add(
              new WorkloadSpec(
                  parts[0],
                  parts[1],
                  Optional.empty(),
                  OptionalInt.empty(),
                  Optional.of(DailyPattern.of(points))));
        });
    return specs;
  }

  private static ScenarioEvent batchJob() {
    Pod template =
        Pod.builder("batch", "nightly-report")
            .requests(Resources.of(2000, 4L << 30))
            .label("app", "nightly-report")
            .build();
    return new ScenarioEvent.Job(
        Duration.ofHours(3), "batch", "nightly-report", 400, Duration.ofMinutes(45), template);
  }
}
