package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.metrics.DeltaFlush.Sample;
import dev.skyscaler.kubernetes.metrics.Metrics.Type;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Samples of a flush as CloudWatch embedded metric format documents. */
class EmbeddedMetricFormatTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  record Case(String name, List<Sample> samples, List<String> documents) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "series without labels share one document dimensioned by the cluster alone",
            List.of(counter("scaled_up_nodes_total", Map.of(), 3), gauge("groups", Map.of(), 2)),
            List.of(
                "{\"_aws\":{\"Timestamp\":1767268800000,\"CloudWatchMetrics\":[{\"Namespace\":"
                    + "\"Skyscaler\",\"Dimensions\":[[\"ClusterName\"]],\"Metrics\":[{\"Name\":"
                    + "\"scaled_up_nodes_total\",\"Unit\":\"Count\"},{\"Name\":\"groups\",\"Unit\":"
                    + "\"Count\"}]}]},\"ClusterName\":\"prod\",\"scaled_up_nodes_total\":3.0,"
                    + "\"groups\":2.0}")),
        new Case(
            "each set of label values gets a document of its own with the labels as dimensions",
            List.of(
                gauge("nodes_count", Map.of("state", "ready"), 4),
                gauge("nodes_count", Map.of("state", "unready"), 1)),
            List.of(
                "{\"_aws\":{\"Timestamp\":1767268800000,\"CloudWatchMetrics\":[{\"Namespace\":"
                    + "\"Skyscaler\",\"Dimensions\":[[\"ClusterName\",\"state\"]],\"Metrics\":"
                    + "[{\"Name\":\"nodes_count\",\"Unit\":\"Count\"}]}]},\"ClusterName\":\"prod\","
                    + "\"state\":\"ready\",\"nodes_count\":4.0}",
                "{\"_aws\":{\"Timestamp\":1767268800000,\"CloudWatchMetrics\":[{\"Namespace\":"
                    + "\"Skyscaler\",\"Dimensions\":[[\"ClusterName\",\"state\"]],\"Metrics\":"
                    + "[{\"Name\":\"nodes_count\",\"Unit\":\"Count\"}]}]},\"ClusterName\":\"prod\","
                    + "\"state\":\"unready\",\"nodes_count\":1.0}")),
        new Case(
            "a histogram is the mean of its new observations, in seconds",
            List.of(
                new Sample(
                    "function_duration_seconds",
                    Type.HISTOGRAM,
                    Map.of("function", "main"),
                    3.0,
                    2)),
            List.of(
                "{\"_aws\":{\"Timestamp\":1767268800000,\"CloudWatchMetrics\":[{\"Namespace\":"
                    + "\"Skyscaler\",\"Dimensions\":[[\"ClusterName\",\"function\"]],\"Metrics\":"
                    + "[{\"Name\":\"function_duration_seconds\",\"Unit\":\"Seconds\"}]}]},"
                    + "\"ClusterName\":\"prod\",\"function\":\"main\","
                    + "\"function_duration_seconds\":1.5}")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void samplesBecomeDocuments(Case c) {
    assertThat(EmbeddedMetricFormat.documents("prod", NOW, c.samples()))
        .extracting(ObjectNode::toString)
        .containsExactlyElementsOf(c.documents());
  }

  @org.junit.jupiter.api.Test
  void noDocumentHoldsMoreThanTheHundredMetricsCloudWatchAccepts() {
    List<Sample> many =
        IntStream.range(0, 150).mapToObj(i -> counter("c" + i + "_total", Map.of(), 1)).toList();

    assertThat(EmbeddedMetricFormat.documents("prod", NOW, many))
        .extracting(d -> d.get("_aws").get("CloudWatchMetrics").get(0).get("Metrics").size())
        .containsExactly(100, 50);
  }

  private static Sample counter(String name, Map<String, String> labels, double value) {
    return new Sample(name, Type.COUNTER, labels, value, 1);
  }

  private static Sample gauge(String name, Map<String, String> labels, double value) {
    return new Sample(name, Type.GAUGE, labels, value, 1);
  }
}
