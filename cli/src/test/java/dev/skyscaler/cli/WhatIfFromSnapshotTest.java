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
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The what-if example starts from a snapshot directory as {@code skyscaler snapshot} writes it: a
 * snapshot taken of a cluster (the mock API server holding the first-contact objects) writes
 * exactly the example's files, and the example's scenario, which names that directory, runs.
 */
class WhatIfFromSnapshotTest {
  static final Path WHATIF = CliRun.EXAMPLE.resolveSibling("whatif-from-snapshot");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  @TempDir Path dir;

  Path kubeconfig;

  @BeforeEach
  void arrange() throws Exception {
    List<HasMetadata> items =
        new KubernetesSerialization()
            .<KubernetesList>unmarshal(Files.readString(Path.of(example("snapshot.yaml"))))
            .getItems();
    // served as they are, so the snapshot keeps their creation times, uids and versions
    cluster.serveList("/api/v1/nodes", items.stream().filter(o -> o instanceof Node).toList());
    cluster.serveList(
        "/apis/apps/v1/daemonsets", items.stream().filter(o -> o instanceof DaemonSet).toList());
    cluster.serveList("/api/v1/pods", items.stream().filter(o -> o instanceof Pod).toList());
    kubeconfig = cluster.writeKubeconfig(dir.resolve("kubeconfig"));
  }

  @Test
  void theExamplesSnapshotDirectoryIsWhatSkyscalerSnapshotWrites() throws Exception {
    Path taken = dir.resolve("snapshot");

    CliRun r = run("snapshot", "--kubeconfig", kubeconfig.toString(), "-o", taken.toString());

    assertThat(r.exitCode()).as(r.err()).isZero();
    Path kept = WHATIF.resolve("snapshot");
    assertThat(names(taken)).isEqualTo(names(kept));
    for (String name : names(taken)) {
      assertThat(Files.readString(taken.resolve(name)))
          .as(name)
          .isEqualTo(Files.readString(kept.resolve(name)));
    }
  }

  private static List<String> names(Path directory) throws Exception {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }
}
