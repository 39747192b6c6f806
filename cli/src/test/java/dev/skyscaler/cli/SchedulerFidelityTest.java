package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scheduler fidelity suite: kube-scheduler's filter plugin tables and Karpenter's topology
 * cases, re-derived as small clusters in {@code src/test/resources/fidelity/}, each run through
 * {@code skyscaler plan} (and {@code explain} where the case names the node a pod fits) on the
 * snapshot translation every user's {@code kubectl get -o yaml} goes through. The plan must match
 * exactly: the scale-up per group, the pods left pending with their reason per group, and the pods
 * placed on new nodes.
 */
class SchedulerFidelityTest {
  static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  static Path suite() {
    try {
      return Path.of(SchedulerFidelityTest.class.getResource("/fidelity").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static Stream<FidelityCase> cases() throws IOException {
    List<FidelityCase> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(suite())) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        all.addAll(FidelityCase.read(f));
      }
    }
    return all.stream();
  }

  @Test
  void theSuiteHasAtLeastAHundredCasesEachCitingItsUpstreamCase() throws IOException {
    List<FidelityCase> all = cases().toList();
    assertThat(all).hasSizeGreaterThanOrEqualTo(100);
    assertThat(all).allSatisfy(c -> assertThat(c.upstream()).matches(".+_test\\.go: .+"));
    assertThat(all.stream().map(FidelityCase::toString).distinct()).hasSameSizeAs(all);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void planAgreesWithTheScheduler(FidelityCase c) throws IOException {
    List<Path> files = c.write(dir);
    JsonNode plan = run(c, files, "plan");

    Map<String, Integer> scaleUps = new TreeMap<>();
    List<Integer> placed = new ArrayList<>();
    plan.get("scaleUp")
        .forEach(
            s -> {
              scaleUps.put(s.get("nodeGroup").asText(), s.get("delta").asInt());
              placed.add(s.path("pods").size());
            });
    Map<String, Map<String, String>> pending = new TreeMap<>();
    plan.get("noScaleUp")
        .forEach(
            n -> {
              Map<String, String> reasons = new TreeMap<>();
              n.get("reasons")
                  .fields()
                  .forEachRemaining(r -> reasons.put(r.getKey(), r.getValue().asText()));
              pending.put(n.get("pod").asText(), reasons);
            });
    assertThat(scaleUps).as("scale-ups").isEqualTo(c.expect().scaleUps());
    assertThat(pending)
        .as("pods left pending, with the reason per group")
        .isEqualTo(c.expect().pending());
    if (!c.expect().placed().isEmpty()) {
      assertThat(placed.stream().sorted().toList())
          .as("pods placed on the new nodes of each group")
          .isEqualTo(c.expect().placed());
    }
    List<String> warnings = new ArrayList<>();
    plan.get("warnings").forEach(w -> warnings.add(w.asText()));
    assertThat(warnings).as("warnings").isEqualTo(c.expect().warnings());
    for (var fit : c.expect().fits().entrySet()) {
      JsonNode explained = run(c, files, "explain", fit.getKey());
      assertThat(explained.get("summary").asText())
          .as("explain " + fit.getKey())
          .isEqualTo("pending, but fits existing node " + fit.getValue() + ": no scale-up needed");
    }
  }

  private static JsonNode run(FidelityCase c, List<Path> files, String... command)
      throws IOException {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(
        List.of(
            "--snapshot",
            files.get(0).toString(),
            "--node-groups",
            files.get(1).toString(),
            "--output",
            "json"));
    args.addAll(c.flags());
    CliRun r = CliRun.runAt(Clock.fixed(NOW, ZoneOffset.UTC), args.toArray(String[]::new));
    assertThat(r.err()).as("stderr of " + String.join(" ", command)).isEmpty();
    assertThat(r.exitCode()).isZero();
    return JSON.readTree(r.out());
  }
}
