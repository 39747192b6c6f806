package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every request of a function's scans, as {@code docs/operations.md} lists them: the first scan of
 * an environment lists each kind once (a streaming list); a steady scan after it makes no list and
 * no watch request, only the Lease, the state and the status; a busy one adds what it writes and
 * one list of recent events from the watch cache; the first scan of the next invocation resumes the
 * watches and lists nothing.
 */
class ScanRequestsTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(ScanCycleTest.T0);
  final InMemoryProvider cloud = new InMemoryProvider();
  final ClusterView view = ClusterView.watching(clock);

  ScanReport scan(KubernetesConnection connection) {
    cluster.clearCalls();
    ScanReport report =
        new ScanCycle(
                connection,
                cloud,
                ScanSettings.defaults(OptionsParser.parse(Map.of())),
                clock,
                "test/1",
                clock::advance,
                view)
            .run();
    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    clock.advance(Duration.ofSeconds(10));
    return report;
  }

  List<String> requests() {
    return cluster.calls().stream().map(ScanRequestsTest::describe).toList();
  }

  static String describe(ApiCall c) {
    return c.verb()
        + " "
        + (c.group().isEmpty() ? "" : c.group() + "/")
        + c.fullResource()
        + (c.name().isEmpty() ? "" : " " + c.name());
  }

  @Test
  void aSteadyScanAfterTheFirstMakesNoListAndNoWatchRequest() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.admin().pods().resource(pod("default", "web-1", "n1", "web")).create();
    KubernetesConnection connection = cluster.connect();

    scan(connection);
    List<String> first = requests();
    scan(connection);
    List<String> second = requests();
    awaitView();
    scan(connection);
    List<String> steady = requests();

    assertThat(first)
        .filteredOn(r -> r.startsWith("watch") || r.startsWith("list"))
        .containsExactlyInAnyOrder(
            "list nodes",
            "list pods",
            "list namespaces",
            "list policy/poddisruptionbudgets",
            "list apps/daemonsets");
    assertThat(second)
        .filteredOn(r -> r.startsWith("watch") || r.startsWith("list"))
        .containsExactlyInAnyOrder(
            "watch nodes",
            "watch pods",
            "watch namespaces",
            "watch policy/poddisruptionbudgets",
            "watch apps/daemonsets");
    // nothing changed: the state and the status are not written again
    assertThat(steady)
        .containsExactly(
            "get coordination.k8s.io/leases skyscaler",
            "update coordination.k8s.io/leases skyscaler",
            "get configmaps skyscaler-state",
            "get configmaps cluster-autoscaler-priority-expander",
            "get coordination.k8s.io/leases cluster-autoscaler",
            "get configmaps cluster-autoscaler-status",
            "get configmaps cluster-autoscaler-status",
            "update coordination.k8s.io/leases skyscaler");
  }

  @Test
  void aBusyScanAddsOnlyWhatItWrites() {
    cluster.admin().nodes().resource(node("n1")).create();
    KubernetesConnection connection = cluster.connect();
    scan(connection);
    scan(connection);
    for (int i = 0; i < 3; i++) {
      var pending = pod("default", "big-" + i, null, "batch");
      pending
          .getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .getRequests()
          .put("cpu", new io.fabric8.kubernetes.api.model.Quantity("3"));
      cluster.admin().pods().resource(pending).create();
    }
    awaitView();

    scan(connection);

    assertThat(requests())
        .containsExactly(
            "get coordination.k8s.io/leases skyscaler",
            "update coordination.k8s.io/leases skyscaler",
            "get configmaps skyscaler-state",
            "get configmaps cluster-autoscaler-priority-expander",
            // is a Cluster Autoscaler running? (its Lease, its status)
            "get coordination.k8s.io/leases cluster-autoscaler",
            "get configmaps cluster-autoscaler-status",
            // each write is fenced: the lease is re-read before it
            "get coordination.k8s.io/leases skyscaler",
            "list events",
            "get coordination.k8s.io/leases skyscaler",
            "create events",
            "get coordination.k8s.io/leases skyscaler",
            "create events",
            "get coordination.k8s.io/leases skyscaler",
            "update configmaps skyscaler-state",
            "get configmaps cluster-autoscaler-status",
            "get coordination.k8s.io/leases skyscaler",
            "update configmaps cluster-autoscaler-status",
            "update coordination.k8s.io/leases skyscaler");
    // the one list of a busy scan, the events written lately, is answered from the watch cache
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("list")))
        .singleElement()
        .satisfies(c -> assertThat(c.query()).containsEntry("resourceVersion", "0"));
    assertThat(cloud.applied).isNotEmpty();
  }

  @Test
  void theFirstScanOfTheNextInvocationResumesTheWatchesAndListsNothing() {
    cluster.admin().nodes().resource(node("n1")).create();
    KubernetesConnection first = cluster.connect();
    scan(first);
    scan(first);
    view.suspend();

    scan(cluster.connect());

    assertThat(requests())
        .filteredOn(r -> r.startsWith("watch") || r.startsWith("list"))
        .containsExactlyInAnyOrder(
            "watch nodes",
            "watch pods",
            "watch namespaces",
            "watch policy/poddisruptionbudgets",
            "watch apps/daemonsets");
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .allSatisfy(c -> assertThat(c.query()).doesNotContainKey("sendInitialEvents"));
  }

  private void awaitView() {
    String expected = Long.toString(cluster.resourceVersion());
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!view.versions().values().stream().allMatch(expected::equals)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "the view is at " + view.versions() + ", the store at " + expected);
      }
      Thread.onSpinWait();
    }
  }
}
