package dev.skyscaler.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** Live heap, measured after full collections: what the program retains, not its garbage. */
final class HeapUse {
  private static final int MAX_COLLECTIONS = 5;

  private HeapUse() {}

  /** Bytes of heap in use once repeated collections stop freeing more than 1 MiB. */
  static long afterGc() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < MAX_COLLECTIONS; i++) {
      System.gc();
      long now = memory.getHeapMemoryUsage().getUsed();
      if (used - now < (1L << 20)) {
        return Math.min(used, now);
      }
      used = now;
    }
    return used;
  }

  static String mib(long bytes) {
    return String.format("%.1f MiB", bytes / (1024.0 * 1024.0));
  }
}
