package dev.skyscaler.kubernetes.scan;

import java.time.Duration;

/**
 * How a runner waits: between two attempts at a lease another actor holds ({@link ScanCycle}), and
 * between two scans of one invocation (the AWS scan loop). Every runner takes it as a parameter, so
 * tests move a clock instead of sleeping.
 */
@FunctionalInterface
public interface Sleeper {
  /** Real time: {@link Thread#sleep(long)}. */
  Sleeper SYSTEM = d -> Thread.sleep(d.toMillis());

  /**
   * Waits {@code d}.
   *
   * @throws InterruptedException when the thread is interrupted while waiting
   */
  void sleep(Duration d) throws InterruptedException;
}
