package dev.skyscaler.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU time of each measured read: the whole process's (the reader, its parsing threads and its
 * collections, which outlive no read, and the loopback server's threads), and of those the
 * server's, so that a reader's own work can be read apart from the wall time a busy machine
 * stretches and from the server that shares its cores.
 */
final class ReadCpu {
  private static final String SERVER_THREADS = "loopback-api-server";

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final List<long[]> reads = new ArrayList<>();
  private boolean counting;
  private long processAtStart;
  private long serverAtStart;

  /** Whether the next reads count (measured iterations) or not (warm-up). */
  void counting(boolean counting) {
    this.counting = counting;
  }

  void start() {
    processAtStart = os.getProcessCpuTime();
    serverAtStart = serverCpu();
  }

  void stop() {
    if (counting) {
      reads.add(new long[] {os.getProcessCpuTime() - processAtStart, serverCpu() - serverAtStart});
    }
  }

  /** The medians of the measured reads, in milliseconds. */
  String summary() {
    if (reads.isEmpty()) {
      return "no measured read";
    }
    long process = median(0);
    long server = median(1);
    return String.format(
        "CPU per read (median of %d): %,d ms, of which the reader and its collections %,d ms and"
            + " the loopback server %,d ms",
        reads.size(), process / 1_000_000, (process - server) / 1_000_000, server / 1_000_000);
  }

  private long median(int column) {
    long[] values = reads.stream().mapToLong(r -> r[column]).sorted().toArray();
    return values[values.length / 2];
  }

  private long serverCpu() {
    long total = 0;
    for (long id : threads.getAllThreadIds()) {
      var info = threads.getThreadInfo(id);
      if (info != null && info.getThreadName().startsWith(SERVER_THREADS)) {
        total += Math.max(0, threads.getThreadCpuTime(id));
      }
    }
    return total;
  }
}
