package dev.skyscaler.cli.simulate;

import java.util.List;

/**
 * The {@code --report} page: one self-contained HTML file (inline CSS and SVG, no script, no
 * external reference). The answers come first (cost against the baseline without autoscaling,
 * nodes, pods' waits, the resource that bound; or, for a what-if, a table comparing the runs), then
 * the charts with their marks (nodes, pending pods, utilisation per resource, cost over time),
 * pods' waits per workload, the node groups, the counts that are not zero, and the timeline without
 * its echo rows. The text and JSON outputs keep everything.
 */
public final class HtmlReport {
  private static final String STYLE =
      """
      :root{--ink:#1d2330;--muted:#5b6475;--line:#e3e6ec;--soft:#f5f7fa}
      body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;\
      color:var(--ink);background:#fff}
      main{max-width:1000px;margin:0 auto;padding:1.5em 1.5em 3em}
      header{border-bottom:3px solid #1f77b4;margin-bottom:1.2em}
      h1{font-size:1.65em;margin:.2em 0 .1em}h2{font-size:1.2em;margin:1.8em 0 .2em}
      h3{font-size:1em;margin:1.2em 0 .1em;color:var(--muted)}
      .meta{color:var(--muted);margin:.1em 0 .8em}
      .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(210px,1fr));gap:12px;\
      margin:1em 0}
      .card{background:var(--soft);border:1px solid var(--line);border-radius:8px;\
      padding:.7em .9em}
      .card-title{color:var(--muted);font-size:.85em;text-transform:uppercase;\
      letter-spacing:.04em}
      .figure{font-size:1.5em;font-weight:600;margin:.1em 0}
      .detail{color:var(--muted);font-size:.9em}
      table{border-collapse:collapse;margin:.5em 0}
      th,td{text-align:left;padding:.25em .9em .25em 0;vertical-align:top}
      th{border-bottom:1px solid #9aa3b2;font-weight:600}
      td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
      table.data td{border-bottom:1px solid var(--line)}
      tr.total td{font-weight:600}
      table.compare td:first-child{white-space:nowrap}
      .swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em}
      code{font-size:.92em}
      .note{color:var(--muted);font-size:.9em}
      ul.counts{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4em 1.4em}
      .timeline td{border-bottom:1px solid #eef0f3}
      .timeline td:first-child{font-family:ui-monospace,monospace;white-space:nowrap}
      .kind{font-family:ui-monospace,monospace;white-space:nowrap;padding:0 .4em;\
      border-radius:3px;background:#eef}
      .kind.scale-up{background:#dfd}.kind.remove,.kind.scale-down{background:#fde}
      .kind.interruption,.kind.failure{background:#fdb}.kind.evict{background:#ffd}
      .kind.repair,.kind.replace{background:#ecdff5}
      figure.chart{margin:.4em 0 0}
      svg.chart{width:100%;height:auto;display:block}
      svg text.axis,svg text.unit,svg text.lane{font-size:11px;fill:#5b6475}
      svg text.lane{font-weight:600}
      svg line.grid{stroke:#e8eaef}svg line.tick{stroke:#9aa3b2}
      svg line.guide{stroke-width:1;stroke-dasharray:2 3;opacity:.45}
      svg g.marker:hover line.guide{opacity:1}
      .legend{margin:.2em 0 0 64px;color:var(--muted)}
      .legend span{margin-right:1.2em;white-space:nowrap}
      details{margin:1.5em 0;border-top:1px solid var(--line)}
      summary{cursor:pointer;font-weight:600;font-size:1.1em;padding:.6em 0}
      """;

  private HtmlReport() {}

  /** The page of one run. */
  public static String render(SimulationResult r) {
    return render(List.of(new NamedRun(NamedRun.BASE, "", r)));
  }

  /** The page of a run, or of a what-if: the base run first, then its variants. */
  public static String render(List<NamedRun> runs) {
    Scenario s = runs.get(0).result().scenario();
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(Html.escape("Skyscaler simulation: " + s.name()))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<main>\n<header>\n<h1>Skyscaler simulation</h1>\n")
        .append("<p class=\"meta\">")
        .append(Html.escape(SimulationText.header(s)).replace("\n", "<br>\n"))
        .append("</p>\n</header>\n");
    ReportAnswers.write(sb, runs);
    ReportCharts.write(sb, runs);
    if (runs.size() == 1) {
      details(sb, runs.get(0).result());
    } else {
      for (int i = 0; i < runs.size(); i++) {
        NamedRun run = runs.get(i);
        sb.append(i == 0 ? "<details open>" : "<details>")
            .append("<summary>Run ")
            .append(Html.escape(run.name()))
            .append(run.flags().isEmpty() ? "" : ": " + Html.escape(run.flags()))
            .append("</summary>\n");
        details(sb, run.result());
        sb.append("</details>\n");
      }
    }
    sb.append("</main>\n</body>\n</html>\n");
    return sb.toString();
  }

  private static void details(StringBuilder sb, SimulationResult r) {
    ReportTables.waits(sb, r.summary().waits());
    heading(sb, "Node groups", "Nodes, node-hours and cost per group; counts that are not zero.");
    ReportTables.groups(sb, r.summary(), r.scenario().currency());
    ReportTables.counts(sb, r.summary());
    ReportTables.timeline(sb, r.timeline());
  }

  /** A section's title and a sentence saying what it shows. */
  static void heading(StringBuilder sb, String title, String what) {
    sb.append("<h2>")
        .append(Html.escape(title))
        .append("</h2>\n<p class=\"meta\">")
        .append(Html.escape(what))
        .append("</p>\n");
  }
}
