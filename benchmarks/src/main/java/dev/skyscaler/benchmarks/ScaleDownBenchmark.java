package dev.skyscaler.benchmarks;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * Scale-down planning on a big cluster: {@link ClusterGenerator#steady} (5,000 nodes, 150,000
 * running pods) with the pods of {@code candidates} nodes cut to a fifth, so those nodes fall under
 * the utilisation threshold and every one of them goes through the rescheduling simulation. One
 * {@code runOnce} with no pending pods. Target: ≤ 2 s on two cores. Prints, once, how many nodes
 * the plan found removable and unremovable.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@State(Scope.Benchmark)
public class ScaleDownBenchmark {
  @Param("42")
  long seed;

  @Param("1000")
  int candidates;

  private ClusterSnapshot snapshot;
  private Plan lastPlan;

  @Setup(Level.Trial)
  public void buildCluster() {
    ClusterSnapshot full =
        ClusterGenerator.steady(
            seed, ClusterGenerator.STEADY_NODES, ClusterGenerator.STEADY_RUNNING_PODS, 0);
    Set<String> emptied = new HashSet<>();
    for (int i = 0; i < candidates && i < full.nodes().size(); i++) {
      emptied.add(full.nodes().get(i * (full.nodes().size() / candidates)).name());
    }
    List<Pod> pods = new ArrayList<>();
    int[] seen = new int[1];
    for (Pod p : full.pods()) {
      boolean onEmptied = p.nodeName().map(emptied::contains).orElse(false);
      if (!onEmptied || p.isDaemonSetPod() || seen[0]++ % 5 == 0) {
        pods.add(p);
      }
    }
    snapshot =
        new ClusterSnapshot(full.nodes(), pods, full.pdbs(), full.daemonSets(), full.nodeGroups());
  }

  @Benchmark
  public Plan planScaleDown() {
    lastPlan =
        Autoscaler.runOnce(
            FreshSnapshot.of(snapshot),
            AutoscalerState.EMPTY,
            AutoscalerOptions.defaults(),
            ClusterGenerator.NOW);
    return lastPlan;
  }

  @TearDown(Level.Trial)
  public void report() {
    System.out.println();
    System.out.printf(
        "scale-down: %d nodes, %d removable together, %d unremovable%n",
        snapshot.nodes().size(), lastPlan.scaleDowns().size(), lastPlan.unremovable().size());
  }
}
