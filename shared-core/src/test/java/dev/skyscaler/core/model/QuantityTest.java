package dev.skyscaler.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QuantityTest {

  static Stream<Arguments> milli() {
    return Stream.of(
        Arguments.of("500m", 500L),
        Arguments.of("1", 1000L),
        Arguments.of("1.5", 1500L),
        Arguments.of("0.1", 100L),
        Arguments.of("2e3", 2_000_000L),
        Arguments.of("100u", 1L), // rounded up, as the API server does
        Arguments.of("1k", 1_000_000L),
        Arguments.of(".5", 500L));
  }

  @ParameterizedTest(name = "\"{0}\" is {1} millicores")
  @MethodSource("milli")
  void cpuQuantitiesParseToMillicores(String text, long expected) {
    assertThat(Quantity.parseMilli(text)).isEqualTo(expected);
  }

  static Stream<Arguments> units() {
    return Stream.of(
        Arguments.of("1Gi", 1L << 30),
        Arguments.of("128G", 128_000_000_000L),
        Arguments.of("1536Mi", 1536L << 20),
        Arguments.of("1.5Gi", 3L << 29),
        Arguments.of("2e3", 2000L),
        Arguments.of("0.1", 1L),
        Arguments.of("110", 110L),
        Arguments.of("1Ki", 1024L),
        Arguments.of("1E", 1_000_000_000_000_000_000L));
  }

  @ParameterizedTest(name = "\"{0}\" is {1} units")
  @MethodSource("units")
  void byteAndCountQuantitiesParseToWholeUnitsRoundedUp(String text, long expected) {
    assertThat(Quantity.parseUnits(text)).isEqualTo(expected);
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of("12x", "invalid quantity \"12x\": expected a number with an optional suffix"),
        Arguments.of("", "invalid quantity \"\": expected a number"),
        Arguments.of("Gi", "invalid quantity \"Gi\": expected a number"),
        Arguments.of("-1", "invalid quantity \"-1\": resource quantities cannot be negative"),
        Arguments.of("1.2.3", "invalid quantity \"1.2.3\""));
  }

  @ParameterizedTest(name = "\"{0}\" is rejected")
  @MethodSource("invalid")
  void malformedQuantitiesAreRejectedWithTheTextInTheMessage(String text, String message) {
    assertThatThrownBy(() -> Quantity.parse(text)).hasMessageStartingWith(message);
  }

  @ParameterizedTest(name = "{0} bytes print as {1}")
  @MethodSource("formats")
  void bytesFormatInTheLargestExactBinaryUnit(long bytes, String text) {
    assertThat(Quantity.formatBytes(bytes)).isEqualTo(text);
  }

  static Stream<Arguments> formats() {
    return Stream.of(
        Arguments.of(1L << 30, "1Gi"),
        Arguments.of(1536L << 20, "1536Mi"),
        Arguments.of(1000L, "1000"));
  }
}
