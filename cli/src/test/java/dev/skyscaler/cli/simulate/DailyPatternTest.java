package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalTime;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DailyPatternTest {
  private static final DailyPattern DAY =
      DailyPattern.of(Map.of(LocalTime.of(0, 0), 10, LocalTime.of(12, 0), 30));

  record Case(String name, DailyPattern pattern, String time, int replicas) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    DailyPattern one = DailyPattern.of(Map.of(LocalTime.of(9, 0), 7));
    DailyPattern business = DailyPattern.of(Map.of(LocalTime.of(8, 0), 20, LocalTime.of(18, 0), 5));
    return Stream.of(
        new Case("a point gives its replicas", DAY, "12:00", 30),
        new Case("between two points the replicas are linear", DAY, "06:00", 20),
        new Case("after the last point it heads for the first", DAY, "18:00", 20),
        new Case("replicas are rounded to the nearest", DAY, "23:00", 12),
        new Case("one point is a constant", one, "03:00", 7),
        new Case("before the first point it comes from the last", business, "03:00", 15));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void replicasFollowTheTimeOfDay(Case c) {
    Instant t = Instant.parse("2025-06-02T" + c.time() + ":00Z");
    assertThat(c.pattern().replicasAt(t)).isEqualTo(c.replicas());
  }
}
