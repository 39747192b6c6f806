package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.config.GoDuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The top of the report: the answers first. One run gets four cards (cost against the baseline,
 * nodes, pods' waits, the resource that bound); a what-if gets one table comparing its runs.
 */
final class ReportAnswers {
  private ReportAnswers() {}

  static void write(StringBuilder sb, List<NamedRun> runs) {
    if (runs.size() == 1) {
      cards(sb, runs.get(0).result());
    } else {
      comparison(sb, runs);
    }
  }

  private static void cards(StringBuilder sb, SimulationResult r) {
    RunFigures f = RunFigures.of(r);
    String currency = r.scenario().currency();
    sb.append("<div class=\"cards\">\n");
    if (f.cost().isPresent()) {
      double saving = f.saving().getAsDouble();
      double baseline = f.baseline().getAsDouble();
      card(
          sb,
          "Cost",
          ReportTables.money(f.cost(), currency),
          "without autoscaling "
              + ReportTables.money(baseline, currency)
              + " (the peak held for "
              + GoDuration.format(r.scenario().duration())
              + "): "
              + (saving >= 0 ? "saved " : "cost ")
              + ReportTables.money(Math.abs(saving), currency)
              + (baseline > 0
                  ? " (" + ReportTables.percent(Math.abs(saving) / baseline) + ")"
                  : ""));
    }
    Summary s = r.summary();
    card(
        sb,
        "Nodes",
        SimulationText.number(f.nodeHours()) + " node-hours",
        "peak "
            + Timeline.plural(f.peakNodes(), "node")
            + "; "
            + Timeline.plural(s.count("scaleUps"), "scale-up")
            + ", "
            + Timeline.plural(s.count("nodesRemoved"), "node")
            + " removed");
    WaitStats w = f.waits();
    card(
        sb,
        "Waiting for a node",
        "p90 " + ReportTables.wait(w.p90()),
        "p50 "
            + ReportTables.wait(w.p50())
            + " · p99 "
            + ReportTables.wait(w.p99())
            + " · max "
            + ReportTables.wait(w.max())
            + "; "
            + w.waited()
            + " of "
            + Timeline.plural(w.pods(), "pod")
            + " waited");
    RunFigures.Bound b = f.bound();
    List<String> others = new ArrayList<>();
    boolean first = true;
    for (Map.Entry<String, Double> e : b.peaks().entrySet()) {
      if (!first) {
        others.add(RunFigures.label(e.getKey()) + " " + ReportTables.percent(e.getValue()));
      }
      first = false;
    }
    card(
        sb,
        b.whileWaiting() ? "What bound" : "Fullest resource",
        RunFigures.label(b.resource()) + " " + ReportTables.percent(b.share()),
        (b.whileWaiting() ? "at most, while pods waited for a node; " : "at most; ")
            + String.join(", ", others));
    sb.append("</div>\n");
  }

  private static void card(StringBuilder sb, String title, String figure, String detail) {
    sb.append("<div class=\"card\"><div class=\"card-title\">")
        .append(Html.escape(title))
        .append("</div><div class=\"figure\">")
        .append(Html.escape(figure))
        .append("</div><div class=\"detail\">")
        .append(Html.escape(detail))
        .append("</div></div>\n");
  }

  private static void comparison(StringBuilder sb, List<NamedRun> runs) {
    String currency = runs.get(0).result().scenario().currency();
    boolean priced = runs.get(0).result().summary().totalCost().isPresent();
    HtmlReport.heading(
        sb,
        "What if",
        "The same scenario, seed and events under each variant's Cluster Autoscaler flags.");
    sb.append("<table class=\"data compare\">\n<tr><th>Run</th><th>Flags</th>");
    if (priced) {
      sb.append(ReportTables.num("Cost (" + currency + ")"))
          .append(ReportTables.num("vs " + runs.get(0).name()))
          .append(ReportTables.num("Saved vs no autoscaling"));
    }
    sb.append(ReportTables.num("Node-hours"))
        .append(ReportTables.num("Peak nodes"))
        .append(ReportTables.num("Wait p50"))
        .append(ReportTables.num("p90"))
        .append(ReportTables.num("p99"))
        .append(ReportTables.num("Max"))
        .append(ReportTables.num("Evictions"))
        .append(ReportTables.num("Still waiting"))
        .append("</tr>\n");
    RunFigures base = RunFigures.of(runs.get(0).result());
    for (int i = 0; i < runs.size(); i++) {
      NamedRun run = runs.get(i);
      RunFigures f = i == 0 ? base : RunFigures.of(run.result());
      sb.append("<tr><td><span class=\"swatch\" style=\"background:")
          .append(ReportCharts.colour(i))
          .append("\"></span>")
          .append(Html.escape(run.name()))
          .append("</td><td><code>")
          .append(Html.escape(run.flags().isEmpty() ? "(as given)" : run.flags()))
          .append("</code>");
      if (priced) {
        double delta = f.cost().getAsDouble() - base.cost().getAsDouble();
        sb.append(ReportTables.cell(SimulationText.number(f.cost().getAsDouble())))
            .append(ReportTables.cell(i == 0 ? "" : signed(delta)))
            .append(ReportTables.cell(SimulationText.number(f.saving().getAsDouble())));
      }
      sb.append(ReportTables.cell(SimulationText.number(f.nodeHours())))
          .append(ReportTables.cell(String.valueOf(f.peakNodes())))
          .append(ReportTables.cell(ReportTables.wait(f.waits().p50())))
          .append(ReportTables.cell(ReportTables.wait(f.waits().p90())))
          .append(ReportTables.cell(ReportTables.wait(f.waits().p99())))
          .append(ReportTables.cell(ReportTables.wait(f.waits().max())))
          .append(ReportTables.cell(String.valueOf(f.evictions())))
          .append(ReportTables.cell(String.valueOf(f.waits().stillWaiting())))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  static String signed(double v) {
    String n = SimulationText.number(Math.abs(v));
    return (v < 0 && !n.equals("0.00") ? "−" : "+") + n;
  }
}
