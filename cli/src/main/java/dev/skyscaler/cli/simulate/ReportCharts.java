package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The charts of the report, each with the marks of every run: nodes, pods waiting for a node, the
 * share of each resource in use, and cost against the baseline. One run gets a line per node group
 * and per resource; several runs (a what-if) get a line per run on each chart, in the run's colour,
 * and a chart per resource.
 */
final class ReportCharts {
  private static final int HEIGHT = 280;
  private static final int SMALL = 210;
  private static final String[] RESOURCE_COLOURS = {"#1f77b4", "#2ca02c", "#d62728", "#9467bd"};

  private final List<NamedRun> runs;
  private final Duration span;
  private final StringBuilder sb;

  private ReportCharts(List<NamedRun> runs, StringBuilder sb) {
    this.runs = runs;
    this.span = runs.get(0).result().scenario().duration();
    this.sb = sb;
  }

  static void write(StringBuilder sb, List<NamedRun> runs) {
    ReportCharts c = new ReportCharts(runs, sb);
    c.nodes();
    c.pending();
    c.utilisation();
    c.cost();
  }

  static String colour(int run) {
    return SvgChart.COLOURS[run % SvgChart.COLOURS.length];
  }

  /** Earlier runs draw wider, so that a later run's line on top of theirs leaves them visible. */
  private double width(int run) {
    return single() ? 2 : Math.max(1.2, 3.6 - 0.8 * run);
  }

  private SvgChart chart(SvgChart.Axis axis, int height, String unit) {
    SvgChart chart = new SvgChart(span, axis, height, unit);
    for (int i = 0; i < runs.size(); i++) {
      chart.lane(
          new ChartMarkers.Lane(
              runs.get(i).name(), colour(i), ChartMarkers.of(runs.get(i).result().timeline())));
    }
    return chart;
  }

  private boolean single() {
    return runs.size() == 1;
  }

  private void nodes() {
    SvgChart chart = chart(SvgChart.Axis.COUNT, HEIGHT, "nodes");
    if (single()) {
      Samples s = runs.get(0).result().samples();
      for (int g = 0; g < s.groups().size(); g++) {
        String colour = SvgChart.COLOURS[g % SvgChart.COLOURS.length];
        chart.add(series(s.groups().get(g) + " instances", colour, s.instances()[g], s, false, 2));
        chart.add(series(s.groups().get(g) + " Ready", colour, s.ready()[g], s, true, 2));
      }
      section(
          "Nodes per group", "Instances (launched, booting or running) and Ready nodes.", chart);
      return;
    }
    for (int i = 0; i < runs.size(); i++) {
      Samples s = runs.get(i).result().samples();
      chart.add(series(runs.get(i).name(), colour(i), s.totalInstances(), s, false, width(i)));
    }
    section("Nodes", "Instances of every group (launched, booting or running), per run.", chart);
  }

  private void pending() {
    SvgChart chart = chart(SvgChart.Axis.COUNT, HEIGHT, "pods");
    for (int i = 0; i < runs.size(); i++) {
      Samples s = runs.get(i).result().samples();
      String name = single() ? "pods waiting for a node" : runs.get(i).name();
      chart.add(series(name, single() ? "#d62728" : colour(i), s.pending(), s, false, width(i)));
    }
    section("Pending pods", "Pods not bound to a node after each scan.", chart);
  }

  private void utilisation() {
    String what =
        "Requests of the pods on Ready nodes as a share of those nodes' allocatable, for every"
            + " resource that can run out: CPU, memory and pod slots, and any other resource a pod"
            + " requests.";
    if (single()) {
      SvgChart chart = chart(SvgChart.Axis.SHARE, HEIGHT, "");
      Samples s = runs.get(0).result().samples();
      int c = 0;
      for (Map.Entry<String, double[]> e : s.utilisation().entrySet()) {
        chart.add(
            new SvgChart.Series(
                RunFigures.label(e.getKey()),
                RESOURCE_COLOURS[c++ % RESOURCE_COLOURS.length],
                e.getValue(),
                s.interval(),
                false,
                false,
                true));
      }
      section("Utilisation", what, chart);
      return;
    }
    HtmlReport.heading(sb, "Utilisation", what);
    for (String resource : runs.get(0).result().samples().utilisation().keySet()) {
      SvgChart chart = chart(SvgChart.Axis.SHARE, SMALL, "");
      for (int i = 0; i < runs.size(); i++) {
        Samples s = runs.get(i).result().samples();
        double[] shares = s.utilisation().getOrDefault(resource, new double[s.size()]);
        chart.add(
            new SvgChart.Series(
                runs.get(i).name(), colour(i), shares, s.interval(), false, false, true, width(i)));
      }
      sb.append("<h3>").append(Html.escape(RunFigures.label(resource))).append("</h3>\n");
      figure(chart, "Utilisation: " + RunFigures.label(resource));
    }
  }

  private void cost() {
    if (runs.get(0).result().summary().totalCost().isEmpty()) {
      return;
    }
    String currency = runs.get(0).result().scenario().currency();
    SvgChart chart = chart(SvgChart.Axis.MONEY, HEIGHT, currency);
    for (int i = 0; i < runs.size(); i++) {
      SimulationResult r = runs.get(i).result();
      String name = single() ? "spent so far" : runs.get(i).name();
      String colour = single() ? "#1f77b4" : colour(i);
      Duration interval = r.samples().interval();
      chart.add(
          new SvgChart.Series(name, colour, CostSeries.spent(r), interval, false, false, false));
      chart.add(
          new SvgChart.Series(
              single()
                  ? "without autoscaling (the peak held throughout)"
                  : name + " without autoscaling",
              single() ? "#888888" : colour,
              CostSeries.baseline(r),
              interval,
              true,
              false,
              false));
    }
    section(
        "Cost over time",
        "What the node groups have cost so far, in "
            + currency
            + ", and what the same period would have cost without autoscaling: each group's peak"
            + " held throughout.",
        chart);
  }

  private static SvgChart.Series series(
      String name, String colour, int[] values, Samples s, boolean dashed, double width) {
    double[] d = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      d[i] = values[i];
    }
    return new SvgChart.Series(name, colour, d, s.interval(), dashed, true, false, width);
  }

  private void section(String title, String what, SvgChart chart) {
    HtmlReport.heading(sb, title, what);
    figure(chart, title);
  }

  private void figure(SvgChart chart, String label) {
    sb.append("<figure class=\"chart\">\n")
        .append(chart.render(label))
        .append(chart.legend())
        .append("</figure>\n");
  }
}
