package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;

/**
 * The {@code --report} page: one self-contained HTML file (inline CSS and SVG, no script, no
 * external reference) with the summary, nodes per group, waiting pods and requested share of the
 * Ready nodes over time, and the timeline.
 */
public final class HtmlReport {
  private static final String STYLE =
      """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;\
      max-width:1000px;color:#222;padding:0 1em}
      h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.8em}
      .meta{color:#555;margin-top:0}
      table{border-collapse:collapse;margin:.5em 0}
      th,td{text-align:left;padding:.2em .8em .2em 0;vertical-align:top}
      th{border-bottom:1px solid #999}td.num,th.num{text-align:right}
      .timeline td{border-bottom:1px solid #eee}.timeline td:first-child{font-family:monospace}
      .kind{font-family:monospace;white-space:nowrap;padding:0 .4em;border-radius:3px;\
      background:#eef}
      .kind.scale-up{background:#dfd}.kind.remove,.kind.scale-down{background:#fde}
      .kind.interruption,.kind.failure{background:#fdb}.kind.evict{background:#ffd}
      svg text.axis{font-size:11px;fill:#555}
      svg line.grid{stroke:#e4e4e4}svg line.tick{stroke:#999}
      .legend span{margin-right:1.2em;white-space:nowrap}
      """;

  private HtmlReport() {}

  public static String render(SimulationResult r) {
    Scenario s = r.scenario();
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(escape("Skyscaler simulation: " + s.name()))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<h1>Skyscaler simulation</h1>\n<p class=\"meta\">")
        .append(escape(SimulationText.header(s)).replace("\n", "<br>\n"))
        .append("</p>\n");
    summary(sb, r.summary());
    charts(sb, r.samples());
    timeline(sb, r);
    sb.append("</body>\n</html>\n");
    return sb.toString();
  }

  private static void summary(StringBuilder sb, Summary s) {
    sb.append("<h2>Summary</h2>\n<table>\n<tr><th>Node group</th><th class=\"num\">Nodes at start")
        .append("</th><th class=\"num\">Peak</th><th class=\"num\">At end</th>")
        .append("<th class=\"num\">Node-hours</th><th class=\"num\">Price/h</th>")
        .append("<th class=\"num\">Cost</th></tr>\n");
    for (Summary.GroupSummary g : s.groups()) {
      sb.append("<tr><td>")
          .append(escape(g.name()))
          .append(cell(String.valueOf(g.nodesAtStart())))
          .append(cell(String.valueOf(g.peakNodes())))
          .append(cell(String.valueOf(g.nodesAtEnd())))
          .append(cell(SimulationText.number(g.nodeHours())))
          .append(cell(g.price().isPresent() ? String.valueOf(g.price().getAsDouble()) : "-"))
          .append(cell(g.cost().isPresent() ? SimulationText.number(g.cost().getAsDouble()) : "-"))
          .append("</tr>\n");
    }
    sb.append("</table>\n<table>\n");
    row(sb, "pod-seconds waiting for a node", SimulationText.number(s.pendingPodSeconds()));
    row(
        sb,
        "longest wait",
        s.worstWaitPod().isEmpty()
            ? "none"
            : GoDuration.format(s.worstWait()) + " (" + s.worstWaitPod() + ")");
    row(sb, "pods still waiting at the end", String.valueOf(s.podsPendingAtEnd()));
    for (Summary.Count c : s.counts()) {
      row(sb, c.label(), String.valueOf(c.value()));
    }
    sb.append("</table>\n");
  }

  private static String cell(String text) {
    return "</td><td class=\"num\">" + escape(text);
  }

  private static void row(StringBuilder sb, String label, String value) {
    sb.append("<tr><td>")
        .append(escape(label))
        .append("</td><td class=\"num\">")
        .append(escape(value))
        .append("</td></tr>\n");
  }

  private static void charts(StringBuilder sb, Samples s) {
    SvgChart nodes = new SvgChart(s.interval(), false);
    for (int g = 0; g < s.groups().size(); g++) {
      String colour = SvgChart.COLOURS[g % SvgChart.COLOURS.length];
      nodes.add(
          new SvgChart.Series(
              s.groups().get(g) + " instances", colour, doubles(s.instances()[g]), false, false));
      nodes.add(
          new SvgChart.Series(
              s.groups().get(g) + " Ready", colour, doubles(s.ready()[g]), true, false));
    }
    section(
        sb, "Nodes per group", "Instances (launched, booting or running) and Ready nodes.", nodes);
    SvgChart pending =
        new SvgChart(s.interval(), false)
            .add(
                new SvgChart.Series(
                    "pods waiting for a node", "#d62728", doubles(s.pending()), false, false));
    section(sb, "Pending pods", "Pods not bound to a node after each scan.", pending);
    SvgChart use =
        new SvgChart(s.interval(), true)
            .add(new SvgChart.Series("CPU requested", "#1f77b4", s.cpu(), false, true))
            .add(new SvgChart.Series("memory requested", "#2ca02c", s.memory(), false, true));
    section(
        sb,
        "Utilisation",
        "Requests of the pods on Ready nodes as a share of their allocatable.",
        use);
  }

  private static void section(StringBuilder sb, String title, String what, SvgChart chart) {
    sb.append("<h2>")
        .append(escape(title))
        .append("</h2>\n<p class=\"meta\">")
        .append(escape(what))
        .append("</p>\n")
        .append(chart.render(title))
        .append(chart.legend());
  }

  private static double[] doubles(int[] values) {
    double[] d = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      d[i] = values[i];
    }
    return d;
  }

  private static void timeline(StringBuilder sb, SimulationResult r) {
    sb.append("<h2>Timeline</h2>\n");
    if (r.timeline().isEmpty()) {
      sb.append("<p>Nothing happened: no scale-up, no scale-down, no node trouble.</p>\n");
      return;
    }
    sb.append("<table class=\"timeline\">\n<tr><th>Time</th><th>What</th><th>Details</th></tr>\n");
    for (TimelineEntry e : r.timeline()) {
      sb.append("<tr><td>")
          .append(TimelineEntry.clock(e.at()))
          .append("</td><td><span class=\"kind ")
          .append(escape(e.kind()))
          .append("\">")
          .append(escape(e.kind()))
          .append("</span></td><td>")
          .append(escape(e.message()))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  /** Escapes text for HTML content and attribute values. */
  static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
