package dev.skyscaler.aws;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.metrics.DeltaFlush.Sample;
import dev.skyscaler.kubernetes.metrics.Metrics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples of a flush ({@link dev.skyscaler.kubernetes.metrics.DeltaFlush}) as CloudWatch embedded
 * metric format documents: log lines with an {@code _aws} block that CloudWatch Logs turns into
 * metrics in namespace {@value #NAMESPACE}, dimensioned by {@value #CLUSTER_DIMENSION} and the
 * series' labels. A document holds one value per metric name, so there is one document per distinct
 * set of label values (e.g. {@code nodes_count{state=ready}} and {@code {state=unready}} go into
 * two documents), at most {@value #MAX_METRICS} metrics each (CloudWatch's limit).
 *
 * <p>A counter's value is its increase since the previous flush, so CloudWatch's Sum over a period
 * is the counter's increase in that period; a gauge's is its current value (read it with Maximum or
 * Average); a histogram's is the mean of its observations since the previous flush (a Lambda
 * environment flushes after every scan, so that is the scan's duration).
 */
final class EmbeddedMetricFormat {
  static final String NAMESPACE = "Skyscaler";
  static final String CLUSTER_DIMENSION = "ClusterName";
  static final int MAX_METRICS = 100;
  private static final ObjectMapper JSON = new ObjectMapper();

  private EmbeddedMetricFormat() {}

  static List<ObjectNode> documents(String cluster, Instant at, List<Sample> samples) {
    Map<Map<String, String>, List<Sample>> byLabels = new LinkedHashMap<>();
    for (Sample s : samples) {
      byLabels.computeIfAbsent(s.labels(), k -> new ArrayList<>()).add(s);
    }
    List<ObjectNode> documents = new ArrayList<>();
    byLabels.forEach(
        (labels, group) -> {
          for (int i = 0; i < group.size(); i += MAX_METRICS) {
            documents.add(
                document(
                    cluster,
                    at,
                    labels,
                    group.subList(i, Math.min(group.size(), i + MAX_METRICS))));
          }
        });
    return documents;
  }

  private static ObjectNode document(
      String cluster, Instant at, Map<String, String> labels, List<Sample> samples) {
    ObjectNode doc = JSON.createObjectNode();
    ObjectNode aws = doc.putObject("_aws");
    aws.put("Timestamp", at.toEpochMilli());
    ObjectNode directive = aws.putArray("CloudWatchMetrics").addObject();
    directive.put("Namespace", NAMESPACE);
    ArrayNode dimensions = directive.putArray("Dimensions").addArray().add(CLUSTER_DIMENSION);
    labels.keySet().forEach(dimensions::add);
    ArrayNode metrics = directive.putArray("Metrics");
    doc.put(CLUSTER_DIMENSION, cluster);
    labels.forEach(doc::put);
    for (Sample s : samples) {
      metrics.addObject().put("Name", s.name()).put("Unit", unit(s.name()));
      doc.put(s.name(), s.type() == Metrics.Type.HISTOGRAM ? s.value() / s.count() : s.value());
    }
    return doc;
  }

  private static String unit(String name) {
    return name.endsWith("_seconds")
        ? "Seconds"
        : name.endsWith("last_activity") ? "None" : "Count";
  }
}
