package dev.skyscaler.azure.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Waits for the machine to be quiet before a child starts (the twin of the AWS measurement's):
 * seeding the cluster leaves this JVM compiling and collecting for a while, work that would
 * otherwise run on the cores the child is measured on. It judges the whole machine from {@code
 * /proc/stat}: under {@link #QUIET_SHARE} of its CPU busy in a {@link #WINDOW}, waiting at most
 * {@link #LIMIT}. Without {@code /proc/stat} it does not wait.
 */
final class QuietMachine {
  static final Duration LIMIT = Duration.ofSeconds(5);
  static final Duration WINDOW = Duration.ofMillis(200);
  static final double QUIET_SHARE = 0.05;
  private static final Path PROC_STAT = Path.of("/proc/stat");

  private QuietMachine() {}

  /** Waits for a quiet window of the machine; returns how long it waited. */
  static Duration await() {
    return Files.isReadable(PROC_STAT) ? await(QuietMachine::machine) : Duration.ZERO;
  }

  /** The same wait on any source of CPU counts. */
  static Duration await(Supplier<CpuTicks> source) {
    long start = System.nanoTime();
    long limit = start + LIMIT.toNanos();
    CpuTicks before = source.get();
    while (System.nanoTime() < limit) {
      try {
        Thread.sleep(WINDOW.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      CpuTicks now = source.get();
      if (now.since(before).busyShare() < QUIET_SHARE) {
        break;
      }
      before = now;
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Cumulative CPU counts: how much was busy, out of how much there was. */
  record CpuTicks(long busy, long total) {
    CpuTicks since(CpuTicks earlier) {
      return new CpuTicks(busy - earlier.busy, total - earlier.total);
    }

    /** Busy over total; a window with no time in it counts as busy. */
    double busyShare() {
      return total <= 0 ? 1.0 : (double) busy / total;
    }

    /**
     * The first line of {@code /proc/stat} ({@code cpu user nice system idle iowait irq softirq
     * steal ...}): idle and iowait are not busy, the rest of the first eight are.
     *
     * @throws IllegalArgumentException naming the line when it is not one
     */
    static CpuTicks ofProcStat(String line) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 9 || !"cpu".equals(f[0])) {
        throw new IllegalArgumentException(
            "/proc/stat: expected 'cpu' and at least 8 counters, got '" + line + "'");
      }
      long busy = 0;
      long total = 0;
      for (int i = 1; i <= 8; i++) {
        long v;
        try {
          v = Long.parseLong(f[i]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "/proc/stat: counter " + i + " is not a number in '" + line + "'", e);
        }
        total += v;
        if (i != 4 && i != 5) {
          busy += v;
        }
      }
      return new CpuTicks(busy, total);
    }
  }

  private static CpuTicks machine() {
    try (var lines = Files.lines(PROC_STAT)) {
      Optional<String> first = lines.findFirst();
      return CpuTicks.ofProcStat(first.orElse(""));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + PROC_STAT + ": " + e.getMessage(), e);
    }
  }
}
