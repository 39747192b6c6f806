package dev.skyscaler.cli.shadow;

import dev.skyscaler.core.config.GoDuration;
import java.time.Duration;
import java.util.Locale;

/** How the report writes durations and ratios. */
final class Durations {
  private Durations() {}

  /** {@code 24h}, {@code 2h30m}: Go's spelling, as CA's flags are written; whole seconds. */
  static String text(Duration d) {
    return GoDuration.format(Duration.ofSeconds(d.toSeconds()));
  }

  /** {@code 93.3%}. */
  static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.1f%%", ratio * 100);
  }
}
