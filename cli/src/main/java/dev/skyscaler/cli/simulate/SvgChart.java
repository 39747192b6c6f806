package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart over the simulated time as inline SVG, drawn here so the report needs no script and
 * no network: lines placed by time (runs with other scan intervals overlay), and above the plot a
 * lane of {@link ChartMarkers} per run, each mark with a guide line through the plot and its
 * timeline entries as the {@code <title>} shown on hover. Long runs are downsampled to at most
 * {@link #MAX_POINTS} points per line (the maximum of each bucket for counts and running totals,
 * the mean for shares).
 */
final class SvgChart {
  static final int MAX_POINTS = 1200;
  static final String[] COLOURS = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
  };
  private static final int WIDTH = 960;
  private static final int LEFT = 64;
  private static final int RIGHT = 16;
  private static final int LANE = 16;
  private static final int BOTTOM = 30;

  /** What the values are, for the y axis. */
  enum Axis {
    COUNT,
    SHARE,
    MONEY
  }

  /**
   * One line: {@code values[k]} at {@code k × interval} after the start.
   *
   * @param step a count that holds until the next value (drawn as steps, to the chart's end)
   * @param mean downsample by the mean (shares) rather than the maximum
   * @param width the stroke width: runs overlaid on a what-if get thinner, so that a line under
   *     another still shows
   */
  record Series(
      String name,
      String colour,
      double[] values,
      Duration interval,
      boolean dashed,
      boolean step,
      boolean mean,
      double width) {
    Series(
        String name,
        String colour,
        double[] values,
        Duration interval,
        boolean dashed,
        boolean step,
        boolean mean) {
      this(name, colour, values, interval, dashed, step, mean, 2);
    }
  }

  private final Duration span;
  private final Axis axis;
  private final int height;
  private final String unit;
  private final List<Series> series = new ArrayList<>();
  private final List<ChartMarkers.Lane> lanes = new ArrayList<>();

  /**
   * @param span the simulated time the x axis covers
   * @param unit what the y axis counts, written above it ({@code pods}, {@code USD})
   */
  SvgChart(Duration span, Axis axis, int height, String unit) {
    this.span = span;
    this.axis = axis;
    this.height = height;
    this.unit = unit;
  }

  SvgChart add(Series s) {
    series.add(s);
    return this;
  }

  SvgChart lane(ChartMarkers.Lane lane) {
    lanes.add(lane);
    return this;
  }

  private int top() {
    return 22 + LANE * Math.max(1, lanes.size());
  }

  String render(String label) {
    double peak = series.stream().mapToDouble(SvgChart::max).max().orElse(0);
    double step = axis == Axis.SHARE ? 0.25 : valueStep(peak, axis == Axis.MONEY);
    double max = axis == Axis.SHARE ? 1 : step * (Math.floor(peak / step + 1e-9) + 1);
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg class=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n",
            WIDTH,
            height,
            Html.escape(label)));
    yAxis(sb, max, step);
    xAxis(sb);
    for (Series s : series) {
      line(sb, s, max);
    }
    for (int i = 0; i < lanes.size(); i++) {
      lane(sb, lanes.get(i), 14 + LANE * i + LANE / 2.0);
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  /** The legend, as HTML under the chart: the lines, then the kinds of mark drawn. */
  String legend() {
    StringBuilder sb = new StringBuilder("<p class=\"legend\">");
    for (Series s : series) {
      sb.append("<span><svg width=\"22\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"22\" y2=\"5\"")
          .append(" stroke=\"")
          .append(s.colour())
          .append("\" stroke-width=\"2.5\"")
          .append(s.dashed() ? " stroke-dasharray=\"4 3\"" : "")
          .append("/></svg> ")
          .append(Html.escape(s.name()))
          .append("</span>");
    }
    for (ChartMarkers.Kind k : ChartMarkers.Kind.values()) {
      if (lanes.stream().anyMatch(l -> l.marks().stream().anyMatch(m -> m.kind() == k))) {
        sb.append("<span class=\"mark\"><svg width=\"12\" height=\"12\">")
            .append(k.glyph(6, 6))
            .append("</svg> ")
            .append(Html.escape(k.label))
            .append("</span>");
      }
    }
    return sb.append("</p>\n").toString();
  }

  private static double max(Series s) {
    double m = 0;
    for (double v : s.values()) {
      m = Math.max(m, v);
    }
    return m;
  }

  /**
   * About four steps up to {@code top}: 1, 2, 2.5 or 5 times a power of ten; at least 1 unless
   * {@code fractions} (money), and never 0.
   */
  static double valueStep(double top, boolean fractions) {
    double raw = fractions ? Math.max(0.01, top / 4) : Math.max(1, top / 4);
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * p >= raw - 1e-12 && (m != 2.5 || p >= 10 || fractions)) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private double y(double v, double max) {
    return top() + (height - top() - BOTTOM) * (1 - v / max);
  }

  private double x(double seconds) {
    double total = Math.max(1, span.toMillis() / 1000.0);
    return LEFT + (WIDTH - LEFT - RIGHT) * Math.min(1, seconds / total);
  }

  private void yAxis(StringBuilder sb, double max, double step) {
    int ticks = (int) Math.round(max / step);
    for (int i = 0; i <= ticks; i++) {
      double v = step * i;
      double y = y(v, max);
      String text =
          switch (axis) {
            case SHARE -> Math.round(v * 100) + "%";
            case MONEY -> money(v, step);
            case COUNT -> trim(v);
          };
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" class=\"axis\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              y,
              WIDTH - RIGHT,
              y,
              LEFT - 6,
              y + 4,
              text));
    }
    if (!unit.isEmpty()) {
      double middle = (top() + height - BOTTOM) / 2.0;
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"14\" y=\"%.1f\" class=\"unit\" text-anchor=\"middle\""
                  + " transform=\"rotate(-90 14 %.1f)\">%s</text>%n",
              middle,
              middle,
              Html.escape(unit)));
    }
  }

  private void xAxis(StringBuilder sb) {
    long total = span.getSeconds();
    long step = timeStep(total);
    for (long t = 0; t <= total && step > 0; t += step) {
      double x = x(t);
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"tick\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s</text>%n",
              x,
              height - BOTTOM,
              x,
              height - BOTTOM + 4,
              x,
              height - BOTTOM + 17,
              TimelineEntry.clock(Duration.ofSeconds(t)).substring(0, 5)));
    }
  }

  /** About eight ticks, each a round number of minutes or hours. */
  static long timeStep(long totalSeconds) {
    long[] steps = {60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400};
    for (long s : steps) {
      if (totalSeconds / s <= 8) {
        return s;
      }
    }
    return totalSeconds / 8;
  }

  private void line(StringBuilder sb, Series s, double max) {
    int n = s.values().length;
    if (n == 0) {
      return;
    }
    double seconds = s.interval().toMillis() / 1000.0;
    int bucket = Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    StringBuilder points = new StringBuilder();
    double previous = Double.NaN;
    for (int start = 0; start < n; start += bucket) {
      int end = Math.min(n, start + bucket);
      double v = s.mean() ? mean(s.values(), start, end) : max(s.values(), start, end);
      double x = x(start * seconds);
      if (!Double.isNaN(previous) && s.step()) {
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(previous, max)));
      }
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(v, max)));
      previous = v;
    }
    if (s.step()) {
      points.append(
          String.format(Locale.ROOT, "%.1f,%.1f", x(span.getSeconds()), y(previous, max)));
    }
    sb.append("<polyline class=\"series\" fill=\"none\" stroke=\"")
        .append(s.colour())
        .append(String.format(Locale.ROOT, "\" stroke-width=\"%.1f\"", s.width()))
        .append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "")
        .append(" points=\"")
        .append(points.toString().strip())
        .append("\"><title>")
        .append(Html.escape(s.name()))
        .append("</title></polyline>\n");
  }

  private void lane(StringBuilder sb, ChartMarkers.Lane lane, double y) {
    if (lanes.size() > 1) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%.1f\" class=\"lane\" text-anchor=\"end\" fill=\"%s\">%s</text>%n",
              LEFT - 6,
              y + 4,
              lane.colour(),
              Html.escape(lane.name())));
    }
    double secondsPerPixel = Math.max(1, span.getSeconds()) / (double) (WIDTH - LEFT - RIGHT);
    for (List<ChartMarkers.Mark> group : ChartMarkers.merged(lane.marks(), secondsPerPixel, 6)) {
      ChartMarkers.Mark first = group.get(0);
      double x = x(first.at().getSeconds());
      sb.append("<g class=\"marker\"><title>")
          .append(Html.escape(ChartMarkers.title(group)))
          .append("</title>")
          .append(
              String.format(
                  Locale.ROOT,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" class=\"guide\"/>",
                  x,
                  y + 5,
                  x,
                  height - BOTTOM,
                  first.kind().colour))
          .append(first.kind().glyph(x, y))
          .append("</g>\n");
    }
  }

  private static double max(double[] v, int from, int to) {
    double m = v[from];
    for (int i = from + 1; i < to; i++) {
      m = Math.max(m, v[i]);
    }
    return m;
  }

  private static double mean(double[] v, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += v[i];
    }
    return sum / (to - from);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  /** A money tick with as many decimals as its step needs, at least two. */
  private static String money(double v, double step) {
    int decimals = Math.max(2, (int) Math.ceil(-Math.log10(step) - 1e-9));
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
