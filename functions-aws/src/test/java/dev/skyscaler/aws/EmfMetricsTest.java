package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The metrics of one warm execution environment: counters count across invocations' scans. */
class EmfMetricsTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC);

  @Test
  void eachScansDocumentsCarryTheCountersIncreaseSoTheirSumIsTheTotal() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    EmfMetrics metrics =
        new EmfMetrics(
            new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8), CLOCK), "prod", CLOCK);

    for (int i = 0; i < 3; i++) {
      metrics.record(ScanKind.FULL, new ScanReport.Failed("take the lease", "conflict"));
    }

    List<JsonNode> docs = new ArrayList<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      docs.add(new ObjectMapper().readTree(line));
    }
    assertThat(docs)
        .filteredOn(d -> d.path("type").asText().equals("apiCallError"))
        .extracting(d -> d.get(ScanMetrics.ERRORS).asDouble())
        .containsExactly(1.0, 1.0, 1.0);
    assertThat(docs)
        .filteredOn(d -> d.path("type").asText().equals("internalError"))
        .extracting(d -> d.get(ScanMetrics.ERRORS).asDouble())
        .containsExactly(0.0, 0.0, 0.0);
    assertThat(docs).allSatisfy(d -> assertThat(d.get("ClusterName").asText()).isEqualTo("prod"));
  }
}
