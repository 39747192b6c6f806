package dev.skyscaler.azure.monitor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.metrics.DeltaFlush.Sample;
import java.time.Instant;
import java.util.List;

/**
 * Samples of a flush as Application Insights metric envelopes, the items of {@code /v2.1/track}
 * that become rows of {@code customMetrics}: one envelope per series, named after the metric, its
 * labels and {@value #CLUSTER_DIMENSION} as {@code customDimensions}, the role {@value #ROLE}. A
 * counter's value is its increase since the previous flush (so {@code sum(value)} over a time range
 * is the increase in it), a gauge's its current value, a histogram's the sum of its new
 * observations with their count as {@code valueCount} (so {@code sum(valueSum)/sum(valueCount)} is
 * the mean).
 */
final class MetricEnvelopes {
  static final String CLUSTER_DIMENSION = "ClusterName";
  static final String ROLE = "skyscaler";
  private static final ObjectMapper JSON = new ObjectMapper();

  private MetricEnvelopes() {}

  static List<ObjectNode> of(
      String instrumentationKey, String cluster, Instant at, List<Sample> samples) {
    return samples.stream().map(s -> envelope(instrumentationKey, cluster, at, s)).toList();
  }

  private static ObjectNode envelope(String key, String cluster, Instant at, Sample s) {
    ObjectNode item = JSON.createObjectNode();
    item.put("ver", 1).put("name", "Metric").put("time", at.toString()).put("iKey", key);
    item.putObject("tags").put("ai.cloud.role", ROLE);
    ObjectNode data = item.putObject("data").put("baseType", "MetricData").putObject("baseData");
    data.put("ver", 2);
    data.putArray("metrics")
        .addObject()
        .put("name", s.name())
        .put("value", s.value())
        .put("count", s.count());
    ObjectNode properties = data.putObject("properties").put(CLUSTER_DIMENSION, cluster);
    s.labels().forEach(properties::put);
    return item;
  }
}
