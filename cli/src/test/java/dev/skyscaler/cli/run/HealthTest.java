package dev.skyscaler.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.scan.ScanReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code /healthz} as Cluster Autoscaler decides it, with {@code --max-inactivity=10m} and {@code
 * --max-failing-time=15m}: each row is the scans that ended (minutes after the start, and how) and
 * the answer at a later minute.
 */
class HealthTest {
  static final Instant START = Instant.parse("2025-01-31T12:00:00Z");
  static final ScanReport OK = new ScanReport.Skipped("held by another replica");
  static final ScanReport FAILED = new ScanReport.Failed("read the cluster", "HTTP 503");

  record Scan(int minute, ScanReport report) {}

  record Case(String name, List<Scan> scans, int at, Optional<String> problem) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("healthy from the start, before any scan", List.of(), 9, Optional.empty()),
        new Case(
            "no scan at all for longer than --max-inactivity",
            List.of(),
            11,
            Optional.of("no scan ended for 11m (--max-inactivity=10m)")),
        new Case(
            "a scan that found the lease held counts as a success",
            List.of(new Scan(5, OK), new Scan(14, OK)),
            20,
            Optional.empty()),
        new Case(
            "failing scans keep it active but fail it after --max-failing-time",
            List.of(new Scan(1, OK), new Scan(10, FAILED), new Scan(16, FAILED)),
            17,
            Optional.of("no scan succeeded for 16m (--max-failing-time=15m)")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void answers(Case c) {
    Health h = new Health(Duration.ofMinutes(10), Duration.ofMinutes(15), START);
    c.scans().forEach(s -> h.record(s.report(), START.plus(Duration.ofMinutes(s.minute()))));

    assertThat(h.problem(START.plus(Duration.ofMinutes(c.at())))).isEqualTo(c.problem());
  }
}
