package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot that is odd but usable is planned, and what is odd is in the plan's warnings: a pod
 * bound to a node the snapshot lacks, a node whose kubelet reported nothing allocatable, a node
 * holding more pods than its pod capacity.
 */
class PlanWarningsTest {
  @TempDir Path dir;

  @Test
  void oddNodesAndPodsAreWarnedAboutAndThePlanStillMade() throws IOException {
    Files.writeString(
        dir.resolve("snapshot.yaml"),
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Node
          metadata: {name: full, creationTimestamp: "2025-06-02T08:00:00Z"}
          status:
            allocatable: {cpu: "4", memory: 16Gi, pods: "2"}
            conditions: [{type: Ready, status: "True"}]
        - apiVersion: v1
          kind: Node
          metadata: {name: new, creationTimestamp: "2025-06-02T09:30:00Z"}
          status:
            conditions: [{type: Ready, status: "False"}]
        - {apiVersion: v1, kind: Pod, metadata: {name: a, namespace: default},
           spec: {nodeName: full, containers: [{name: c, image: i}]}, status: {phase: Running}}
        - {apiVersion: v1, kind: Pod, metadata: {name: b, namespace: default},
           spec: {nodeName: full, containers: [{name: c, image: i}]}, status: {phase: Running}}
        - {apiVersion: v1, kind: Pod, metadata: {name: c, namespace: default},
           spec: {nodeName: full, containers: [{name: c, image: i}]}, status: {phase: Running}}
        - {apiVersion: v1, kind: Pod, metadata: {name: lost, namespace: default},
           spec: {nodeName: gone, containers: [{name: c, image: i}]}, status: {phase: Running}}
        """);
    Files.writeString(
        dir.resolve("node-groups.yaml"),
        "nodeGroups:\n- {name: ng1, minSize: 0, maxSize: 5, nodes: [full, new]}\n");

    CliRun r =
        CliRun.run(
            "plan",
            "--snapshot",
            dir.resolve("snapshot.yaml").toString(),
            "--node-groups",
            dir.resolve("node-groups.yaml").toString(),
            "--now",
            "2025-06-02T09:31:00Z");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .endsWith(
            """

            Warnings:
              - node full holds 3 pods, more than its pod capacity of 2 \
            (status.allocatable.pods): it has room for no further pod
              - node new has zero allocatable cpu, memory, pods (status.allocatable): no pod \
            that needs them fits on it
              - pod default/lost is bound to node gone, which is not in the snapshot: it holds \
            room on no node
            """);
  }
}
