package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pod index of the steady cluster's 150,000 running pods ({@link PodsByNode#of}), the one walk
 * over every pod a routine scan makes, in three memory layouts. The walk is memory-bound, so where
 * the pods lie matters as much as what is done with each:
 *
 * <ul>
 *   <li>{@code generated}: as {@link ClusterGenerator#steady} makes them, allocated and listed node
 *       by node, the pods of a node sharing its name's {@code String} (what {@link
 *       SteadyScanBenchmark} scans);
 *   <li>{@code listedByKey}: the same objects listed by namespace and name, as the API server lists
 *       pods, so that the list's order is no longer the order in memory;
 *   <li>{@code readByKey}: copies allocated in that order, each with a node name and requests of
 *       its own, as a reader translating a list response makes them (what a live scan indexes).
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 3, time = 3)
@State(Scope.Benchmark)
public class PodIndexBenchmark {
  @Param("42")
  long seed;

  @Param({"generated", "listedByKey", "readByKey"})
  String layout;

  private List<Pod> pods;

  @Setup(Level.Trial)
  public void buildPods() {
    List<Pod> generated = ClusterGenerator.steady(seed).pods();
    if (layout.equals("generated")) {
      pods = generated;
      return;
    }
    List<Pod> byKey = new ArrayList<>(generated);
    byKey.sort(Comparator.comparing(Pod::key));
    if (layout.equals("listedByKey")) {
      pods = List.copyOf(byKey);
      return;
    }
    if (!layout.equals("readByKey")) {
      throw new IllegalArgumentException(
          "layout must be generated, listedByKey or readByKey, was " + layout);
    }
    List<Pod> read = new ArrayList<>(byKey.size());
    for (Pod p : byKey) {
      read.add(asRead(p));
    }
    pods = List.copyOf(read);
  }

  /** A copy of {@code p} with a node name and requests of its own, allocated now. */
  private static Pod asRead(Pod p) {
    Resources r = p.requests();
    Pod.Builder copy =
        p.toBuilder()
            .requests(
                new Resources(r.cpu(), r.memory(), r.ephemeralStorage(), r.pods(), r.extended()));
    p.nodeName().ifPresent(node -> copy.nodeName(new String(node.toCharArray())));
    return copy.build();
  }

  @Benchmark
  public PodsByNode index() {
    return PodsByNode.of(pods);
  }
}
