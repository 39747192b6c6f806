package dev.skyscaler.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead;
import dev.skyscaler.kubernetes.ViewOptions;
import java.time.Clock;
import java.util.Comparator;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The live-read benchmark's cluster, read small: every way the benchmark reads it gives the same,
 * complete snapshot, and the steady read sees the changes the server sends.
 */
class LiveReadBenchmarkTest {
  @Test
  void everyReadOfTheServedClusterGivesEveryNodeAndPod() {
    try (LoopbackApiServer server = LiveObjects.cluster(12, 1_234);
        KubernetesConnection connection =
            KubernetesConnection.withToken(
                server.uri(), () -> "test", Optional.empty(), ConnectionOptions.DEFAULTS)) {
      LiveSnapshotReader reader = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS);

      ScanRead listed = reader.readForScan();
      ClusterView view = ClusterView.watching(Clock.systemUTC());
      ScanRead viewListed = view.read(connection, ReadOptions.DEFAULTS);
      ScanRead watched = view.read(connection, ReadOptions.DEFAULTS);
      ClusterView relisting =
          new ClusterView(LiveReadBenchmark.relisting(ViewOptions.watching(Clock.systemUTC())));
      relisting.read(connection, ReadOptions.DEFAULTS);
      int streamedBefore = server.streamingLists();
      ScanRead streamed = relisting.read(connection, ReadOptions.DEFAULTS);
      int streamedKinds = server.streamingLists() - streamedBefore;
      var objects = reader.readObjects().translate();

      assertThat(listed.nodeUids()).hasSize(12);
      assertThat(listed.snapshot().nodes())
          .allSatisfy(n -> assertThat(n.allocatable().cpu()).isEqualTo(3920));
      assertThat(listed.snapshot().pods()).hasSize(1_234);
      assertThat(listed.snapshot().pods().stream().map(Pod::key).distinct()).hasSize(1_234);
      assertThat(listed.snapshot().pods())
          .filteredOn(p -> p.key().equals("team-33/web-233-7d9f8c6b5-1233"))
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.nodeName()).contains("node-9");
                assertThat(p.requests().cpu()).isEqualTo(100);
                assertThat(p.owner())
                    .hasValueSatisfying(o -> assertThat(o.kind()).isEqualTo("ReplicaSet"));
              });
      assertThat(viewListed).isEqualTo(listed);
      assertThat(watched).isEqualTo(listed);
      assertThat(streamed).isEqualTo(listed);
      assertThat(streamedKinds).as("kinds relisted by a streaming list").isEqualTo(5);
      assertThat(objects.pods().stream().sorted(Comparator.comparing(Pod::key)).toList())
          .isEqualTo(
              listed.snapshot().pods().stream().sorted(Comparator.comparing(Pod::key)).toList());
      view.suspend();
      relisting.suspend();
    }
  }

  @Test
  void overTlsTheListAndTheWatchedViewReadWhatPlainHttpReads() {
    try (LoopbackApiServer plain = LiveObjects.cluster(12, 1_234);
        LoopbackApiServer tls = LiveObjects.cluster(12, 1_234, true);
        KubernetesConnection overHttp =
            KubernetesConnection.withToken(
                plain.uri(), () -> "test", plain.certificatePem(), ConnectionOptions.DEFAULTS);
        KubernetesConnection overTls =
            KubernetesConnection.withToken(
                tls.uri(), () -> "test", tls.certificatePem(), ConnectionOptions.DEFAULTS)) {
      ScanRead expected = new LiveSnapshotReader(overHttp, ReadOptions.DEFAULTS).readForScan();
      ClusterView view = ClusterView.watching(Clock.systemUTC());

      ScanRead listed = view.read(overTls, ReadOptions.DEFAULTS);
      ScanRead watched = view.read(overTls, ReadOptions.DEFAULTS);

      assertThat(tls.uri().getScheme()).isEqualTo("https");
      assertThat(listed.snapshot().pods()).hasSize(1_234);
      assertThat(listed).isEqualTo(expected);
      assertThat(watched).isEqualTo(expected);
      view.suspend();
    }
  }

  @Test
  void aListAnswerCarriesEachPodAsItsOwnJsonIs() {
    for (int i : new int[] {0, 1, 499, 500, 65_535, 65_536, 149_999}) {
      assertThat(
              new String(LiveObjects.podBytes(i, 5_000), java.nio.charset.StandardCharsets.UTF_8))
          .as("pod %d", i)
          .isEqualTo(LiveObjects.pod(i, 5_000));
    }
  }

  @Test
  void theSteadyReadSeesTheChangesTheServerSent() {
    try (LoopbackApiServer server = LiveObjects.cluster(12, 1_234);
        KubernetesConnection connection =
            KubernetesConnection.withToken(
                server.uri(), () -> "test", Optional.empty(), ConnectionOptions.DEFAULTS)) {
      ClusterView view = ClusterView.watching(Clock.systemUTC());
      view.read(connection, ReadOptions.DEFAULTS); // lists
      view.read(connection, ReadOptions.DEFAULTS); // watches

      String changed = Long.toString(server.change("/api/v1/pods", 12));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (!changed.equals(view.versions().get("pods")) && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

      assertThat(read.snapshot().pods())
          .filteredOn(
              p ->
                  p.annotations()
                      .getOrDefault("kubectl.kubernetes.io/restartedAt", "")
                      .startsWith("rev-"))
          .hasSize(12);
      assertThat(read.snapshot().pods()).hasSize(1_234);
      view.suspend();
    }
  }
}
