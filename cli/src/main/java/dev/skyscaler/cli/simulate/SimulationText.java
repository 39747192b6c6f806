package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The text output of {@code skyscaler simulate}: a header, the timeline and the summary. */
public final class SimulationText {
  private SimulationText() {}

  /**
   * A run's output; for a what-if (more than one run), the base run's output and then a table
   * comparing the runs.
   */
  public static String render(List<NamedRun> runs) {
    String base = render(runs.get(0).result());
    return runs.size() == 1 ? base : base + "\n" + WhatIfText.render(runs);
  }

  public static String render(SimulationResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append(header(r.scenario())).append("\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"TIME", "WHAT", "DETAILS"});
    for (TimelineEntry e : r.timeline()) {
      rows.add(new String[] {TimelineEntry.clock(e.at()), e.kind(), e.message()});
    }
    if (r.timeline().isEmpty()) {
      sb.append("Nothing happened: no scale-up, no scale-down, no node trouble.\n");
    } else {
      sb.append(table(rows, ""));
    }
    sb.append("\n").append(summary(r.summary()));
    return sb.toString();
  }

  /** Scenario, start, duration, scans and seed in two lines. */
  static String header(Scenario s) {
    return "Simulation of "
        + s.name()
        + "\n  start "
        + s.start()
        + ", "
        + GoDuration.format(s.duration())
        + " at "
        + GoDuration.format(s.scanInterval())
        + " scans ("
        + s.scans()
        + " scans), seed "
        + s.seed();
  }

  static String summary(Summary s) {
    StringBuilder sb = new StringBuilder("Summary\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"NODE GROUP", "NODES START/PEAK/END", "NODE-HOURS", "PRICE/H", "COST"});
    for (Summary.GroupSummary g : s.groups()) {
      rows.add(
          new String[] {
            g.name(),
            g.nodesAtStart() + " / " + g.peakNodes() + " / " + g.nodesAtEnd(),
            number(g.nodeHours()),
            g.price().isPresent() ? String.valueOf(g.price().getAsDouble()) : "-",
            g.cost().isPresent() ? number(g.cost().getAsDouble()) : "-"
          });
    }
    if (s.totalCost().isPresent() && s.groups().size() > 1) {
      rows.add(new String[] {"total", "", "", "", number(s.totalCost().getAsDouble())});
    }
    sb.append(table(rows, "  ")).append('\n');
    sb.append("  Pods waiting for a node: ")
        .append(number(s.pendingPodSeconds()))
        .append(" pod-seconds; longest wait ")
        .append(
            s.worstWaitPod().isEmpty()
                ? "none"
                : GoDuration.format(s.worstWait()) + " (" + s.worstWaitPod() + ")")
        .append("; ")
        .append(s.podsPendingAtEnd())
        .append(" still waiting at the end\n\n");
    List<String[]> counts = new ArrayList<>();
    for (Summary.Count c : s.counts()) {
      counts.add(new String[] {c.label(), String.valueOf(c.value())});
    }
    sb.append(table(counts, "  "));
    return sb.toString();
  }

  static String number(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Left-aligned columns, two spaces apart, no trailing blanks. */
  static String table(List<String[]> rows, String indent) {
    int columns = rows.get(0).length;
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int c = 0; c < columns; c++) {
        line.append(row[c]);
        if (c < columns - 1) {
          line.append(" ".repeat(widths[c] - row[c].length() + 2));
        }
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }
}
