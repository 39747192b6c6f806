package dev.skyscaler.kubernetes.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A runner's metrics, in Prometheus's data model: families of counters, gauges and histograms, each
 * with a name, help and label names, holding one series per set of label values. Safe for
 * concurrent use (a scan records while {@code /metrics} renders). Rendered by {@link
 * PrometheusText}; a runner's recorder (e.g. {@link ScanMetrics}) declares the families it fills.
 */
public final class Metrics {
  private static final Pattern NAME = Pattern.compile("^[a-zA-Z_:][a-zA-Z0-9_:]*$");
  private static final Pattern LABEL = Pattern.compile("^[a-zA-Z_][a-zA-Z0-9_]*$");

  /** What a family counts. */
  public enum Type {
    COUNTER,
    GAUGE,
    HISTOGRAM
  }

  private final Map<String, Family> families = Collections.synchronizedMap(new LinkedHashMap<>());

  /** A counter family; declaring one twice returns the first. */
  public Family counter(String name, String help, String... labels) {
    return declare(name, help, Type.COUNTER, List.of(), labels);
  }

  public Family gauge(String name, String help, String... labels) {
    return declare(name, help, Type.GAUGE, List.of(), labels);
  }

  /** A histogram with these upper bounds (ascending); {@code +Inf} is implied. */
  public Family histogram(String name, String help, List<Double> buckets, String... labels) {
    return declare(name, help, Type.HISTOGRAM, buckets, labels);
  }

  /** The families in declaration order. */
  public List<Family> families() {
    synchronized (families) {
      return List.copyOf(families.values());
    }
  }

  private Family declare(
      String name, String help, Type type, List<Double> buckets, String... labels) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("not a metric name: " + name);
    }
    for (String l : labels) {
      if (!LABEL.matcher(l).matches()) {
        throw new IllegalArgumentException("not a label name: " + l);
      }
    }
    return families.computeIfAbsent(
        name, n -> new Family(n, help, type, List.of(labels), List.copyOf(buckets)));
  }

  /** One metric family and its series. */
  public static final class Family {
    private final String name;
    private final String help;
    private final Type type;
    private final List<String> labels;
    private final List<Double> buckets;
    private final Map<List<String>, double[]> series = new ConcurrentHashMap<>();

    private Family(String name, String help, Type type, List<String> labels, List<Double> buckets) {
      this.name = name;
      this.help = Objects.requireNonNull(help, "help");
      this.type = type;
      this.labels = labels;
      this.buckets = buckets;
    }

    public String name() {
      return name;
    }

    public String help() {
      return help;
    }

    public Type type() {
      return type;
    }

    public List<String> labels() {
      return labels;
    }

    /** The upper bounds of a histogram's buckets, without {@code +Inf}. */
    public List<Double> buckets() {
      return buckets;
    }

    /** Adds to a counter (never negative). */
    public void add(double amount, String... labelValues) {
      require(Type.COUNTER);
      if (amount < 0) {
        throw new IllegalArgumentException(name + ": a counter only goes up");
      }
      synchronized (this) {
        values(labelValues, 1)[0] += amount;
      }
    }

    /** Sets a gauge. */
    public void set(double value, String... labelValues) {
      require(Type.GAUGE);
      synchronized (this) {
        values(labelValues, 1)[0] = value;
      }
    }

    /** Observes a histogram value: one count in each bucket whose bound it does not exceed. */
    public void observe(double value, String... labelValues) {
      require(Type.HISTOGRAM);
      synchronized (this) {
        double[] v = values(labelValues, buckets.size() + 3);
        for (int i = 0; i < buckets.size(); i++) {
          if (value <= buckets.get(i)) {
            v[i]++;
          }
        }
        v[buckets.size()]++; // +Inf
        v[buckets.size() + 1] += value; // sum
        v[buckets.size() + 2]++; // count
      }
    }

    /**
     * The series, by label values in {@link #labels()} order: a counter's or gauge's value; a
     * histogram's cumulative bucket counts, {@code +Inf}, sum and count.
     */
    public synchronized Map<List<String>, double[]> series() {
      Map<List<String>, double[]> copy = new LinkedHashMap<>();
      series.entrySet().stream()
          .sorted(Map.Entry.comparingByKey(Family::compare))
          .forEach(e -> copy.put(e.getKey(), e.getValue().clone()));
      return copy;
    }

    private double[] values(String[] labelValues, int size) {
      if (labelValues.length != labels.size()) {
        throw new IllegalArgumentException(
            name + ": expected values for " + labels + ", got " + labelValues.length);
      }
      return series.computeIfAbsent(List.of(labelValues), k -> new double[size]);
    }

    private void require(Type t) {
      if (type != t) {
        throw new IllegalStateException(name + " is a " + type + ", not a " + t);
      }
    }

    private static int compare(List<String> a, List<String> b) {
      List<String> x = new ArrayList<>(a);
      List<String> y = new ArrayList<>(b);
      return String.join("\u0000", x).compareTo(String.join("\u0000", y));
    }
  }
}
