package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class GoDurationTest {

  static Stream<Arguments> durations() {
    return Stream.of(
        Arguments.of("10s", Duration.ofSeconds(10)),
        Arguments.of("15m", Duration.ofMinutes(15)),
        Arguments.of("1h30m", Duration.ofMinutes(90)),
        Arguments.of("1.5h", Duration.ofMinutes(90)),
        Arguments.of("300ms", Duration.ofMillis(300)),
        Arguments.of("2us", Duration.ofNanos(2000)),
        Arguments.of("2µs", Duration.ofNanos(2000)),
        Arguments.of("7ns", Duration.ofNanos(7)),
        Arguments.of("0s", Duration.ZERO),
        Arguments.of("0", Duration.ZERO),
        Arguments.of(".5s", Duration.ofMillis(500)),
        Arguments.of("1h0m0s", Duration.ofHours(1)));
  }

  @ParameterizedTest(name = "\"{0}\" is {1}")
  @MethodSource("durations")
  void goDurationsParse(String text, Duration expected) {
    assertThat(GoDuration.parse(text)).contains(expected);
  }

  @ParameterizedTest(name = "\"{0}\" is not a duration")
  @ValueSource(strings = {"", "10", "1d", "s", "-5s", "+5s", "10 s", "1h30", "1.2.3s", "5S"})
  void malformedDurationsAreRejected(String text) {
    assertThat(GoDuration.parse(text)).isEmpty();
  }

  static Stream<Arguments> formats() {
    return Stream.of(
        Arguments.of(Duration.ZERO, "0s"),
        Arguments.of(Duration.ofSeconds(10), "10s"),
        Arguments.of(Duration.ofMinutes(15), "15m"),
        Arguments.of(Duration.ofMinutes(90), "1h30m"),
        Arguments.of(Duration.ofMillis(1500), "1.5s"));
  }

  @ParameterizedTest(name = "{0} is written \"{1}\"")
  @MethodSource("formats")
  void durationsAreWrittenTheWayGoWritesThem(Duration d, String expected) {
    assertThat(GoDuration.format(d)).isEqualTo(expected);
    assertThat(GoDuration.parse(expected)).contains(d);
  }
}
