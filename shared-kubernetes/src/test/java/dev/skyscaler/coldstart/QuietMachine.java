package dev.skyscaler.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Waits for the machine to be quiet before a child starts. Seeding the cluster leaves the measuring
 * JVM (the mock servers') compiling and collecting for a while, and a build that has just finished
 * leaves Maven's JVM doing the same; that work would otherwise run on the cores the child is
 * measured on. In the cloud the servers are other machines. What the servers spend answering the
 * child still runs here and stays in the figure.
 *
 * <p>On Linux it judges the whole machine, from {@code /proc/stat}; elsewhere whatever source the
 * caller gives (the AWS measurement: its own JVM and moto), or it does not wait.
 */
public final class QuietMachine {
  /** How long {@link #await} waits at most. */
  public static final Duration LIMIT = Duration.ofSeconds(5);

  /** The window it judges. */
  public static final Duration WINDOW = Duration.ofMillis(200);

  /** The share of the machine's CPU that may be busy in a window that counts as quiet. */
  public static final double QUIET_SHARE = 0.05;

  private static final Path PROC_STAT = Path.of("/proc/stat");

  private QuietMachine() {}

  /**
   * Returns once the machine has used under {@link #QUIET_SHARE} of its CPU in a {@link #WINDOW},
   * or after {@link #LIMIT}; returns how long it waited. Without {@code /proc/stat} it judges
   * {@code elsewhere}'s counts, or returns at once when that is null.
   */
  public static Duration await(Supplier<CpuTicks> elsewhere) {
    if (Files.isReadable(PROC_STAT)) {
      return awaitOn(QuietMachine::machine);
    }
    return elsewhere == null ? Duration.ZERO : awaitOn(elsewhere);
  }

  /** The same wait on any source of CPU counts. */
  public static Duration awaitOn(Supplier<CpuTicks> source) {
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

  /**
   * Cumulative CPU counts: how much of it was busy, out of how much there was (any unit, the same
   * for both).
   */
  public record CpuTicks(long busy, long total) {
    public CpuTicks since(CpuTicks earlier) {
      return new CpuTicks(busy - earlier.busy, total - earlier.total);
    }

    /** Busy over total; a window with no time in it counts as busy. */
    public double busyShare() {
      return total <= 0 ? 1.0 : (double) busy / total;
    }

    /**
     * The machine's counts from the first line of {@code /proc/stat} ({@code cpu user nice system
     * idle iowait irq softirq steal ...}): idle and iowait are not busy, the rest of the first
     * eight are.
     *
     * @throws IllegalArgumentException naming the line when it is not one
     */
    public static CpuTicks ofProcStat(String line) {
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
