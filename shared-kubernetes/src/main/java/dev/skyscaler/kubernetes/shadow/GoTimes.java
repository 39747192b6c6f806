package dev.skyscaler.kubernetes.shadow;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a time as Go's {@code time.Time.String()} writes it, as CA stamps its status ConfigMap
 * ({@code 2023-11-24 04:28:19.546750398 +0000 UTC}): the fraction has trailing zeros trimmed (or is
 * absent) and the zone name after the offset is ignored.
 */
final class GoTimes {
  private static final Pattern GO =
      Pattern.compile(
          "^(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2})(\\.\\d{1,9})? ([+-])(\\d{2})(\\d{2})\\b.*$");

  private GoTimes() {}

  /** The instant, or empty for text that is not such a time. */
  static Optional<Instant> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = GO.matcher(text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    String fraction = m.group(3) == null ? "" : m.group(3);
    LocalDateTime local = LocalDateTime.parse(m.group(1) + "T" + m.group(2) + fraction);
    int seconds = Integer.parseInt(m.group(5)) * 3600 + Integer.parseInt(m.group(6)) * 60;
    ZoneOffset offset = ZoneOffset.ofTotalSeconds(m.group(4).equals("-") ? -seconds : seconds);
    return Optional.of(local.toInstant(offset));
  }
}
