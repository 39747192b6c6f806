package dev.skyscaler.aws.coldstart;

import dev.skyscaler.aws.moto.MotoServer;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Waits for the measurement's servers to be quiet before a child starts: seeding the cluster leaves
 * this JVM (the mock API server's) compiling and collecting for a while, and that work would
 * otherwise run on the cores the child is measured on. In AWS the servers are other machines. What
 * they spend answering the child still runs here and stays in the figure.
 */
final class QuietServers {
  /** How long {@link #await} waits at most. */
  static final Duration LIMIT = Duration.ofSeconds(3);

  /** The window it judges, and the CPU the servers may use in one that counts as quiet. */
  static final Duration WINDOW = Duration.ofMillis(200);

  static final Duration QUIET_CPU = Duration.ofMillis(10);

  private QuietServers() {}

  /**
   * Returns once this JVM and moto have used under {@link #QUIET_CPU} of CPU in a {@link #WINDOW},
   * or after {@link #LIMIT}; returns how long it waited.
   */
  static Duration await(MotoServer moto) {
    long start = System.nanoTime();
    long limit = start + LIMIT.toNanos();
    Duration before = cpu(moto);
    while (System.nanoTime() < limit) {
      try {
        Thread.sleep(WINDOW.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      Duration now = cpu(moto);
      if (now.minus(before).compareTo(QUIET_CPU) < 0) {
        break;
      }
      before = now;
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** This JVM's CPU time plus moto's. */
  private static Duration cpu(MotoServer moto) {
    long own =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
    return Duration.ofNanos(own).plus(moto.cpuTime());
  }
}
