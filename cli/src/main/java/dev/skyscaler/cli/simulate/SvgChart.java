package dev.skyscaler.cli.simulate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart over the simulated time as inline SVG, drawn here so the report needs no script and
 * no network. Long runs are downsampled to at most {@link #MAX_POINTS} points per series (the
 * maximum of each bucket for counts, the mean for shares).
 */
final class SvgChart {
  static final int MAX_POINTS = 1200;
  static final String[] COLOURS = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
  };
  private static final int WIDTH = 960;
  private static final int HEIGHT = 280;
  private static final int LEFT = 56;
  private static final int RIGHT = 16;
  private static final int TOP = 16;
  private static final int BOTTOM = 36;

  /**
   * One line.
   *
   * @param mean downsample by the mean (shares) rather than the maximum (counts)
   */
  record Series(String name, String colour, double[] values, boolean dashed, boolean mean) {}

  private final Duration interval;
  private final boolean percent;
  private final List<Series> series = new ArrayList<>();

  /**
   * @param interval time between two values
   * @param percent values are shares, shown 0–100 %
   */
  SvgChart(Duration interval, boolean percent) {
    this.interval = interval;
    this.percent = percent;
  }

  SvgChart add(Series s) {
    series.add(s);
    return this;
  }

  String render(String label) {
    int n = series.isEmpty() ? 0 : series.get(0).values().length;
    double top = series.stream().mapToDouble(SvgChart::max).max().orElse(0);
    double step = percent ? 0.25 : valueStep(top);
    double max = percent ? 1 : step * (Math.floor(top / step) + 1);
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">%n",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT,
            HtmlReport.escape(label)));
    yAxis(sb, max, step);
    xAxis(sb, n);
    for (Series s : series) {
      line(sb, s, n, max);
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  /** The legend, as HTML next to the chart. */
  String legend() {
    StringBuilder sb = new StringBuilder("<p class=\"legend\">");
    for (Series s : series) {
      sb.append(
              "<span><svg width=\"22\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"22\" y2=\"5\" stroke=\"")
          .append(s.colour())
          .append("\" stroke-width=\"2\"")
          .append(s.dashed() ? " stroke-dasharray=\"4 3\"" : "")
          .append("/></svg> ")
          .append(HtmlReport.escape(s.name()))
          .append("</span>");
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

  /** About four steps up to {@code top}: 1, 2, 2.5 or 5 times a power of ten, at least 1. */
  static double valueStep(double top) {
    double raw = Math.max(1, top / 4);
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * p >= raw && (m != 2.5 || p >= 10)) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private double y(double v, double max) {
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - v / max);
  }

  private double x(double index, int n) {
    return LEFT + (WIDTH - LEFT - RIGHT) * (n <= 1 ? 0 : index / (n - 1));
  }

  private void yAxis(StringBuilder sb, double max, double step) {
    int ticks = (int) Math.round(max / step);
    for (int i = 0; i <= ticks; i++) {
      double v = step * i;
      double y = y(v, max);
      String text = percent ? Math.round(v * 100) + "%" : trim(v);
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
  }

  private void xAxis(StringBuilder sb, int n) {
    long total = interval.getSeconds() * Math.max(0, n - 1);
    long step = timeStep(total);
    for (long t = 0; t <= total && step > 0; t += step) {
      double x = x((double) t / Math.max(1, interval.getSeconds()), n);
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"tick\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s</text>%n",
              x,
              HEIGHT - BOTTOM,
              x,
              HEIGHT - BOTTOM + 4,
              x,
              HEIGHT - BOTTOM + 18,
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

  private void line(StringBuilder sb, Series s, int n, double max) {
    int bucket = Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    StringBuilder points = new StringBuilder();
    double previous = Double.NaN;
    for (int start = 0; start < n; start += bucket) {
      int end = Math.min(n, start + bucket);
      double v = s.mean() ? mean(s.values(), start, end) : max(s.values(), start, end);
      double x = x(start, n);
      if (!Double.isNaN(previous) && !s.mean()) {
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(previous, max)));
      }
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(v, max)));
      previous = v;
    }
    sb.append("<polyline fill=\"none\" stroke=\"")
        .append(s.colour())
        .append("\" stroke-width=\"1.8\"")
        .append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "")
        .append(" points=\"")
        .append(points.toString().strip())
        .append("\"/>\n");
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
}
