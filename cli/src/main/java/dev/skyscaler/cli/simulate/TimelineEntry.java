package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.Objects;

/**
 * One line of a simulation's timeline.
 *
 * @param at virtual time after the start
 * @param kind what sort of thing happened: {@code scale-up}, {@code scale-down}, {@code node},
 *     {@code taint}, {@code evict}, {@code remove}, {@code replace}, {@code repair}, {@code
 *     interruption}, {@code failure}, {@code workload}, {@code job}, {@code event}, ...
 * @param message one sentence with the subject and the reason
 */
public record TimelineEntry(Duration at, String kind, String message) {
  public TimelineEntry {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
  }

  /** {@code hh:mm:ss} after the start (hours go past 24). */
  public static String clock(Duration d) {
    long s = d.getSeconds();
    return String.format(java.util.Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  }
}
