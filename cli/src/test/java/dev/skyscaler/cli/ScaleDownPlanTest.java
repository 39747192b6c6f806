package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code skyscaler plan} on a cluster with nodes to give back ({@code scale-down/} in the test
 * resources): n2's pod fits on n1, n4 runs only a DaemonSet pod, and n1, n3, n5, n6 stay for CA's
 * reasons.
 */
class ScaleDownPlanTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String resource(String file) {
    try {
      return Path.of(ScaleDownPlanTest.class.getResource("/scale-down/" + file).toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static CliRun plan(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                resource("snapshot.yaml"),
                "--node-groups",
                resource("node-groups.yaml")));
    args.addAll(List.of(extra));
    CliRun r = CliRun.run(args.toArray(String[]::new));
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    return r;
  }

  @Test
  void theJsonPlanListsTheNodesRemovableTogetherAndWhyTheOthersStay() throws Exception {
    JsonNode plan = JSON.readTree(plan("--output=json").out());
    assertThat(plan.get("scaleDown"))
        .isEqualTo(
            JSON.readTree(
                """
                [
                  {"node": "n4", "nodeGroup": "general", "empty": true, "utilization": 0.025,
                   "unneededSince": "2025-06-02T09:31:00Z", "removableAt": "2025-06-02T09:41:00Z",
                   "pods": {}},
                  {"node": "n2", "nodeGroup": "general", "empty": false, "utilization": 0.25,
                   "unneededSince": "2025-06-02T09:31:00Z", "removableAt": "2025-06-02T09:41:00Z",
                   "pods": {"default/web-5d4f8-aaaaa": "n1"}}
                ]
                """));
    assertThat(plan.get("unremovable"))
        .isEqualTo(
            JSON.readTree(
                """
                [
                  {"node": "n1", "nodeGroup": "general", "reason": "NotUnderutilized",
                   "pod": null, "podReason": null},
                  {"node": "n3", "nodeGroup": "general", "reason": "BlockedByPod",
                   "pod": "default/solo", "podReason": "NotReplicated"},
                  {"node": "n5", "nodeGroup": "general", "reason": "ScaleDownDisabledAnnotation",
                   "pod": null, "podReason": null},
                  {"node": "n6", "nodeGroup": "general", "reason": "BlockedByPod",
                   "pod": "default/cache-0", "podReason": "LocalStorageRequested"}
                ]
                """));
  }

  @Test
  void theTextPlanShowsTheRemovableNodesAndTheReasonsOfTheOthers() {
    assertThat(plan().out())
        .isEqualTo(
            """
            Scale-up: none needed; no pending pod waits for a new node

            Scale-down: 2 nodes removable together (1 empty); 4 nodes stay

              NODE  GROUP    UTILIZATION  REMOVABLE AT          PODS
              n4    general  3%           2025-06-02T09:41:00Z  (empty)
              n2    general  25%          2025-06-02T09:41:00Z  default/web-5d4f8-aaaaa -> n1

            Nodes that stay:
              NotUnderutilized: n1
              BlockedByPod: n3 (default/solo: NotReplicated), n6 (default/cache-0: LocalStorageRequested)
              ScaleDownDisabledAnnotation: n5
            """);
  }

  @Test
  void scaleDownOptionsChangeThePlan() throws Exception {
    JsonNode plan =
        JSON.readTree(
            plan(
                    "--output=json",
                    "--skip-nodes-with-local-storage=false",
                    "--scale-down-unneeded-time=1m")
                .out());
    List<String> removable = new ArrayList<>();
    plan.get("scaleDown").forEach(d -> removable.add(d.get("node").asText()));
    assertThat(removable).containsExactly("n4", "n6", "n2");
    assertThat(plan.get("scaleDown").get(1).get("removableAt").asText())
        .isEqualTo("2025-06-02T09:32:00Z");
  }

  @Test
  void withScaleDownDisabledNoNodeIsListed() throws Exception {
    JsonNode plan = JSON.readTree(plan("--output=json", "--scale-down-enabled=false").out());
    assertThat(plan.get("scaleDown")).isEmpty();
    assertThat(plan.get("unremovable")).isEmpty();
  }

  @Test
  void theClusterCoresMinimumKeepsEveryNode() throws Exception {
    JsonNode plan = JSON.readTree(plan("--output=json", "--cores-total=28:100").out());
    assertThat(plan.get("scaleDown")).isEmpty();
    assertThat(plan.get("unremovable").toString()).contains("MinimalResourceLimitExceeded");
  }

  @Test
  void badScaleDownOptionsAreReportedTogether() {
    CliRun r =
        CliRun.run(
            "plan",
            "--snapshot",
            resource("snapshot.yaml"),
            "--node-groups",
            resource("node-groups.yaml"),
            "--scale-down-utilization-threshold=2",
            "--max-drain-parallelism=-1");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .isEqualTo(
            "--scale-down-utilization-threshold: expected a number between 0 and 1, got \"2\"\n"
                + "--max-drain-parallelism: expected a whole number >= 0, got \"-1\"\n");
  }
}
