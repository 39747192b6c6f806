package dev.skyscaler.cli.run;

import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code skyscaler run}'s loop: the shared {@link ScanCycle} every {@code --scan-interval}, on a
 * fixed schedule (a scan that overruns its slot skips the slots it missed), each scan logged,
 * measured and recorded for the health check, until stopped.
 *
 * <p>Stopping ({@link StopSignal}, on SIGTERM) never cuts a scan: the scan under way finishes,
 * which releases the lease; the wait between scans ends at once. {@link #awaitStopped} bounds how
 * long a shutdown waits for that: if the scan outlives the bound, the process ends without it, its
 * lease expires by itself and the next holder re-derives what the scan had done, as after any
 * crash.
 */
final class ScanRunner {
  private final ScanCycle cycle;
  private final Duration interval;
  private final Clock clock;
  private final Sleeper sleeper;
  private final RunLog log;
  private final ScanMetrics metrics;
  private final Health health;
  private final StopSignal stop;
  private final CountDownLatch stopped = new CountDownLatch(1);

  ScanRunner(
      ScanCycle cycle,
      Duration interval,
      Clock clock,
      Sleeper sleeper,
      StopSignal stop,
      RunLog log,
      ScanMetrics metrics,
      Health health) {
    this.cycle = cycle;
    this.interval = interval;
    this.clock = clock;
    this.sleeper = sleeper;
    this.stop = stop;
    this.log = log;
    this.metrics = metrics;
    this.health = health;
  }

  /** Scans until stopped; returns how many scans ran. */
  int run() {
    int scans = 0;
    Instant next = clock.instant();
    try {
      while (!stop.stopped()) {
        ScanReport report = cycle.run();
        scans++;
        log.scan(report);
        metrics.record(ScanKind.FULL, report);
        health.record(report, clock.instant());
        next = next.plus(interval);
        while (next.isBefore(clock.instant())) {
          next = next.plus(interval);
        }
        Duration wait = Duration.between(clock.instant(), next);
        if (!stop.stopped() && !wait.isNegative() && !wait.isZero()) {
          sleeper.sleep(wait);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      log.info("stopped", Map.of("scans", scans));
      stopped.countDown();
    }
    return scans;
  }

  /** Waits up to {@code grace} for the loop to end; true when it did. */
  boolean awaitStopped(Duration grace) throws InterruptedException {
    return stopped.await(grace.toMillis(), TimeUnit.MILLISECONDS);
  }
}
