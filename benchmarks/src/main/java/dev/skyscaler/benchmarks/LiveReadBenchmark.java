package dev.skyscaler.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.ListParsing;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.ViewOptions;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * A scan's read of a big cluster through the real fabric8 client: 5,000 nodes and 150,000 running
 * pods ({@link LiveObjects}, about 2.5 KB of JSON each) from a loopback server that renders items
 * when asked ({@link LoopbackApiServer}), translated into the core model.
 *
 * <ul>
 *   <li>{@code read=objects}: the objects path, the baseline: fabric8's typed objects, 500 a page,
 *       then translated ({@link LiveSnapshotReader#readObjects}; what scans did before ADR 0015);
 *   <li>{@code read=list}: a first read that lists: one list per kind from the watch cache,
 *       translated as it arrives ({@link LiveSnapshotReader#readForScan}), its items parsed on a
 *       thread per processor;
 *   <li>{@code read=listserial}: the same, every item parsed on the thread reading the answer (as a
 *       function with one processor does);
 *   <li>{@code read=watchlist}: a watch-fed view listing again where the server offers streaming
 *       lists (a view's first read lists, as {@code list} does; it relists by a streaming list):
 *       one watch per kind sends every object, then the bookmark ending them, while the view still
 *       holds what it had;
 *   <li>{@code read=steady}: a steady scan's read of a watch-fed view (listed, then watched) after
 *       1 % of the pods changed: the server sends the changes to the view's watch, and the read
 *       returns once it has them; what it measures is the server rendering and sending 1,500
 *       events, the view applying them, and the read;
 *   <li>{@code read=scanread}: what a steady scan itself spends: the same change is sent and
 *       applied before the timed call ({@code Level.Invocation}), as a watch applies events between
 *       scans, and the call is the scan's read of the view.
 * </ul>
 *
 * <p>The fork runs as Lambda starts the JVM at the template's 1,024 MB (serial collector, a heap of
 * 85 % of the memory), so a read that needs more heap than the function has fails here too. At the
 * end of the trial it prints what one read retains (for {@code steady}: the view and a read) and
 * the highest heap left after any collection during the reads, above what the JVM held before.
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
  @Param({"list"})
  String read;

  @Param("" + ClusterGenerator.STEADY_NODES)
  int nodes;

  @Param("" + ClusterGenerator.STEADY_RUNNING_PODS)
  int pods;

  /** Whether the loopback server speaks TLS, as an API server does (plain HTTP by default). */
  @Param("false")
  boolean tls;

  private LoopbackApiServer server;
  private KubernetesConnection connection;
  private LiveSnapshotReader reader;
  private ClusterView view;
  private final AtomicLong peakAfterGc = new AtomicLong();
  private final NotificationListener onGc = (n, hb) -> recordAfterGc(n.getUserData());
  private long baseline;
  private int lastPods;
  private final ReadCpu cpu = new ReadCpu();

  @Setup
  public void startServer() {
    server = LiveObjects.cluster(nodes, pods, tls);
    connection =
        KubernetesConnection.withToken(
            server.uri(), () -> "benchmark", server.certificatePem(), ConnectionOptions.DEFAULTS);
    reader = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS);
    baseline = HeapUse.afterGc();
    if ("steady".equals(read) || "scanread".equals(read)) {
      view = ClusterView.watching(Clock.systemUTC());
      view.read(connection, ReadOptions.DEFAULTS); // lists
      view.read(connection, ReadOptions.DEFAULTS); // watches from the lists' versions
    } else if ("watchlist".equals(read)) {
      // never resumed: every read after the first relists, by a streaming list
      view = new ClusterView(relisting(ViewOptions.watching(Clock.systemUTC())));
      view.read(connection, ReadOptions.DEFAULTS);
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener(onGc, null, null);
    }
  }

  @Setup(Level.Iteration)
  public void iteration(IterationParams params) {
    cpu.counting(params.getType() == IterationType.MEASUREMENT);
  }

  /** For {@code scanread}: 1 % of the pods change and the view has the events before the read. */
  @Setup(Level.Invocation)
  public void changeBeforeTheScan() {
    if ("scanread".equals(read)) {
      awaitPods(Long.toString(server.change("/api/v1/pods", pods / 100)));
    }
    cpu.start();
  }

  @TearDown(Level.Invocation)
  public void afterTheRead() {
    cpu.stop();
  }

  @Benchmark
  public Object readCluster() {
    switch (read) {
      case "objects" -> {
        var objects = reader.readObjects();
        var snapshot = objects.translate();
        lastPods = snapshot.pods().size();
        return new Object[] {objects, snapshot};
      }
      case "list" -> {
        var scan = reader.readForScan();
        lastPods = scan.snapshot().pods().size();
        return scan;
      }
      case "listserial" -> {
        var scan =
            new ClusterView(
                    ViewOptions.listing(Clock.systemUTC())
                        .withParsing(ListParsing.onReadingThread()))
                .read(connection, ReadOptions.DEFAULTS);
        lastPods = scan.snapshot().pods().size();
        return scan;
      }
      case "watchlist" -> {
        view.suspend();
        var scan = view.read(connection, ReadOptions.DEFAULTS);
        lastPods = scan.snapshot().pods().size();
        return scan;
      }
      case "steady" -> {
        awaitPods(Long.toString(server.change("/api/v1/pods", pods / 100)));
        var scan = view.read(connection, ReadOptions.DEFAULTS);
        lastPods = scan.snapshot().pods().size();
        return scan;
      }
      case "scanread" -> {
        var scan = view.read(connection, ReadOptions.DEFAULTS);
        lastPods = scan.snapshot().pods().size();
        return scan;
      }
      default -> throw new IllegalArgumentException("read: " + read);
    }
  }

  /**
   * Waits until the view's pods are at {@code version}, asking every 50 µs: spinning on the view
   * would take its lock from the watch applying the events.
   */
  private void awaitPods(String version) {
    while (!version.equals(view.versions().get("pods"))) {
      LockSupport.parkNanos(50_000);
    }
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
    java.lang.ref.Reference.reachabilityFence(view);
    System.out.println();
    System.out.printf(
        "read=%s: %,d pods translated; one read retains %s%s; highest heap after a collection"
            + " during the reads: %s above the %s held before them (max heap %s)%n",
        read,
        lastPods,
        HeapUse.mib(retained),
        view == null ? "" : " (with the view)",
        HeapUse.mib(peak - baseline),
        HeapUse.mib(baseline),
        HeapUse.mib(Runtime.getRuntime().maxMemory()));
    System.out.println("read=" + read + ": " + cpu.summary());
    if (view != null) {
      view.suspend();
    }
    connection.close();
    server.close();
  }

  /** {@code options}, but never resuming a watch: a view that read before lists again. */
  static ViewOptions relisting(ViewOptions options) {
    return new ViewOptions(
        true,
        true,
        options.settle(),
        java.time.Duration.ZERO,
        options.requestTimeout(),
        options.clock(),
        options.parsing());
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
