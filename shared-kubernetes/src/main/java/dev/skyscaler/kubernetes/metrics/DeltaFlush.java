package dev.skyscaler.kubernetes.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a push output (CloudWatch EMF, Application Insights) sends at each flush of a {@link
 * Metrics} model that outlives the flush (a warm function environment keeps it across invocations):
 * a counter's increase since the previous flush of the same series, so that a sum over a period in
 * the backend is the counter's increase in that period; a gauge's current value; a histogram's
 * count and sum of the observations since the previous flush (a histogram series with none is left
 * out). Counter series are sent even when they did not move, so that an alarm on them sees zeros
 * rather than missing data. Safe for concurrent use; flushes are serialised.
 */
public final class DeltaFlush {
  private final Metrics metrics;
  private final Map<String, double[]> previous = new HashMap<>();

  public DeltaFlush(Metrics metrics) {
    this.metrics = Objects.requireNonNull(metrics, "metrics");
  }

  /**
   * One value to send.
   *
   * @param labels label name to value, in the family's order
   * @param value a counter's increase, a gauge's value, or the sum of a histogram's new
   *     observations
   * @param count 1 for a counter or gauge; the number of a histogram's new observations
   */
  public record Sample(
      String name, Metrics.Type type, Map<String, String> labels, double value, long count) {
    public Sample {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }
  }

  /** The samples since the previous call, family by family in declaration order. */
  public synchronized List<Sample> next() {
    List<Sample> out = new ArrayList<>();
    for (Metrics.Family f : metrics.families()) {
      int sumAt = f.buckets().size() + 1;
      for (Map.Entry<List<String>, double[]> s : f.series().entrySet()) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < f.labels().size(); i++) {
          labels.put(f.labels().get(i), s.getKey().get(i));
        }
        double[] now = s.getValue();
        double[] before = previous.put(f.name() + '\u0000' + s.getKey(), now);
        switch (f.type()) {
          case GAUGE -> out.add(new Sample(f.name(), f.type(), labels, now[0], 1));
          case COUNTER ->
              out.add(new Sample(f.name(), f.type(), labels, increase(now, before, 0), 1));
          case HISTOGRAM -> {
            long count = (long) increase(now, before, sumAt + 1);
            if (count > 0) {
              out.add(new Sample(f.name(), f.type(), labels, increase(now, before, sumAt), count));
            }
          }
        }
      }
    }
    return out;
  }

  private static double increase(double[] now, double[] before, int at) {
    return before == null ? now[at] : now[at] - before[at];
  }
}
