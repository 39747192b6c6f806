package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What happened in a simulation, in order, with the virtual time after the start. */
final class Timeline {
  private final Instant start;
  private final List<TimelineEntry> entries = new ArrayList<>();

  Timeline(Instant start) {
    this.start = start;
  }

  void add(Instant now, String kind, String message) {
    entries.add(new TimelineEntry(Duration.between(start, now), kind, message));
  }

  List<TimelineEntry> entries() {
    return Collections.unmodifiableList(entries);
  }

  /** Up to three names, then how many more: {@code a, b, c and 4 more}. */
  static String some(List<String> names) {
    if (names.size() <= 3) {
      return String.join(", ", names);
    }
    return String.join(", ", names.subList(0, 3)) + " and " + (names.size() - 3) + " more";
  }

  static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }
}
