package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The watch-fed view against the mock API server: listed once (a streaming list where offered),
 * then read from memory while its watches keep it current; resumed after an invocation ends; listed
 * again when the server no longer has the events it missed.
 */
class ClusterViewTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  private KubernetesClient admin;
  private KubernetesConnection connection;
  private ClusterView view;

  @BeforeEach
  void arrange() {
    admin = cluster.admin();
    admin.nodes().resource(node("n1")).create();
    admin.pods().resource(pod("shop", "web-1", "n1", "web")).create();
    connection = cluster.connect();
    view = ClusterView.watching(Clock.systemUTC());
  }

  @Test
  void theFirstReadIsOneStreamingListPerKindAndNoList() {
    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods()).extracting(Pod::key).containsExactly("shop/web-1");
    assertThat(read.nodeUids()).containsOnlyKeys("n1");
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("list"));
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .extracting(ApiCall::resource)
        .containsExactlyInAnyOrder("nodes", "pods", "poddisruptionbudgets", "daemonsets");
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .allSatisfy(
            c ->
                assertThat(c.query())
                    .containsEntry("sendInitialEvents", "true")
                    .containsEntry("resourceVersionMatch", "NotOlderThan")
                    .containsEntry("allowWatchBookmarks", "true"));
  }

  @Test
  void aServerWithoutStreamingListsIsListedFromItsCacheAndWatchedFromTheListsVersion() {
    cluster.streamingLists(false);

    view.read(connection, ReadOptions.DEFAULTS);
    view.read(connection, ReadOptions.DEFAULTS);

    List<ApiCall> pods = cluster.calls().stream().filter(c -> c.resource().equals("pods")).toList();
    assertThat(pods).extracting(ApiCall::verb).containsExactly("watch", "list", "watch");
    assertThat(pods.get(1).query()).containsEntry("resourceVersion", "0");
    assertThat(pods.get(2).query()).doesNotContainKey("sendInitialEvents");
    assertThat(pods.get(2).query().get("resourceVersion")).isNotEqualTo("0");
    // refused once: the other kinds do not ask again
    assertThat(
            cluster.calls().stream()
                .filter(c -> c.query().containsKey("sendInitialEvents"))
                .count())
        .isLessThanOrEqualTo(4);
  }

  @Test
  void laterReadsSeeChangesWithoutAnyRequest() {
    view.read(connection, ReadOptions.DEFAULTS);
    admin.pods().resource(pod("shop", "web-2", "n1", "web")).create();
    admin.pods().inNamespace("shop").withName("web-1").delete();
    admin.nodes().resource(node("n2")).create();
    awaitCurrent();
    cluster.clearCalls();

    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods()).extracting(Pod::key).containsExactly("shop/web-2");
    assertThat(read.nodeUids()).containsOnlyKeys("n1", "n2");
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("list") || c.verb().equals("watch"));
  }

  @Test
  void aSuspendedViewResumesItsWatchesFromWhereTheyStoppedAndListsNothing() {
    view.read(connection, ReadOptions.DEFAULTS);
    view.suspend();
    awaitNoWatch();
    admin.pods().resource(pod("shop", "web-2", "n1", "web")).create();
    cluster.clearCalls();

    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods())
        .extracting(Pod::key)
        .containsExactly("shop/web-1", "shop/web-2");
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("list"));
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .hasSize(4)
        .allSatisfy(c -> assertThat(c.query()).doesNotContainKey("sendInitialEvents"));
  }

  @Test
  void aResumptionTheServerCannotServeListsAgain() {
    view.read(connection, ReadOptions.DEFAULTS);
    view.suspend();
    admin.pods().resource(pod("shop", "web-2", "n1", "web")).create();
    cluster.compactHistory();
    cluster.clearCalls();

    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods())
        .extracting(Pod::key)
        .containsExactly("shop/web-1", "shop/web-2");
    List<ApiCall> pods = cluster.calls().stream().filter(c -> c.resource().equals("pods")).toList();
    assertThat(pods)
        .extracting(c -> c.query().containsKey("sendInitialEvents"))
        .containsExactly(false, true);
  }

  @Test
  void watchesTheServerEndsAreResumedAtTheNextRead() {
    view.read(connection, ReadOptions.DEFAULTS);
    cluster.dropWatches();
    awaitNoWatch();
    admin.pods().inNamespace("shop").withName("web-1").delete();
    cluster.clearCalls();

    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods()).isEmpty();
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("list"));
  }

  @Test
  void aPodThatCannotBeTranslatedFailsEveryReadUntilItIsFixed() {
    view.read(connection, ReadOptions.DEFAULTS);
    var bad = pod("shop", "web-2", "n1", "web");
    bad.getSpec().getContainers().get(0).getResources().getRequests().put("cpu", new Quantity("x"));
    admin.pods().resource(bad).create();
    awaitCurrent();

    assertThatThrownBy(() -> view.read(connection, ReadOptions.DEFAULTS))
        .isInstanceOf(SnapshotException.class)
        .hasMessageStartingWith("Pod shop/web-2: spec.containers[0].resources.requests.cpu");

    admin.pods().inNamespace("shop").withName("web-2").delete();
    awaitCurrent();
    assertThat(view.read(connection, ReadOptions.DEFAULTS).snapshot().pods()).hasSize(1);
  }

  @Test
  void finishedPodsLeaveTheView() {
    view.read(connection, ReadOptions.DEFAULTS);
    var done = admin.pods().inNamespace("shop").withName("web-1").get();
    done.getStatus().setPhase("Succeeded");
    admin.pods().resource(done).updateStatus();
    awaitCurrent();

    assertThat(view.read(connection, ReadOptions.DEFAULTS).snapshot().pods()).isEmpty();
  }

  /** Waits until every kind's watch has heard the store's last write. */
  private void awaitCurrent() {
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

  private void awaitNoWatch() {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (cluster.openWatches() > 0) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(cluster.openWatches() + " watches still open");
      }
      Thread.onSpinWait();
    }
  }
}
