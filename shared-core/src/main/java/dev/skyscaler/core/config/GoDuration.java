package dev.skyscaler.core.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in Go's {@code time.ParseDuration} syntax, the way Cluster Autoscaler's flags take
 * them: a sequence of decimal numbers, each with a unit ({@code 10s}, {@code 15m}, {@code 1h30m},
 * {@code 1.5h}, {@code 300ms}), or a bare {@code 0}. Units: ns, us (µs), ms, s, m, h. Negative
 * durations are not accepted: no option takes one.
 */
public final class GoDuration {
  private static final Pattern PART =
      Pattern.compile("\\G(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");

  private static final Map<String, Long> NANOS_PER_UNIT =
      Map.of(
          "ns", 1L,
          "us", 1_000L,
          "µs", 1_000L,
          "μs", 1_000L,
          "ms", 1_000_000L,
          "s", 1_000_000_000L,
          "m", 60_000_000_000L,
          "h", 3_600_000_000_000L);

  private GoDuration() {}

  /** The duration, or empty when {@code text} is not a non-negative Go duration. */
  public static Optional<Duration> parse(String text) {
    if (text == null || text.isEmpty()) {
      return Optional.empty();
    }
    if (text.equals("0")) {
      return Optional.of(Duration.ZERO);
    }
    Matcher m = PART.matcher(text);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (m.find()) {
      nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit(m.group(2)))));
      end = m.end();
    }
    if (end == 0 || end != text.length()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Duration.ofNanos(nanos.setScale(0, RoundingMode.DOWN).longValueExact()));
    } catch (ArithmeticException tooLong) {
      return Optional.empty();
    }
  }

  /** The Go spelling of a duration: {@code 10s}, {@code 15m0s} is written {@code 15m}. */
  public static String format(Duration d) {
    if (d.isZero()) {
      return "0s";
    }
    StringBuilder sb = new StringBuilder();
    long hours = d.toHours();
    int minutes = d.toMinutesPart();
    int seconds = d.toSecondsPart();
    int nanos = d.toNanosPart();
    if (hours > 0) {
      sb.append(hours).append('h');
    }
    if (minutes > 0) {
      sb.append(minutes).append('m');
    }
    if (seconds > 0 || nanos > 0) {
      sb.append(seconds);
      if (nanos > 0) {
        sb.append('.').append(String.format("%09d", nanos).replaceAll("0+$", ""));
      }
      sb.append('s');
    }
    return sb.toString();
  }

  private static long unit(String name) {
    return NANOS_PER_UNIT.get(name);
  }
}
