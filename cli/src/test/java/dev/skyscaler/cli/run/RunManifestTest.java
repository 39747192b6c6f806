package dev.skyscaler.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.skyscaler.cli.options.CaOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code infra/kubernetes/skyscaler-run.yaml} runs what {@code skyscaler run} accepts: its
 * arguments parse, the liveness probe asks {@code /healthz} on the port of {@code --address}, the
 * grace period outlasts the runner's, and the service account is bound to both roles.
 */
class RunManifestTest {
  static final Path MANIFEST = Path.of("..", "infra", "kubernetes", "skyscaler-run.yaml");

  private static List<JsonNode> documents() throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    List<JsonNode> docs = new ArrayList<>();
    try (YAMLParser p = new YAMLFactory().createParser(Files.readString(MANIFEST))) {
      for (var it = yaml.readValues(p, JsonNode.class); it.hasNext(); ) {
        JsonNode d = it.next();
        if (d != null && !d.isEmpty()) {
          docs.add(d);
        }
      }
    }
    return docs;
  }

  private static JsonNode kind(String kind, List<JsonNode> docs) {
    return docs.stream().filter(d -> d.get("kind").asText().equals(kind)).findFirst().orElseThrow();
  }

  @Test
  void theDeploymentsArgumentsAreOnesRunAccepts() throws Exception {
    JsonNode pod = kind("Deployment", documents()).at("/spec/template/spec");
    JsonNode container = pod.get("containers").get(0);
    List<String> args = new ArrayList<>();
    container.get("args").forEach(a -> args.add(a.asText()));

    assertThat(args.get(0)).isEqualTo("run");
    CommandLine cl =
        new CommandLine(new RunCommand(Clock.systemUTC(), Map.of(), new StopSignal(), false));
    CaOptions.addTo(cl.getCommandSpec());
    var parsed = cl.parseArgs(args.subList(1, args.size()).toArray(String[]::new));
    assertThat(parsed.matchedOptionValue("--cloud-provider", "")).isEqualTo("clusterapi");
    assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/healthz");
    assertThat(container.at("/ports/0/containerPort").asText())
        .isEqualTo(parsed.matchedOptionValue("--address", "").replace(":", ""));
    assertThat(pod.get("terminationGracePeriodSeconds").asInt())
        .isGreaterThan(RunCommand.GRACE_SECONDS);
  }

  @Test
  void theServiceAccountIsBoundToTheWorkloadAndTheManagementRoles() throws Exception {
    assertThat(
            documents().stream()
                .filter(d -> d.get("kind").asText().endsWith("Binding"))
                .map(d -> d.at("/roleRef/kind").asText() + " " + d.at("/roleRef/name").asText()))
        .containsExactlyInAnyOrder(
            "ClusterRole skyscaler", "Role skyscaler", "ClusterRole skyscaler-clusterapi");
  }
}
