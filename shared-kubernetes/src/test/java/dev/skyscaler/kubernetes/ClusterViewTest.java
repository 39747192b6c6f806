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
  void theFirstReadIsOneListPerKindTheWatchCacheAnswers() {
    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods()).extracting(Pod::key).containsExactly("shop/web-1");
    assertThat(read.nodeUids()).containsOnlyKeys("n1");
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("watch"));
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("list")))
        .extracting(ApiCall::resource)
        .containsExactlyInAnyOrder(
            "nodes", "pods", "namespaces", "poddisruptionbudgets", "daemonsets");
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("list")))
        .allSatisfy(c -> assertThat(c.query()).isEqualTo(java.util.Map.of("resourceVersion", "0")));
  }

  @Test
  void theNextReadWatchesEachKindFromItsListsVersion() {
    view.read(connection, ReadOptions.DEFAULTS);
    String listed = view.versions().get("pods");
    cluster.clearCalls();

    view.read(connection, ReadOptions.DEFAULTS);

    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("list"));
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .extracting(ApiCall::resource)
        .containsExactlyInAnyOrder(
            "nodes", "pods", "namespaces", "poddisruptionbudgets", "daemonsets");
    assertThat(cluster.calls().stream().filter(c -> c.resource().equals("pods")))
        .singleElement()
        .satisfies(
            c ->
                assertThat(c.query())
                    .containsEntry("resourceVersion", listed)
                    .containsEntry("allowWatchBookmarks", "true")
                    .doesNotContainKey("sendInitialEvents"));
  }

  @Test
  void aWatchedViewThatMustListAgainUsesAStreamingListAndListsWhereThatIsRefused() {
    watched();
    view.suspend();
    admin.pods().resource(pod("shop", "web-2", "n1", "web")).create();
    cluster.compactHistory();
    cluster.streamingLists(false);
    cluster.clearCalls();

    ScanRead read = view.read(connection, ReadOptions.DEFAULTS);

    assertThat(read.snapshot().pods())
        .extracting(Pod::key)
        .containsExactly("shop/web-1", "shop/web-2");
    List<ApiCall> pods = cluster.calls().stream().filter(c -> c.resource().equals("pods")).toList();
    // resumption refused (410); a streaming list, refused (422) for the view by whichever kind
    // asked first, so the kinds read in parallel ask once or not at all; a list
    assertThat(pods.get(0).verb()).isEqualTo("watch");
    assertThat(pods.get(0).query()).doesNotContainKey("sendInitialEvents");
    assertThat(pods.get(pods.size() - 1).verb()).isEqualTo("list");
    assertThat(pods.get(pods.size() - 1).query())
        .containsEntry("resourceVersionMatch", "NotOlderThan");
    assertThat(cluster.calls()).anyMatch(c -> c.query().containsKey("sendInitialEvents"));
    // refused once for the view: no kind asks again at its next relist
    view.read(connection, ReadOptions.DEFAULTS);
    awaitCurrent();
    view.suspend();
    admin.pods().inNamespace("shop").withName("web-1").delete();
    cluster.compactHistory();
    cluster.clearCalls();
    assertThat(view.read(connection, ReadOptions.DEFAULTS).snapshot().pods())
        .extracting(Pod::key)
        .containsExactly("shop/web-2");
    assertThat(cluster.calls()).noneMatch(c -> c.query().containsKey("sendInitialEvents"));
    assertThat(cluster.calls().stream().filter(c -> c.resource().equals("pods")))
        .extracting(ApiCall::verb)
        .containsExactly("watch", "list");
  }

  @Test
  void laterReadsSeeChangesWithoutAnyRequest() {
    watched();
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
    watched();
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
        .hasSize(5)
        .allSatisfy(c -> assertThat(c.query()).doesNotContainKey("sendInitialEvents"));
  }

  @Test
  void aResumptionTheServerCannotServeListsAgain() {
    watched();
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
    watched();
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
    watched();
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
    watched();
    var done = admin.pods().inNamespace("shop").withName("web-1").get();
    done.getStatus().setPhase("Succeeded");
    admin.pods().resource(done).updateStatus();
    awaitCurrent();

    assertThat(view.read(connection, ReadOptions.DEFAULTS).snapshot().pods()).isEmpty();
  }

  /** Lists, then reads again, which starts the watches, and waits for them to catch up. */
  private void watched() {
    view.read(connection, ReadOptions.DEFAULTS);
    view.read(connection, ReadOptions.DEFAULTS);
    awaitCurrent();
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
    // the server's side closes at once; the view must also have heard it, or it reads as kept
    while (cluster.openWatches() > 0 || !view.watched().isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            cluster.openWatches() + " watches open; the view watches " + view.watched());
      }
      Thread.onSpinWait();
    }
  }
}
