package dev.skyscaler.kubernetes.metrics;

import dev.skyscaler.kubernetes.metrics.Metrics.Family;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link Metrics} in Prometheus's text exposition format, version 0.0.4 ({@value #CONTENT_TYPE}):
 * per family a {@code # HELP} and a {@code # TYPE} line, then one line per series, histograms as
 * {@code _bucket{le=...}}, {@code _sum} and {@code _count}.
 */
public final class PrometheusText {
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private PrometheusText() {}

  public static String render(Metrics metrics) {
    StringBuilder out = new StringBuilder();
    for (Family f : metrics.families()) {
      out.append("# HELP ").append(f.name()).append(' ').append(escapeHelp(f.help())).append('\n');
      out.append("# TYPE ")
          .append(f.name())
          .append(' ')
          .append(f.type().name().toLowerCase(Locale.ROOT))
          .append('\n');
      for (Map.Entry<List<String>, double[]> s : f.series().entrySet()) {
        if (f.type() == Metrics.Type.HISTOGRAM) {
          histogram(out, f, s.getKey(), s.getValue());
        } else {
          line(out, f.name(), f.labels(), s.getKey(), null, s.getValue()[0]);
        }
      }
    }
    return out.toString();
  }

  private static void histogram(StringBuilder out, Family f, List<String> values, double[] v) {
    List<Double> bounds = f.buckets();
    for (int i = 0; i < bounds.size(); i++) {
      line(out, f.name() + "_bucket", f.labels(), values, number(bounds.get(i)), v[i]);
    }
    line(out, f.name() + "_bucket", f.labels(), values, "+Inf", v[bounds.size()]);
    line(out, f.name() + "_sum", f.labels(), values, null, v[bounds.size() + 1]);
    line(out, f.name() + "_count", f.labels(), values, null, v[bounds.size() + 2]);
  }

  private static void line(
      StringBuilder out,
      String name,
      List<String> labels,
      List<String> values,
      String le,
      double value) {
    out.append(name);
    if (!labels.isEmpty() || le != null) {
      out.append('{');
      for (int i = 0; i < labels.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        out.append(labels.get(i)).append("=\"").append(escapeValue(values.get(i))).append('"');
      }
      if (le != null) {
        out.append(labels.isEmpty() ? "" : ",").append("le=\"").append(le).append('"');
      }
      out.append('}');
    }
    out.append(' ').append(number(value)).append('\n');
  }

  /** Whole numbers without a fraction; others as Java prints doubles (which Prometheus reads). */
  static String number(double v) {
    if (v == Math.rint(v) && !Double.isInfinite(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private static String escapeHelp(String s) {
    return s.replace("\\", "\\\\").replace("\n", "\\n");
  }

  private static String escapeValue(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
