package dev.skyscaler.cli;

import static dev.skyscaler.cli.CliRun.example;
import static dev.skyscaler.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.SnapshotFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The README's example end to end: two full m5.large nodes (110 pods each), 300 nginx replicas
 * without requests, 90 of them Pending with "Too many pods".
 */
class FirstContactExampleTest {
  private static final String GROUP = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String[] plan(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                example("snapshot.yaml"),
                "--node-groups",
                example("node-groups.yaml")));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  private static final KubernetesSnapshot SNAPSHOT =
      SnapshotFiles.read(List.of(Path.of(example("snapshot.yaml"))));

  private static Set<String> pendingPods() {
    return SNAPSHOT.pods().stream()
        .filter(p -> p.phase() == PodPhase.PENDING && p.nodeName().isEmpty())
        .map(Pod::key)
        .collect(Collectors.toSet());
  }

  @Test
  void theExampleIsTheSituationItDescribes() {
    KubernetesSnapshot s = SNAPSHOT;
    assertThat(s.nodes()).hasSize(2);
    assertThat(s.nodes()).allSatisfy(n -> assertThat(n.allocatable().pods()).isEqualTo(110));
    assertThat(s.daemonSets()).hasSize(4);
    assertThat(s.pods()).hasSize(310);
    assertThat(pendingPods()).hasSize(90);
    assertThat(s.warnings()).isEmpty();
  }

  @Test
  void oneNodeOfTheGroupIsPlannedForAllPendingPods() throws Exception {
    CliRun r = run(plan("--output", "json"));

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    JsonNode plan = JSON.readTree(r.out());
    assertThat(plan.fieldNames())
        .toIterable()
        .containsExactly("scaleUp", "noScaleUp", "scaleDown", "unremovable", "warnings");
    assertThat(plan.get("scaleUp")).hasSize(1);
    JsonNode scaleUp = plan.get("scaleUp").get(0);
    assertThat(scaleUp.fieldNames())
        .toIterable()
        .containsExactly("nodeGroup", "delta", "targetSize", "pods");
    assertThat(scaleUp.get("nodeGroup").asText()).isEqualTo(GROUP);
    assertThat(scaleUp.get("delta").asInt()).isEqualTo(1);
    assertThat(scaleUp.get("targetSize").asInt()).isEqualTo(3);
    Set<String> helped = new java.util.HashSet<>();
    scaleUp.get("pods").forEach(p -> helped.add(p.asText()));
    assertThat(scaleUp.get("pods")).hasSize(90);
    assertThat(helped).isEqualTo(pendingPods());
    assertThat(plan.get("noScaleUp")).isEmpty();
    assertThat(plan.get("scaleDown").isArray()).isTrue();
    assertThat(plan.get("scaleDown")).isEmpty();
    // both nodes are full by pod count, not by requests: underutilised, but their pods fit nowhere
    assertThat(plan.get("unremovable")).hasSize(2);
    plan.get("unremovable")
        .forEach(
            u -> {
              assertThat(u.get("nodeGroup").asText()).isEqualTo(GROUP);
              assertThat(u.get("reason").asText()).isEqualTo("NoPlaceToMovePods");
            });
    assertThat(plan.get("warnings")).isEmpty();
  }

  @Test
  void theTextPlanSummarisesTheScaleUpAndGroupsPodsByDeployment() {
    CliRun r = run(plan());

    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .isEqualTo(
            "Scale-up: 1 node group, +1 node for 90 pending pods\n"
                + "\n"
                + "  NODE GROUP                                        NODES        PODS\n"
                + "  "
                + GROUP
                + "  2 -> 3 (+1)  90 pods of Deployment default/nginx\n"
                + STAYING);
  }

  /** The scale-down part of the text plan: both nodes stay. */
  private static final String STAYING =
      "\n"
          + "Scale-down: none; 2 nodes stay\n"
          + "\n"
          + "Nodes that stay:\n"
          + "  NoPlaceToMovePods: ip-10-0-17-23.eu-west-1.compute.internal,"
          + " ip-10-0-41-184.eu-west-1.compute.internal\n";

  @Test
  void withTheClusterCappedAtTwoNodesEveryPendingPodIsReportedOnceAsAGroup() throws Exception {
    JsonNode plan = JSON.readTree(run(plan("--max-nodes-total=2", "--output=json")).out());
    assertThat(plan.get("scaleUp")).isEmpty();
    assertThat(plan.get("noScaleUp")).hasSize(90);
    String reason = plan.get("noScaleUp").get(0).get("reasons").get(GROUP).asText();
    assertThat(reason).contains("max-nodes-total");

    CliRun text = run(plan("--max-nodes-total=2"));
    assertThat(text.out())
        .isEqualTo(
            "Scale-up: none; 90 pending pods get no scale-up\n"
                + "\n"
                + "No scale-up for 90 pending pods:\n"
                + "  90 pods of Deployment default/nginx:\n"
                + "    "
                + GROUP
                + ": "
                + reason
                + "\n"
                + STAYING);
  }

  @Test
  void explainNamesTheGroupThatWouldHostAPendingPod() throws Exception {
    String pod = pendingPods().iterator().next();
    CliRun r =
        run(
            "explain",
            pod,
            "--snapshot",
            example("snapshot.yaml"),
            "--node-groups",
            example("node-groups.yaml"),
            "--output",
            "json");

    assertThat(r.exitCode()).isZero();
    JsonNode e = JSON.readTree(r.out());
    assertThat(e.fieldNames())
        .toIterable()
        .containsExactly("pod", "summary", "scaleUpGroup", "groups");
    assertThat(e.get("pod").asText()).isEqualTo(pod);
    assertThat(e.get("scaleUpGroup").asText()).isEqualTo(GROUP);
    assertThat(e.get("groups").get(GROUP).asText()).isNotBlank();
  }

  @Test
  void explainInTextStartsWithThePodAndItsSummary() {
    String pod = pendingPods().iterator().next();
    CliRun r =
        run(
            "explain",
            pod,
            "--snapshot",
            example("snapshot.yaml"),
            "--node-groups",
            example("node-groups.yaml"));

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith(pod + ": ");
    assertThat(r.out()).contains("Scale-up: " + GROUP + "\n");
    assertThat(r.out()).containsPattern("\n  NODE GROUP +VERDICT\n  " + GROUP + "  .+\n");
  }
}
