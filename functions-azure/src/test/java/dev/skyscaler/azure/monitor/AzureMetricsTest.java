package dev.skyscaler.azure.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scan metrics as Application Insights custom metrics, against a local ingestion endpoint. */
class AzureMetricsTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC);
  private final FakeIngestion ingestion;
  private final AzureMetrics metrics;

  AzureMetricsTest() throws IOException {
    ingestion = new FakeIngestion();
    metrics =
        new AzureMetrics(
            "prod",
            CLOCK,
            Optional.of(
                new TrackGateway(AppInsightsConnection.parse(ingestion.connectionString()))));
  }

  @AfterEach
  void stop() {
    ingestion.close();
  }

  @Test
  void eachScanPostsItsCountersIncreaseAsCustomMetricsToTrack() {
    ScanReport failed = new ScanReport.Failed("read the cluster", "timeout");

    assertThat(metrics.record(ScanKind.FULL, failed)).isEmpty();
    assertThat(metrics.record(ScanKind.FULL, failed)).isEmpty();

    assertThat(ingestion.paths()).containsExactly("POST /v2.1/track", "POST /v2.1/track");
    List<JsonNode> errors = series(ScanMetrics.ERRORS, "apiCallError");
    assertThat(errors).hasSize(2).allSatisfy(i -> assertThat(value(i)).isEqualTo(1.0));
    JsonNode item = errors.get(0);
    assertThat(item.get("name").asText()).isEqualTo("Metric");
    assertThat(item.get("iKey").asText()).isEqualTo("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
    assertThat(item.get("time").asText()).isEqualTo("2026-01-01T12:00:00Z");
    assertThat(item.get("data").get("baseType").asText()).isEqualTo("MetricData");
    assertThat(item.get("data").get("baseData").get("properties").toString())
        .isEqualTo("{\"ClusterName\":\"prod\",\"type\":\"apiCallError\"}");
    assertThat(series(ScanMetrics.ERRORS, "internalError"))
        .as("a counter that did not move is sent as zero")
        .allSatisfy(i -> assertThat(value(i)).isZero());
  }

  @Test
  void anEndpointThatRefusesIsAWarningAndTheItemsGoAgainWithTheNextScan() {
    ScanReport skipped = new ScanReport.Skipped("lease held");
    ingestion.fail(400, "Invalid instrumentation key");

    Optional<String> warning = metrics.record(ScanKind.FULL, skipped);
    ingestion.fail(200, "");
    Optional<String> next = metrics.record(ScanKind.FULL, skipped);

    assertThat(warning)
        .contains(
            "metrics not sent: Application Insights "
                + ingestion.track()
                + " answered 400: Invalid instrumentation key");
    assertThat(next).isEmpty();
    assertThat(ingestion.paths()).hasSize(2);
    assertThat(ingestion.items())
        .filteredOn(i -> metric(i).equals(ScanMetrics.SCANS))
        .as("the refused scan's increase and the next one's")
        .hasSize(2);
  }

  @Test
  void withoutAConnectionStringNothingIsSent() {
    AzureMetrics quiet = new AzureMetrics("prod", CLOCK, Optional.empty());

    assertThat(quiet.record(ScanKind.FULL, new ScanReport.Skipped("held"))).isEmpty();
    assertThat(ingestion.paths()).isEmpty();
  }

  private List<JsonNode> series(String name, String type) {
    return ingestion.items().stream()
        .filter(i -> metric(i).equals(name))
        .filter(i -> properties(i).path("type").asText().equals(type))
        .toList();
  }

  private static String metric(JsonNode item) {
    return item.get("data").get("baseData").get("metrics").get(0).get("name").asText();
  }

  private static double value(JsonNode item) {
    return item.get("data").get("baseData").get("metrics").get(0).get("value").asDouble();
  }

  private static JsonNode properties(JsonNode item) {
    return item.get("data").get("baseData").get("properties");
  }
}
