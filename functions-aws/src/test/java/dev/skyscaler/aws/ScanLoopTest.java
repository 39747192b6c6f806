package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.ScanLoop.Result;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScanLoopTest {
  private static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  private final MutableClock clock = new MutableClock(T0);
  private final List<Long> startedAt = new ArrayList<>();

  @Test
  void scansEveryIntervalUntilTheMinuteIsUsed() throws InterruptedException {
    int scans = loop(10, 10).run(() -> 90_000, scan(Duration.ZERO, Result.BUSY));

    assertThat(scans).isEqualTo(6);
    assertThat(startedAt).containsExactly(0L, 10L, 20L, 30L, 40L, 50L);
  }

  @Test
  void theScheduleIsFixedSoScanTimeDoesNotPushLaterScansBack() throws InterruptedException {
    loop(15, 15).run(() -> 90_000, scan(Duration.ofSeconds(4), Result.BUSY));

    assertThat(startedAt).containsExactly(0L, 15L, 30L, 45L);
  }

  @Test
  void aScanLongerThanTheIntervalSkipsTheMissedSlots() throws InterruptedException {
    loop(10, 10).run(() -> 90_000, scan(Duration.ofSeconds(25), Result.BUSY));

    assertThat(startedAt).containsExactly(0L, 30L);
  }

  @Test
  void noScanStartsWithoutTheReserveLeftInTheInvocation() throws InterruptedException {
    Instant deadline = T0.plusSeconds(25);

    loop(10, 10)
        .run(
            () -> Duration.between(clock.instant(), deadline).toMillis(),
            scan(Duration.ZERO, Result.BUSY));

    assertThat(startedAt).containsExactly(0L, 10L);
  }

  @Test
  void idleScansWaitTheIdleInterval() throws InterruptedException {
    loop(10, 30).run(() -> 90_000, scan(Duration.ZERO, Result.IDLE));

    assertThat(startedAt).containsExactly(0L, 30L);
  }

  private ScanLoop loop(int interval, int idle) {
    return new ScanLoop(
        Duration.ofSeconds(interval),
        Duration.ofSeconds(idle),
        Duration.ofSeconds(10),
        clock,
        clock::advance);
  }

  private ScanLoop.Scan scan(Duration takes, Result result) {
    return now -> {
      startedAt.add(Duration.between(T0, now).toSeconds());
      clock.advance(takes);
      return result;
    };
  }
}
