package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skyscaler plan} on a snapshot with a CapacityBuffer ({@code capacity-buffer/} in the test
 * resources): nothing is pending, but the buffer's three 1-CPU chunks do not all fit the one node.
 */
class CapacityBufferPlanTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static Path resource(String file) {
    try {
      return Path.of(CapacityBufferPlanTest.class.getResource("/capacity-buffer/" + file).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static CliRun plan(Path snapshot, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                snapshot.toString(),
                "--node-groups",
                resource("node-groups.yaml").toString()));
    args.addAll(List.of(extra));
    CliRun r = CliRun.run(args.toArray(String[]::new));
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    return r;
  }

  @Test
  void theBufferScalesUpAndTheJsonPlanNamesItsChunksAsThePodsHelped() throws IOException {
    JsonNode plan = JSON.readTree(plan(resource("snapshot.yaml"), "--output=json").out());

    assertThat(plan.get("scaleUp"))
        .isEqualTo(
            JSON.readTree(
                """
                [{"nodeGroup": "general", "delta": 1, "targetSize": 2,
                  "pods": ["team-a/capacity-buffer-web-spare-2",
                           "team-a/capacity-buffer-web-spare-3"]}]
                """));
    assertThat(plan.get("noScaleUp")).isEmpty();
    assertThat(plan.get("scaleDown")).isEmpty();
    assertThat(plan.get("warnings")).isEmpty();
  }

  @Test
  void withoutTheBufferNothingScalesUp() throws IOException {
    String withoutBuffer =
        Files.readString(resource("snapshot.yaml"))
            .replace("kind: CapacityBuffer", "kind: NotACapacityBuffer");
    Path snapshot = Files.writeString(dir.resolve("snapshot.yaml"), withoutBuffer);

    JsonNode plan = JSON.readTree(plan(snapshot, "--output=json").out());

    assertThat(plan.get("scaleUp")).isEmpty();
  }

  @Test
  void aBufferThatCannotBeHonouredIsAWarning() throws IOException {
    String tooBig =
        Files.readString(resource("snapshot.yaml"))
            .replace("cpu: \"1\", memory: 2Gi", "cpu: \"6\"");
    Path snapshot = Files.writeString(dir.resolve("snapshot.yaml"), tooBig);

    JsonNode plan = JSON.readTree(plan(snapshot, "--output=json").out());

    assertThat(plan.get("scaleUp")).isEmpty();
    assertThat(plan.get("noScaleUp")).isEmpty();
    assertThat(plan.get("warnings"))
        .extracting(JsonNode::asText)
        .containsExactly(
            "CapacityBuffer team-a/web-spare: 3 of 3 chunks fit no node group (general:"
                + " Insufficient cpu)");
  }
}
