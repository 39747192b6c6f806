package dev.skyscaler.cli.shadow;

import dev.skyscaler.kubernetes.shadow.ShadowRecord.Kind;
import java.util.List;

/** The report as text: the window, the counts by kind, examples of each disagreement, a verdict. */
final class ShadowReportText {
  private ShadowReportText() {}

  static String render(ShadowReport r) {
    StringBuilder out = new StringBuilder();
    out.append("Shadow mode from ")
        .append(r.from())
        .append(" to ")
        .append(r.to())
        .append(" (")
        .append(Durations.text(java.time.Duration.between(r.from(), r.to())))
        .append("): ")
        .append(r.scans())
        .append(r.scans() == 1 ? " scan, " : " scans, ")
        .append(r.decisions())
        .append(r.decisions() == 1 ? " group decision" : " group decisions")
        .append('\n');
    r.coveredFrom().ifPresent(c -> out.append("Recorded from ").append(c).append('\n'));
    if (r.omitted() > 0) {
      out.append(r.omitted())
          .append(" more decision(s) were not recorded (too many in one scan)\n");
    }
    out.append('\n');
    for (Kind k : Kind.values()) {
      out.append(String.format("  %-36s %5d", k.label(), r.counts().get(k)));
      if (k == Kind.AGREED && r.decisions() > 0) {
        out.append("  ").append(Durations.percent(r.agreement()));
      }
      out.append('\n');
    }
    for (Kind k : Kind.values()) {
      List<ShadowReport.Example> examples = r.examples().getOrDefault(k, List.of());
      if (examples.isEmpty()) {
        continue;
      }
      out.append('\n')
          .append(Character.toUpperCase(k.label().charAt(0)))
          .append(k.label().substring(1))
          .append(" (")
          .append(r.counts().get(k))
          .append(examples.size() < r.counts().get(k) ? ", latest " + examples.size() : "")
          .append("):\n");
      for (ShadowReport.Example e : examples) {
        out.append("  ")
            .append(e.at())
            .append("  ")
            .append(e.decision().group())
            .append("  Skyscaler: ")
            .append(e.decision().skyscaler())
            .append("  Cluster Autoscaler: ")
            .append(e.decision().clusterAutoscaler())
            .append('\n');
      }
    }
    out.append('\n')
        .append("Safe to switch: ")
        .append(r.safe() ? "looks so, " : "not yet, ")
        .append(r.why())
        .append('\n');
    return out.toString();
  }
}
