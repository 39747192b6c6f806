package dev.skyscaler.core.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Go's duration syntax ({@code 10s}, {@code 1h30m}, {@code 500ms}), which CA's flags use. */
public final class GoDurations {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h)");

  private GoDurations() {}

  /** Parses a Go duration; throws naming the text and an example when it is not one. */
  public static Duration parse(String text) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException("invalid duration \"\": expected e.g. 10s, 15m, 1h30m");
    }
    if (text.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = PART.matcher(text);
    int pos = 0;
    double nanos = 0;
    while (m.find() && m.start() == pos) {
      double v = Double.parseDouble(m.group(1));
      nanos +=
          v
              * switch (m.group(2)) {
                case "ns" -> 1;
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                default -> 3600e9;
              };
      pos = m.end();
    }
    if (pos != text.length() || pos == 0) {
      throw new IllegalArgumentException(
          "invalid duration \"" + text + "\": expected e.g. 10s, 15m, 1h30m");
    }
    return Duration.ofNanos(Math.round(nanos));
  }

  /** Formats like Go: {@code 10m0s}, {@code 1h30m0s}, {@code 0s}. */
  public static String format(Duration d) {
    long s = d.getSeconds();
    if (s == 0) {
      return "0s";
    }
    StringBuilder sb = new StringBuilder();
    if (s >= 3600) {
      sb.append(s / 3600).append('h');
    }
    if (s >= 60) {
      sb.append((s % 3600) / 60).append('m');
    }
    sb.append(s % 60).append('s');
    return sb.toString();
  }
}
