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
 * One scan of {@link ClusterGenerator#mixed}: 40,000 pending pods of 200 shapes (GPU, zone spread
 * and anti-affinity among them) over twenty empty groups. Target: 2 s on two cores, and no more
 * than 1.03 times the {@link LowerBound} nodes for the unconstrained pods. At the end of the trial
 * it prints the planned nodes against the bound per group, for this plan and for a plan of the
 * unconstrained pods alone (where the bound is tight).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@State(Scope.Benchmark)
public class MixedScaleUpBenchmark {
  @Param("42")
  long seed;

  @Param("" + ClusterGenerator.MIXED_PODS)
  int pods;

  @Param("" + ClusterGenerator.MIXED_SHAPES)
  int shapes;

  @Param("" + ClusterGenerator.MIXED_GROUPS)
  int groups;

  /** CA's {@code --max-nodes-per-scaleup}; 1000 is the default, so the options are defaults(). */
  @Param("1000")
  int maxNodesPerScaleUp;

  private ClusterSnapshot snapshot;
  private AutoscalerOptions options;
  private Plan lastPlan;

  @Setup(Level.Trial)
  public void buildCluster() {
    snapshot = ClusterGenerator.mixed(seed, pods, shapes, groups);
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
    // The bound ignores spread and affinity, so the packing target is checked on a second plan
    // for the unconstrained pods alone.
    ClusterSnapshot plain = ScaleUpEfficiency.withoutConstrainedPods(snapshot);
    Plan plainPlan =
        Autoscaler.runOnce(plain, AutoscalerState.EMPTY, options, ClusterGenerator.NOW);
    System.out.println("unconstrained pods only, planned on their own:");
    System.out.print(ScaleUpEfficiency.of(plain, plainPlan).describe());
  }
}
