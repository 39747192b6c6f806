package dev.skyscaler.benchmarks;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
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
 * One routine scan of {@link ClusterGenerator#steady}: 5,000 nodes, 150,000 running pods, 50
 * pending. Targets: 1 s per scan on two cores, heap at most 1 GiB — the fork runs with {@code
 * -Xmx1g}, so the benchmark fails if a scan needs more. At the end of the trial it prints the live
 * heap of the snapshot and of the snapshot plus the last plan (after full collections), and the
 * planned nodes against the {@link LowerBound}. Run with {@code -prof gc} for allocation per scan.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@State(Scope.Benchmark)
public class SteadyScanBenchmark {
  @Param("42")
  long seed;

  @Param("" + ClusterGenerator.STEADY_NODES)
  int nodes;

  @Param("" + ClusterGenerator.STEADY_RUNNING_PODS)
  int runningPods;

  @Param("" + ClusterGenerator.STEADY_PENDING_PODS)
  int pendingPods;

  private ClusterSnapshot snapshot;
  private Plan lastPlan;
  private long baselineHeap;
  private long snapshotHeap;

  @Setup(Level.Trial)
  public void buildCluster() {
    baselineHeap = HeapUse.afterGc();
    snapshot = ClusterGenerator.steady(seed, nodes, runningPods, pendingPods);
    snapshotHeap = HeapUse.afterGc() - baselineHeap;
  }

  @Benchmark
  public Plan scan() {
    lastPlan =
        Autoscaler.runOnce(
            FreshSnapshot.of(snapshot),
            AutoscalerState.EMPTY,
            AutoscalerOptions.defaults(),
            ClusterGenerator.NOW);
    return lastPlan;
  }

  @TearDown(Level.Trial)
  public void reportHeapAndNodes() {
    long retained = HeapUse.afterGc() - baselineHeap;
    long max = Runtime.getRuntime().maxMemory();
    System.out.println();
    System.out.printf(
        "live heap: snapshot %s, snapshot + last plan %s (max heap %s)%n",
        HeapUse.mib(snapshotHeap), HeapUse.mib(retained), HeapUse.mib(max));
    System.out.print(ScaleUpEfficiency.of(snapshot, lastPlan).describe());
  }
}
