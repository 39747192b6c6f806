package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioFileTest {
  private static final Path EXAMPLE = SimulateRun.EXAMPLES.resolve("first-contact");
  private static final String GROUP = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";
  private static final String NODE = "ip-10-0-17-23.eu-west-1.compute.internal";

  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Path file = dir.resolve("sub/scenario.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void everyFieldIsRead() throws IOException {
    Path file =
        write(
            "snapshot: ["
                + EXAMPLE.resolve("snapshot.yaml")
                + "]\nnodeGroups: "
                + EXAMPLE.resolve("node-groups.yaml")
                + """

                start: 2025-06-02T10:00:00+02:00
                duration: 2h
                scanInterval: 30s
                seed: 7
                options: {max-nodes-total: 8, expander: most-pods}
                groups:
                  %1$s:
                    bootDelay: 3m
                    jitter: 0s
                    notReadyTime: 45s
                    spotInterruptionsPerHour: 0.5
                    nodeFailuresPerHour: 0.25
                    namePrefix: general
                workloads:
                - deployment: default/nginx
                  replicas: 10
                - deployment: shop/web
                  requests: {cpu: 250m, memory: 512Mi}
                  nodeSelector: {kubernetes.io/os: linux}
                  tolerations: [{key: spot, operator: Exists, effect: NoSchedule}]
                  priority: 100
                  daily: {"00:00": 4, "09:30": 40}
                events:
                - at: 90m
                  fail: {node: %2$s}
                - at: 1m
                  scale: {deployment: default/nginx, replicas: 300}
                - at: 1h
                  interrupt: {group: %1$s}
                - at: 70m
                  job: {name: batch/report, pods: 20, runFor: 30m, requests: {cpu: "1"}}
                """
                    .formatted(GROUP, NODE));
    Scenario s = ScenarioFile.read(file, Map.of("max-nodes-total", List.of("9")));

    assertThat(s.name()).isEqualTo(file.toString());
    assertThat(s.start()).isEqualTo(Instant.parse("2025-06-02T08:00:00Z"));
    assertThat(s.duration()).isEqualTo(Duration.ofHours(2));
    assertThat(s.scanInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.scans()).isEqualTo(240);
    assertThat(s.seed()).isEqualTo(7);
    assertThat(s.options().scaleUp().maxNodesTotal()).isEqualTo(9); // the command line wins
    assertThat(s.options().scaleUp().expanders()).hasSize(1);
    assertThat(s.groups().get(GROUP))
        .isEqualTo(
            new GroupBehaviour(
                Duration.ofMinutes(3),
                Duration.ZERO,
                Duration.ofSeconds(45),
                0.5,
                0.25,
                "general"));
    assertThat(s.workloads())
        .extracting(WorkloadSpec::key)
        .containsExactly("default/nginx", "shop/web");
    WorkloadSpec web = s.workloads().get(1);
    Pod t = web.template().orElseThrow();
    assertThat(t.requests().cpu()).isEqualTo(250);
    assertThat(t.labels()).isEqualTo(Map.of("app", "web"));
    assertThat(t.nodeSelector()).isEqualTo(Map.of("kubernetes.io/os", "linux"));
    assertThat(t.tolerations())
        .containsExactly(
            new Toleration("spot", Toleration.Operator.EXISTS, "", TaintEffect.NO_SCHEDULE));
    assertThat(t.priority()).isEqualTo(100);
    assertThat(web.daily().orElseThrow().replicasAt(Instant.parse("2025-06-02T09:30:00Z")))
        .isEqualTo(40);
    assertThat(s.workloads().get(0).template()).isEmpty();
    assertThat(s.events())
        .extracting(ScenarioEvent::at)
        .containsExactly(
            Duration.ofMinutes(1),
            Duration.ofHours(1),
            Duration.ofMinutes(70),
            Duration.ofMinutes(90));
    assertThat(s.events().get(1))
        .isEqualTo(
            new ScenarioEvent.NodeTrouble(
                Duration.ofHours(1),
                ScenarioEvent.NodeTrouble.Kind.INTERRUPT,
                Optional.empty(),
                Optional.of(GROUP)));
    ScenarioEvent.Job job = (ScenarioEvent.Job) s.events().get(2);
    assertThat(job.pods()).isEqualTo(20);
    assertThat(job.runFor()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void theStartDefaultsToTheNewestTimestampOfTheSnapshotAndTheRestToTheirDefaults()
      throws IOException {
    Path file =
        write(
            "snapshot: "
                + EXAMPLE.resolve("snapshot.yaml")
                + "\nnodeGroups: "
                + EXAMPLE.resolve("node-groups.yaml")
                + "\nduration: 1h\n");
    Scenario s = ScenarioFile.read(file, Map.of());
    assertThat(s.start()).isEqualTo(Instant.parse("2025-06-02T09:30:08Z"));
    assertThat(s.scanInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.seed()).isEqualTo(1);
    assertThat(s.groups().get(GROUP)).isEqualTo(GroupBehaviour.defaults(GROUP));
    assertThat(s.events()).isEmpty();
  }

  @Test
  void relativePathsAreRelativeToTheScenarioFile() throws IOException {
    Files.copy(EXAMPLE.resolve("snapshot.yaml"), dir.resolve("snapshot.yaml"));
    Files.copy(EXAMPLE.resolve("node-groups.yaml"), dir.resolve("groups.yaml"));
    Path file = write("snapshot: ../snapshot.yaml\nnodeGroups: ../groups.yaml\nduration: 1h\n");
    Scenario s = ScenarioFile.read(file, Map.of());
    assertThat(s.snapshot().nodes()).hasSize(2);
    assertThat(s.snapshot().nodeGroups()).extracting(g -> g.name()).containsExactly(GROUP);
  }
}
