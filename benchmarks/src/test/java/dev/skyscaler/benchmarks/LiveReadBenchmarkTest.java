package dev.skyscaler.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The live-read benchmark's cluster, read small: what it measures is a full, correct read. */
class LiveReadBenchmarkTest {
  @Test
  void theServedClusterIsReadPageByPageIntoEveryNodeAndPod() {
    try (ListPages server = LiveObjects.cluster(12, 1_234);
        KubernetesConnection connection =
            KubernetesConnection.withToken(
                server.uri(), () -> "test", Optional.empty(), ConnectionOptions.DEFAULTS)) {

      LiveSnapshotReader.ScanRead read =
          new LiveSnapshotReader(connection, new ReadOptions(500, "kube-system")).readForScan();

      assertThat(read.nodeUids()).hasSize(12);
      assertThat(read.snapshot().nodes())
          .allSatisfy(n -> assertThat(n.allocatable().cpu()).isEqualTo(3920));
      assertThat(read.snapshot().pods()).hasSize(1_234);
      assertThat(read.snapshot().pods().stream().map(Pod::key).distinct()).hasSize(1_234);
      assertThat(
              read.snapshot().pods().stream()
                  .filter(p -> p.key().equals("team-33/web-233-7d9f8c6b5-1233")))
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.key()).isEqualTo("team-33/web-233-7d9f8c6b5-1233");
                assertThat(p.nodeName()).contains("node-9");
                assertThat(p.requests().cpu()).isEqualTo(100);
                assertThat(p.owner())
                    .hasValueSatisfying(o -> assertThat(o.kind()).isEqualTo("ReplicaSet"));
              });
    }
  }
}
