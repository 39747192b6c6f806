package dev.skyscaler.cli.run;

import dev.skyscaler.core.config.GoDuration;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether the runner is healthy, as Cluster Autoscaler's health check decides it: unhealthy when no
 * scan has ended for {@code --max-inactivity}, or none has succeeded for {@code
 * --max-failing-time}. A scan that found the lease held by another replica counts as a success:
 * that replica is scanning. Until the first scan both count from the start.
 */
final class Health {
  private final Duration maxInactivity;
  private final Duration maxFailingTime;
  private Instant lastActivity;
  private Instant lastSuccess;

  Health(Duration maxInactivity, Duration maxFailingTime, Instant started) {
    this.maxInactivity = maxInactivity;
    this.maxFailingTime = maxFailingTime;
    this.lastActivity = started;
    this.lastSuccess = started;
  }

  synchronized void record(ScanReport report, Instant now) {
    lastActivity = now;
    if (!(report instanceof ScanReport.Failed)) {
      lastSuccess = now;
    }
  }

  /** Empty when healthy; else why not. */
  synchronized Optional<String> problem(Instant now) {
    Duration idle = Duration.between(lastActivity, now);
    if (idle.compareTo(maxInactivity) > 0) {
      return Optional.of(
          "no scan ended for "
              + GoDuration.format(idle)
              + " (--max-inactivity="
              + GoDuration.format(maxInactivity)
              + ")");
    }
    Duration failing = Duration.between(lastSuccess, now);
    if (failing.compareTo(maxFailingTime) > 0) {
      return Optional.of(
          "no scan succeeded for "
              + GoDuration.format(failing)
              + " (--max-failing-time="
              + GoDuration.format(maxFailingTime)
              + ")");
    }
    return Optional.empty();
  }
}
