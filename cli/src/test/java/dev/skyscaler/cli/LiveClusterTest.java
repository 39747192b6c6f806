package dev.skyscaler.cli;

import static dev.skyscaler.cli.CliRun.example;
import static dev.skyscaler.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skyscaler snapshot} and {@code plan --kubeconfig} against a mock API server holding the
 * first-contact example: a live plan, a plan from a snapshot taken of it, and a plan from the
 * example's files say the same.
 */
class LiveClusterTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  @TempDir Path dir;

  Path kubeconfig;

  @BeforeEach
  void arrange() throws Exception {
    List<HasMetadata> items =
        new KubernetesSerialization()
            .<KubernetesList>unmarshal(Files.readString(Path.of(example("snapshot.yaml"))))
            .getItems();
    items.stream()
        .filter(o -> o instanceof Node)
        .forEach(o -> cluster.admin().resource(o).create());
    items.stream()
        .filter(o -> o instanceof DaemonSet)
        .forEach(o -> cluster.admin().resource(o).create());
    cluster.serveList("/api/v1/pods", items.stream().filter(o -> o instanceof Pod).toList());
    kubeconfig = cluster.writeKubeconfig(dir.resolve("kubeconfig"));
  }

  @Test
  void aLivePlanASnapshotsPlanAndTheFilesPlanAgree() {
    Path snapshot = dir.resolve("snap");

    CliRun taken =
        run("snapshot", "--kubeconfig", kubeconfig.toString(), "-o", snapshot.toString());
    CliRun live =
        run(
            "plan",
            "--kubeconfig",
            kubeconfig.toString(),
            "--node-groups",
            example("node-groups.yaml"));
    CliRun fromSnapshot =
        run(
            "plan",
            "--snapshot",
            snapshot.toString(),
            "--node-groups",
            example("node-groups.yaml"));
    CliRun fromExample =
        run(
            "plan",
            "--snapshot",
            example("snapshot.yaml"),
            "--node-groups",
            example("node-groups.yaml"));

    assertThat(taken.exitCode()).as(taken.err()).isZero();
    assertThat(taken.out())
        .startsWith(
            "Read 2 nodes, 310 pods, 0 PodDisruptionBudgets, 4 DaemonSets, 0 CapacityBuffers.\n")
        .contains("  wrote " + snapshot.resolve("pods.yaml"));
    assertThat(live.exitCode()).as(live.err()).isZero();
    assertThat(live.out()).isEqualTo(fromExample.out()).contains(" 90 ");
    assertThat(fromSnapshot.out()).isEqualTo(fromExample.out());
    assertThat(cluster.writes()).as("read-only").isEmpty();
  }

  @Test
  void anUnknownContextIsBadInput() {
    CliRun r =
        run(
            "snapshot",
            "--kubeconfig",
            kubeconfig.toString(),
            "--context",
            "prod",
            "-o",
            dir.toString());

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo("kubeconfig " + kubeconfig + ": no context \"prod\": expected one of mock\n");
  }

  @Test
  void aClusterThatCannotBeReadExitsOneNamingTheCall() {
    cluster.fail(c -> c.fullResource().equals("nodes"), 403, 5);

    CliRun r =
        run(
            "plan",
            "--kubeconfig",
            kubeconfig.toString(),
            "--node-groups",
            example("node-groups.yaml"));

    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .isEqualTo(
            "skyscaler: cannot read the cluster: list nodes: HTTP 403 Failure: injected fault\n");
  }

  @Test
  void aSnapshotAndALiveClusterCannotBothBeGiven() {
    CliRun r =
        run(
            "plan",
            "--snapshot",
            example("snapshot.yaml"),
            "--kubeconfig",
            kubeconfig.toString(),
            "--node-groups",
            example("node-groups.yaml"));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "--snapshot and --kubeconfig cannot be used together: plan from files or from a live"
                + " cluster\n"
                + "Run 'skyscaler plan --help' for usage.\n");
  }
}
