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
 * One scan of {@link ClusterGenerator#homogeneous}: 100,000 identical pending pods, one empty
 * group. Target: 50 ms on two cores. At the end of the trial it prints the planned nodes against
 * the {@link LowerBound} (6,250 nodes of 8 cores for all the pods).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@State(Scope.Benchmark)
public class HomogeneousScaleUpBenchmark {
  @Param("42")
  long seed;

  @Param("" + ClusterGenerator.HOMOGENEOUS_PODS)
  int pods;

  /** CA's {@code --max-nodes-per-scaleup}; 1000 is the default, so the options are defaults(). */
  @Param("1000")
  int maxNodesPerScaleUp;

  private ClusterSnapshot snapshot;
  private AutoscalerOptions options;
  private Plan lastPlan;

  @Setup(Level.Trial)
  public void buildCluster() {
    snapshot = ClusterGenerator.homogeneous(seed, pods);
    options = BenchmarkOptions.withMaxNodesPerScaleUp(maxNodesPerScaleUp);
  }

  @Benchmark
  public Plan planScaleUp() {
    lastPlan =
        Autoscaler.runOnce(
            FreshSnapshot.of(snapshot), AutoscalerState.EMPTY, options, ClusterGenerator.NOW);
    return lastPlan;
  }

  @TearDown(Level.Trial)
  public void reportNodes() {
    System.out.println();
    System.out.print(ScaleUpEfficiency.of(snapshot, lastPlan).describe());
  }
}
