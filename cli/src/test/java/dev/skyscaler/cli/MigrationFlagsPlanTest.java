package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Cluster Autoscaler argument list with the flags teams moving from CA bring, pasted as it is
 * into {@code plan}: every flag is taken, and the startup taint, balancing label and expander
 * change the plan as they do CA's.
 */
class MigrationFlagsPlanTest {
  /** CA's arguments as a deployment would list them. */
  static final List<String> CA_ARGUMENTS =
      List.of(
          "--v=4",
          "--logtostderr=true",
          "--namespace=autoscaling",
          "--status-config-map-name=ca-status",
          "--expander=least-nodes,least-waste",
          "--balance-similar-node-groups=true",
          "--balancing-label=pool",
          "--balancing-ignore-label=team",
          "--startup-taint=node.cilium.io/agent-not-ready",
          "--ignore-taint=example.com/legacy-starting",
          "--status-taint=example.com/gpu-health",
          "--daemonset-eviction-for-empty-nodes=true",
          "--daemonset-eviction-for-occupied-nodes=false",
          "--initial-node-group-backoff-duration=1m",
          "--max-node-group-backoff-duration=10m",
          "--node-group-backoff-reset-timeout=1h");

  @TempDir Path dir;

  /**
   * web-a: n1 full, n2 (2 minutes old) Ready but still carrying Cilium's startup taint; web-b
   * (another zone, another instance type, the same pool label) empty; six pending pods of 3 cores.
   */
  @BeforeEach
  void cluster() throws IOException {
    StringBuilder pods = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      pods.append(
          """
          - {apiVersion: v1, kind: Pod, metadata: {name: web-%d, namespace: default},
             spec: {containers: [{name: c, image: i, resources: {requests: {cpu: "3"}}}]},
             status: {phase: Pending, conditions: [{type: PodScheduled, status: "False",
                      reason: Unschedulable}]}}
          """
              .formatted(i));
    }
    Files.writeString(
        dir.resolve("snapshot.yaml"),
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Node
          metadata: {name: n1, creationTimestamp: "2025-06-02T08:00:00Z",
                     labels: {pool: web, team: a}}
          status:
            allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
            conditions: [{type: Ready, status: "True"}]
        - apiVersion: v1
          kind: Node
          metadata: {name: n2, creationTimestamp: "2025-06-02T09:29:00Z",
                     labels: {pool: web, team: a}}
          spec:
            taints: [{key: node.cilium.io/agent-not-ready, value: "true", effect: NoSchedule}]
          status:
            allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
            conditions: [{type: Ready, status: "True"}]
        - {apiVersion: v1, kind: Pod, metadata: {name: app, namespace: default},
           spec: {nodeName: n1, containers: [{name: c, image: i,
                  resources: {requests: {cpu: "3"}}}]}, status: {phase: Running}}
        """
            + pods);
    Files.writeString(
        dir.resolve("node-groups.yaml"),
        """
        nodeGroups:
        - {name: web-a, minSize: 0, maxSize: 10, nodes: [n1, n2]}
        - name: web-b
          minSize: 0
          maxSize: 10
          nodes: []
          template:
            capacity: {cpu: "8", memory: 32Gi}
            labels: {pool: web, team: b, node.kubernetes.io/instance-type: m5.2xlarge}
        """);
  }

  CliRun plan(List<String> caArguments) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                dir.resolve("snapshot.yaml").toString(),
                "--node-groups",
                dir.resolve("node-groups.yaml").toString(),
                "--now",
                "2025-06-02T09:31:00Z"));
    args.addAll(caArguments);
    return CliRun.run(args.toArray(String[]::new));
  }

  @Test
  void aPastedArgumentListWithTheMigrationFlagsIsPlannedAsCaWould() {
    CliRun r = plan(CA_ARGUMENTS);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    // n2 is booting (startup taint): it takes one pod; the other five need nodes. least-nodes
    // prefers web-b's 8-core nodes (3 nodes, 2 pods each) to web-a's 4-core ones (5 nodes), and
    // --balancing-label=pool makes the two groups similar despite their shapes, so the nodes are
    // spread: web-a (target 2) and web-b (target 0) even out.
    assertThat(r.out())
        .startsWith("Scale-up: 2 node groups, +3 nodes for 5 pending pods\n")
        .contains("  web-a       2 -> 3 (+1)")
        .contains("  web-b       0 -> 2 (+2)");
  }

  @Test
  void withoutTheStartupTaintTheStartingNodeIsReadyAndTaintedSoEveryPodNeedsANewNode() {
    List<String> without = new ArrayList<>(CA_ARGUMENTS);
    without.remove("--startup-taint=node.cilium.io/agent-not-ready");

    CliRun r = plan(without);

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Scale-up: 2 node groups, +4 nodes for 6 pending pods\n");
  }

  @Test
  void thePriorityExpanderWithoutItsConfigMapIsAWarningInThePlan() {
    CliRun r = plan(List.of("--expander=priority,least-waste"));

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .contains(
            "  - --expander=priority: no expander priorities were found (the"
                + " cluster-autoscaler-priority-expander ConfigMap in --namespace, or"
                + " expanderPriorities in the options file), so the priority expander keeps every"
                + " option\n");
  }
}
