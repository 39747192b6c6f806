package dev.skyscaler.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * A scan's read of a big cluster through the real fabric8 client: 5,000 nodes and 150,000 running
 * pods ({@link LiveObjects}, about 2.5 KB of JSON each) from a loopback server that renders each
 * page when asked ({@link ListPages}), 500 items per page, translated into the core model.
 *
 * <p>{@code read=scan} is what a scan does ({@link LiveSnapshotReader#readForScan}: pods translated
 * page by page); {@code read=objects} is what scans did before (every API object read, then
 * translated, both kept). The fork runs as Lambda starts the JVM at the template's 1,024 MB (serial
 * collector, a heap of 85 % of the memory), so a read that needs more heap than the function has
 * fails here too. At the end of the trial it prints the highest heap left after any collection
 * during the reads (warm-up included), above what the JVM held before them.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"-XX:MaxHeapSize=891290k", "-XX:+UseSerialGC"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class LiveReadBenchmark {
  @Param({"scan"})
  String read;

  @Param("" + ClusterGenerator.STEADY_NODES)
  int nodes;

  @Param("" + ClusterGenerator.STEADY_RUNNING_PODS)
  int pods;

  private ListPages server;
  private KubernetesConnection connection;
  private LiveSnapshotReader reader;
  private final AtomicLong peakAfterGc = new AtomicLong();
  private final NotificationListener onGc = (n, hb) -> recordAfterGc(n.getUserData());
  private long baseline;
  private int lastPods;

  @Setup
  public void startServer() {
    server = LiveObjects.cluster(nodes, pods);
    connection =
        KubernetesConnection.withToken(
            server.uri(), () -> "benchmark", Optional.empty(), ConnectionOptions.DEFAULTS);
    reader = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS);
    baseline = HeapUse.afterGc();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener(onGc, null, null);
    }
  }

  @Benchmark
  public Object readCluster() {
    if ("objects".equals(read)) {
      var objects = reader.readObjects();
      var snapshot = objects.translate();
      lastPods = snapshot.pods().size();
      return new Object[] {objects, snapshot};
    }
    var scan = reader.readForScan();
    lastPods = scan.snapshot().pods().size();
    return scan;
  }

  @TearDown
  public void report() throws Exception {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).removeNotificationListener(onGc);
    }
    long peak = peakAfterGc.get();
    // one more read, held while the heap is measured: what a scan keeps while it plans and acts
    Object held = readCluster();
    long retained = HeapUse.afterGc() - baseline;
    java.lang.ref.Reference.reachabilityFence(held);
    System.out.println();
    System.out.printf(
        "read=%s: %,d pods translated; one read retains %s; highest heap after a collection"
            + " during the reads: %s above the %s held before them (max heap %s)%n",
        read,
        lastPods,
        HeapUse.mib(retained),
        HeapUse.mib(peak - baseline),
        HeapUse.mib(baseline),
        HeapUse.mib(Runtime.getRuntime().maxMemory()));
    connection.close();
    server.close();
  }

  private void recordAfterGc(Object data) {
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) data);
    long used =
        info.getGcInfo().getMemoryUsageAfterGc().values().stream()
            .mapToLong(MemoryUsage::getUsed)
            .sum();
    peakAfterGc.accumulateAndGet(used, Math::max);
  }
}
