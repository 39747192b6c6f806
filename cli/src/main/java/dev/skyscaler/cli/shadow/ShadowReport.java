package dev.skyscaler.cli.shadow;

import dev.skyscaler.kubernetes.shadow.ShadowRecord;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Decision;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Entry;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Kind;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Quiet;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Scan;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A window of shadow mode's record summarised: how many scans and group decisions, how many of each
 * {@link Kind}, the latest examples of each disagreement, and whether switching looks safe.
 *
 * <p>Switching looks safe when the record covers at least {@link #MIN_COVERAGE} of the window, at
 * least {@link #MIN_DECISIONS} decisions were compared, none was {@link Kind#OPPOSITE}, and at
 * least {@link #SAFE_RATIO} of them agreed. A one-sided decision right after the other autoscaler
 * acted is often only timing (ADR 0045), so full agreement is not required.
 *
 * @param from the window's start ({@code to} minus {@code --since})
 * @param to the report's time
 * @param coveredFrom the first scan of the record inside the window; empty when none
 * @param scans shadow scans in the window
 * @param counts decisions of each kind, every kind listed
 * @param omitted decisions not kept by the record (more than it keeps per scan)
 * @param examples per disagreement kind, its latest decisions, newest first, at most {@link
 *     #EXAMPLES}
 */
record ShadowReport(
    Instant from,
    Instant to,
    Optional<Instant> coveredFrom,
    int scans,
    Map<Kind, Integer> counts,
    int omitted,
    Map<Kind, List<Example>> examples,
    boolean safe,
    String why) {
  static final int EXAMPLES = 3;
  static final double SAFE_RATIO = 0.9;
  static final int MIN_DECISIONS = 10;
  static final double MIN_COVERAGE = 0.9;

  /** One decision with its scan time. */
  record Example(Instant at, Decision decision) {}

  ShadowReport {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    counts = Map.copyOf(counts);
    examples = Map.copyOf(examples);
  }

  /**
   * Summarises the entries of {@code record} whose (last) scan is after {@code to - since}; a quiet
   * span that began before the window counts all its scans.
   */
  static ShadowReport of(ShadowRecord record, Instant to, Duration since) {
    Instant from = to.minus(since);
    Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    Map<Kind, List<Example>> examples = new EnumMap<>(Kind.class);
    for (Kind k : Kind.values()) {
      counts.put(k, 0);
    }
    Instant covered = null;
    int scans = 0;
    int omitted = 0;
    for (Entry e : record.entries()) {
      if (!e.at().isAfter(from) || e.at().isAfter(to)) {
        continue;
      }
      // a quiet span that began before the window covers it from the window's start
      Instant start = e instanceof Quiet q ? (q.from().isAfter(from) ? q.from() : from) : e.at();
      covered = covered == null || start.isBefore(covered) ? start : covered;
      scans += e.scans();
      if (e instanceof Scan s) {
        omitted += s.omitted();
        for (Decision d : s.decisions()) {
          counts.merge(d.kind(), 1, Integer::sum);
          if (d.kind() != Kind.AGREED) {
            examples
                .computeIfAbsent(d.kind(), k -> new ArrayList<>())
                .add(0, new Example(e.at(), d));
          }
        }
      }
    }
    examples.replaceAll((k, list) -> List.copyOf(list.subList(0, Math.min(EXAMPLES, list.size()))));
    ShadowReport draft =
        new ShadowReport(
            from, to, Optional.ofNullable(covered), scans, counts, omitted, examples, false, "");
    return draft.judged();
  }

  int decisions() {
    return counts.values().stream().mapToInt(Integer::intValue).sum();
  }

  int disagreements() {
    return decisions() - counts.get(Kind.AGREED);
  }

  /** Agreed decisions over all, 0 when there was none. */
  double agreement() {
    return decisions() == 0 ? 0 : counts.get(Kind.AGREED) / (double) decisions();
  }

  private ShadowReport judged() {
    Duration window = Duration.between(from, to);
    Duration coverage = coveredFrom.map(c -> Duration.between(c, to)).orElse(Duration.ZERO);
    String reason;
    boolean ok = false;
    if (scans == 0) {
      reason = "no shadow scan was recorded in this window; run Skyscaler with DRY_RUN=true first";
    } else if (coverage.toSeconds() < window.toSeconds() * MIN_COVERAGE) {
      reason =
          "the record covers only "
              + Durations.text(coverage)
              + " of the "
              + Durations.text(window)
              + " asked for; let shadow mode run longer";
    } else if (counts.get(Kind.OPPOSITE) > 0) {
      reason =
          counts.get(Kind.OPPOSITE)
              + " decision(s) went the opposite way; read the examples before switching";
    } else if (decisions() < MIN_DECISIONS) {
      reason =
          "only "
              + decisions()
              + " decision(s) to compare, fewer than "
              + MIN_DECISIONS
              + "; wait for a busier day";
    } else if (agreement() < SAFE_RATIO) {
      reason =
          Durations.percent(agreement())
              + " agreed, below "
              + Durations.percent(SAFE_RATIO)
              + "; most disagreements: "
              + largestDisagreement().label();
    } else {
      ok = true;
      reason =
          Durations.percent(agreement())
              + " of "
              + decisions()
              + " decisions agreed and none went the opposite way";
    }
    return new ShadowReport(from, to, coveredFrom, scans, counts, omitted, examples, ok, reason);
  }

  private Kind largestDisagreement() {
    Kind largest = null;
    for (Kind k : Kind.values()) {
      if (k != Kind.AGREED && (largest == null || counts.get(k) > counts.get(largest))) {
        largest = k;
      }
    }
    return largest;
  }
}
