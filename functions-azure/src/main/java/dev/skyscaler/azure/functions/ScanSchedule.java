package dev.skyscaler.azure.functions;

import dev.skyscaler.core.config.GoDuration;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The Scan function's timer schedule as {@code SCAN_INTERVAL} gives it. {@code SCAN_INTERVAL} means
 * the same on every cloud: the time between the starts of two full scans. On Azure the timer is the
 * cadence (a run scans once): its six-field NCRONTAB schedule is the app setting {@code
 * SCAN_SCHEDULE}, which the Functions host reads before any code runs, so the deployment derives it
 * from {@code SCAN_INTERVAL} ({@code main.bicep}) and the function refuses a schedule that
 * disagrees. NCRONTAB fires at fixed seconds of each minute, so the interval must divide a minute:
 * {@value #ALLOWED}; the same 10 s to 60 s as on AWS, whose function loops inside a minute.
 */
final class ScanSchedule {
  static final String ALLOWED = "10s, 12s, 15s, 20s, 30s or 1m";
  private static final List<Long> SECONDS = List.of(10L, 12L, 15L, 20L, 30L, 60L);

  private ScanSchedule() {}

  /** The NCRONTAB firing every {@code interval}; empty for an interval the timer cannot keep. */
  static Optional<String> every(Duration interval) {
    if (interval.getNano() != 0 || !SECONDS.contains(interval.getSeconds())) {
      return Optional.empty();
    }
    long seconds = interval.getSeconds();
    return Optional.of(seconds == 60 ? "0 * * * * *" : "*/" + seconds + " * * * * *");
  }

  /**
   * Checks {@code SCAN_INTERVAL} and the {@code SCAN_SCHEDULE} that must go with it.
   *
   * @param interval the {@code SCAN_INTERVAL} text, or empty for CA's default
   * @param schedule the {@code SCAN_SCHEDULE} setting, or empty when not set
   * @param errors where each problem is added, naming its setting
   * @return the schedule the timer should have: the one set, else the one derived
   */
  static String check(Optional<String> interval, Optional<String> schedule, List<String> errors) {
    // an interval that is not a duration at all is reported with the other CA options
    Optional<Duration> parsed = GoDuration.parse(interval.orElse("10s"));
    Optional<String> derived = parsed.flatMap(ScanSchedule::every);
    if (parsed.isPresent() && derived.isEmpty()) {
      errors.add(
          "SCAN_INTERVAL: expected "
              + ALLOWED
              + " (the Scan timer fires at fixed seconds of each minute), got "
              + GoDuration.format(parsed.get()));
    }
    String fallback = derived.orElse(FunctionSettings.DEFAULT_SCAN_SCHEDULE);
    String value = schedule.orElse(fallback);
    if (fields(value).size() != 6) {
      errors.add(
          "SCAN_SCHEDULE: expected six NCRONTAB fields {second} {minute} {hour} {day} {month}"
              + " {day-of-week}, like \""
              + fallback
              + "\", got \""
              + value
              + "\"");
    } else if (derived.isPresent() && !fields(value).equals(fields(derived.get()))) {
      errors.add(
          "SCAN_SCHEDULE: \""
              + value
              + "\" is not a scan every SCAN_INTERVAL ("
              + GoDuration.format(parsed.get())
              + "); expected \""
              + derived.get()
              + "\"");
    }
    return value;
  }

  private static List<String> fields(String schedule) {
    return List.of(schedule.trim().split("\\s+"));
  }
}
