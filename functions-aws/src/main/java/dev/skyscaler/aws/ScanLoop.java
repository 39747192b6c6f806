package dev.skyscaler.aws;

import dev.skyscaler.kubernetes.scan.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The scan function's cadence inside one invocation. EventBridge starts the function once a minute;
 * the loop runs a scan at the start and then every {@code interval} on a fixed schedule (start,
 * start + interval, ...; a slow scan does not push the later ones back) until the minute is used,
 * so the next invocation takes over on time. A scan starts only if the invocation still has {@code
 * reserve} left after it begins, so a scan is never cut off by the Lambda timeout. After an idle
 * scan the pause is {@code idleInterval} when one is set (fewer scans, lower cost, slower reaction
 * to new pending pods).
 */
public final class ScanLoop {
  /** One scan; says whether there was anything to do. */
  @FunctionalInterface
  public interface Scan {
    Result run(Instant now);
  }

  /** What a scan found. */
  public enum Result {
    /** Pending pods, drains, unneeded nodes or nodes booting: keep the normal cadence. */
    BUSY,
    /** Nothing to do. */
    IDLE
  }

  static final Duration WINDOW = Duration.ofMinutes(1);

  private final Duration interval;
  private final Duration idleInterval;
  private final Duration reserve;
  private final Clock clock;
  private final Sleeper sleeper;

  public ScanLoop(
      Duration interval, Duration idleInterval, Duration reserve, Clock clock, Sleeper sleeper) {
    this.interval = Objects.requireNonNull(interval, "interval");
    this.idleInterval = Objects.requireNonNull(idleInterval, "idleInterval");
    this.reserve = Objects.requireNonNull(reserve, "reserve");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    if (interval.isZero() || interval.isNegative()) {
      throw new IllegalArgumentException("scan interval must be positive");
    }
  }

  /**
   * Runs scans until the minute or the invocation's time is used.
   *
   * @param remainingMillis the invocation's remaining time ({@code
   *     Context::getRemainingTimeInMillis})
   * @return how many scans ran
   */
  public int run(LongSupplier remainingMillis, Scan scan) throws InterruptedException {
    Instant start = clock.instant();
    Instant end = start.plus(WINDOW);
    Instant next = start;
    int scans = 0;
    while (true) {
      Result result = scan.run(clock.instant());
      scans++;
      Duration pause = result == Result.IDLE ? idleInterval : interval;
      next = next.plus(pause);
      while (next.isBefore(clock.instant())) {
        next = next.plus(pause); // a scan that overran its slot: skip the slots it missed
      }
      if (!next.isBefore(end)) {
        return scans;
      }
      Duration wait = Duration.between(clock.instant(), next);
      long leftAtNext = remainingMillis.getAsLong() - Math.max(0, wait.toMillis());
      if (leftAtNext < reserve.toMillis()) {
        return scans;
      }
      if (!wait.isNegative()) {
        sleeper.sleep(wait);
      }
    }
  }
}
