package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ScanRead;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class LiveSnapshotReaderTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  @TempDir Path dir;

  @Test
  void aScanReadsThousandsOfPodsInOneListTheWatchCacheAnswers() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.serveList(
        "/api/v1/pods",
        IntStream.range(0, 2_345)
            .mapToObj(i -> pod("ns" + (i % 7), "web-" + i, i % 2 == 0 ? "n1" : null, "web"))
            .toList());

    KubernetesSnapshot snapshot =
        new LiveSnapshotReader(cluster.connect(), new ReadOptions(500, "kube-system")).read();

    assertThat(snapshot.pods()).hasSize(2_345);
    assertThat(snapshot.pods().stream().map(Pod::key).distinct()).hasSize(2_345);
    assertThat(cluster.calls().stream().filter(c -> c.fullResource().equals("pods")))
        .singleElement()
        .satisfies(c -> assertThat(c.query()).isEqualTo(Map.of("resourceVersion", "0")));
  }

  @Test
  void theObjectsOfASnapshotAreReadPageByPageFollowingContinueTokens() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.serveList(
        "/api/v1/pods",
        IntStream.range(0, 2_345).mapToObj(i -> pod("ns", "web-" + i, "n1", "web")).toList());

    ClusterObjects objects =
        new LiveSnapshotReader(cluster.connect(), new ReadOptions(500, "kube-system"))
            .readObjects();

    assertThat(objects.pods()).hasSize(2_345);
    List<ApiCall> podLists =
        cluster.calls().stream().filter(c -> c.fullResource().equals("pods")).toList();
    assertThat(podLists).hasSize(5);
    assertThat(podLists).allSatisfy(c -> assertThat(c.query()).containsEntry("limit", "500"));
    assertThat(podLists.get(0).query()).doesNotContainKey("continue");
    assertThat(podLists.get(4).query()).containsEntry("continue", "page-2000");
    assertThat(podLists.get(0).query())
        .containsEntry("fieldSelector", "status.phase!=Succeeded,status.phase!=Failed");
  }

  @Test
  void aScanReadTranslatesObjectsAsTheyComeToTheSnapshotTheObjectsWouldGive() {
    cluster.admin().nodes().resource(node("n1")).create();
    // named in the order a scan keeps them (namespace, name), which the objects keep as listed
    List<io.fabric8.kubernetes.api.model.Pod> pods =
        IntStream.range(0, 1_200)
            .mapToObj(i -> pod("ns", "web-%04d".formatted(i), "n1", "web"))
            .toList();
    // the mock ignores the field selector: a finished pod comes back and is left out
    pods.get(700).getStatus().setPhase("Succeeded");
    cluster.serveList("/api/v1/pods", pods);
    LiveSnapshotReader reader =
        new LiveSnapshotReader(cluster.connect(), new ReadOptions(500, "kube-system"));

    LiveSnapshotReader.ScanRead read = reader.readForScan();

    assertThat(read.snapshot()).isEqualTo(reader.readObjects().translate());
    assertThat(read.snapshot().pods()).hasSize(1_199).noneMatch(p -> p.name().equals("web-0700"));
    assertThat(read.nodeUids())
        .containsOnlyKeys("n1")
        .allSatisfy((n, uid) -> assertThat(uid).isNotBlank());
  }

  @Test
  void aPodThatCannotBeReadOnALaterPageIsNamedAndNoSnapshotComesBack() {
    cluster.admin().nodes().resource(node("n1")).create();
    List<io.fabric8.kubernetes.api.model.Pod> pods =
        IntStream.range(0, 800).mapToObj(i -> pod("ns", "web-" + i, "n1", "web")).toList();
    pods.get(650)
        .getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .getRequests()
        .put("cpu", new Quantity("lots"));
    cluster.serveList("/api/v1/pods", pods);

    assertThatThrownBy(
            () ->
                new LiveSnapshotReader(cluster.connect(), new ReadOptions(500, "kube-system"))
                    .read())
        .isInstanceOf(SnapshotException.class)
        .hasMessageStartingWith("Pod ns/web-650: spec.containers[0].resources.requests.cpu");
  }

  @Test
  void readsEveryKindInOneListEachAndTranslatesThemAsSnapshotFilesDo() {
    arrangeEveryKind();

    KubernetesSnapshot snapshot =
        new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read();

    assertThat(snapshot.nodes()).extracting(n -> n.name()).containsExactly("n1", "n2");
    assertThat(snapshot.pods()).extracting(Pod::key).containsExactly("default/web-1");
    assertThat(snapshot.pdbs()).extracting(p -> p.name()).containsExactly("web");
    assertThat(snapshot.daemonSets()).extracting(d -> d.name()).containsExactly("logs");
    assertThat(snapshot.namespaces()).extracting(Namespace::name).contains("data");
    assertThat(snapshot.expanderPriorities()).containsEntry(10, List.of(".*spot.*"));
    assertThat(snapshot.capacityBuffers())
        .singleElement()
        .satisfies(
            b -> {
              assertThat(b.key()).isEqualTo("default/spare");
              assertThat(b.replicas()).isEqualTo(OptionalInt.of(3));
              assertThat(b.podTemplate())
                  .hasValueSatisfying(p -> assertThat(p.requests().cpu()).isEqualTo(1000));
            });
    assertThat(cluster.calls())
        .extracting(ApiCall::toString)
        .containsExactlyInAnyOrder(
            "list nodes (GET /api/v1/nodes)",
            "list pods (GET /api/v1/pods)",
            "list namespaces (GET /api/v1/namespaces)",
            "list policy/poddisruptionbudgets (GET /apis/policy/v1/poddisruptionbudgets)",
            "list apps/daemonsets (GET /apis/apps/v1/daemonsets)",
            "get configmaps in kube-system cluster-autoscaler-priority-expander"
                + " (GET /api/v1/namespaces/kube-system/configmaps/cluster-autoscaler-priority-expander)",
            "get  (GET /apis/autoscaling.x-k8s.io)",
            "list autoscaling.x-k8s.io/capacitybuffers"
                + " (GET /apis/autoscaling.x-k8s.io/v1/capacitybuffers)",
            "list podtemplates (GET /api/v1/podtemplates)");
  }

  @Test
  void aWatchingViewReadsEveryKindAsAListingReadDoes() {
    arrangeEveryKind();
    KubernetesConnection connection = cluster.connect();
    ClusterView view = ClusterView.watching(java.time.Clock.systemUTC());

    ScanRead listed = view.read(connection, ReadOptions.DEFAULTS);
    ScanRead watched = view.read(connection, ReadOptions.DEFAULTS);

    ScanRead fresh = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS).readForScan();
    assertThat(listed).isEqualTo(fresh);
    assertThat(watched).isEqualTo(fresh);
    assertThat(watched.snapshot().capacityBuffers())
        .singleElement()
        .satisfies(b -> assertThat(b.podTemplate()).isPresent());
    assertThat(cluster.calls().stream().filter(c -> c.verb().equals("watch")))
        .extracting(ApiCall::resource)
        .containsExactlyInAnyOrder(
            "nodes",
            "pods",
            "namespaces",
            "poddisruptionbudgets",
            "daemonsets",
            "capacitybuffers",
            "podtemplates");
    view.suspend();
  }

  @Test
  void aClusterWithoutTheCapacityBufferCrdIsReadWithoutBuffersOrWarnings() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.expect().get().withPath("/apis/autoscaling.x-k8s.io").andReturn(404, "").always();

    KubernetesSnapshot snapshot =
        new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read();

    assertThat(snapshot.capacityBuffers()).isEmpty();
    assertThat(snapshot.warnings()).isEmpty();
    assertThat(cluster.calls()).noneMatch(c -> c.resource().equals("capacitybuffers"));
  }

  @Test
  void aWrittenSnapshotReadsBackAsTheSameSnapshot() {
    arrangeEveryKind();
    LiveSnapshotReader reader = new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS);
    ClusterObjects objects = reader.readObjects();

    List<Path> files = SnapshotWriter.write(objects, dir);
    KubernetesSnapshot fromFiles = SnapshotFiles.read(List.of(dir));

    assertThat(files)
        .extracting(f -> f.getFileName().toString())
        .containsExactly(
            "namespaces.yaml",
            "nodes.yaml",
            "pods.yaml",
            "poddisruptionbudgets.yaml",
            "daemonsets.yaml",
            "configmaps.yaml",
            "capacitybuffers.yaml",
            "podtemplates.yaml");
    assertThat(fromFiles.warnings()).isEmpty();
    assertThat(fromFiles).isEqualTo(objects.translate());
    assertThat(fromFiles.namespaces()).extracting(Namespace::name).contains("data");
  }

  @Test
  void readsTheNamespacesWithTheirLabelsInOneList() {
    cluster.admin().namespaces().resource(namespace("data", Map.of("team", "storage"))).create();
    cluster.admin().namespaces().resource(namespace("web", Map.of())).create();

    KubernetesSnapshot snapshot =
        new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read();

    assertThat(snapshot.namespaces())
        .contains(new Namespace("data", Map.of("team", "storage")), new Namespace("web", Map.of()));
    assertThat(snapshot.namespaces().stream().filter(n -> n.name().equals("data")))
        .singleElement()
        .satisfies(n -> assertThat(n.labels()).containsEntry(Namespace.NAME_LABEL, "data"));
    // one list the watch cache answers, as every kind a scan reads
    assertThat(cluster.calls().stream().filter(c -> c.fullResource().equals("namespaces")))
        .singleElement()
        .satisfies(c -> assertThat(c.query()).isEqualTo(Map.of("resourceVersion", "0")));
  }

  @Test
  void aFailingNamespaceListFailsTheReadAsEveryListDoes() {
    cluster.fail(MockCluster.call("list", "namespaces"), 403, 5);

    assertThatThrownBy(() -> new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read())
        .isInstanceOf(KubernetesApiException.class)
        .hasMessageStartingWith("list namespaces: HTTP 403");
  }

  private static io.fabric8.kubernetes.api.model.Namespace namespace(
      String name, Map<String, String> labels) {
    return new NamespaceBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  @Test
  void aFailingListNamesTheListAndTheServersAnswer() {
    cluster.fail(MockCluster.call("list", "nodes"), 503, 5);

    assertThatThrownBy(() -> new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read())
        .isInstanceOf(KubernetesApiException.class)
        .hasMessage("list nodes: HTTP 503 ServiceUnavailable: injected fault");
  }

  @Test
  void aListFailingOnceIsRetriedAndTheReadSucceeds() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.fail(MockCluster.call("list", "nodes"), 500, 1);

    KubernetesSnapshot snapshot =
        new LiveSnapshotReader(cluster.connect(), ReadOptions.DEFAULTS).read();

    assertThat(snapshot.nodes()).hasSize(1);
  }

  private void arrangeEveryKind() {
    KubernetesClient admin = cluster.admin();
    admin.namespaces().resource(namespace("data", Map.of("team", "storage"))).create();
    admin.nodes().resource(node("n1")).create();
    admin.nodes().resource(node("n2")).create();
    admin.pods().resource(pod("default", "web-1", "n1", "web")).create();
    var done = pod("default", "job-1", "n1", "job");
    done.getStatus().setPhase("Succeeded");
    admin.pods().resource(done).create();
    admin
        .policy()
        .v1()
        .podDisruptionBudget()
        .resource(
            new PodDisruptionBudgetBuilder()
                .withNewMetadata()
                .withNamespace("default")
                .withName("web")
                .endMetadata()
                .withNewSpec()
                .withMinAvailable(new IntOrString(1))
                .withNewSelector()
                .addToMatchLabels("app", "web")
                .endSelector()
                .endSpec()
                .withNewStatus()
                .withDisruptionsAllowed(0)
                .endStatus()
                .build())
        .create();
    admin
        .apps()
        .daemonSets()
        .resource(
            new DaemonSetBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("logs")
                .endMetadata()
                .withNewSpec()
                .withNewTemplate()
                .withNewMetadata()
                .addToLabels("app", "logs")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("logs")
                .withNewResources()
                .withRequests(Map.of("cpu", new Quantity("50m")))
                .endResources()
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build())
        .create();
    admin
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("cluster-autoscaler-priority-expander")
                .endMetadata()
                .withData(Map.of("priorities", "10:\n  - .*spot.*\n"))
                .build())
        .create();
    cluster
        .expect()
        .get()
        .withPath("/apis/autoscaling.x-k8s.io")
        .andReturn(
            200,
            new APIGroupBuilder()
                .withName("autoscaling.x-k8s.io")
                .addNewVersion()
                .withGroupVersion("autoscaling.x-k8s.io/v1")
                .withVersion("v1")
                .endVersion()
                .withNewPreferredVersion()
                .withGroupVersion("autoscaling.x-k8s.io/v1")
                .withVersion("v1")
                .endPreferredVersion()
                .build())
        .always();
    GenericKubernetesResource buffer = new GenericKubernetesResource();
    buffer.setApiVersion("autoscaling.x-k8s.io/v1");
    buffer.setKind("CapacityBuffer");
    buffer.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withNamespace("default")
            .withName("spare")
            .build());
    buffer.setAdditionalProperty(
        "spec", Map.of("podTemplateRef", Map.of("name", "chunk"), "replicas", 3));
    admin
        .genericKubernetesResources(
            new ResourceDefinitionContext.Builder()
                .withGroup("autoscaling.x-k8s.io")
                .withVersion("v1")
                .withKind("CapacityBuffer")
                .withPlural("capacitybuffers")
                .withNamespaced(true)
                .build())
        .resource(buffer)
        .create();
    admin
        .resources(io.fabric8.kubernetes.api.model.PodTemplate.class)
        .resource(
            new PodTemplateBuilder()
                .withNewMetadata()
                .withNamespace("default")
                .withName("chunk")
                .endMetadata()
                .withNewTemplate()
                .withNewSpec()
                .addNewContainer()
                .withName("pause")
                .withNewResources()
                .withRequests(Map.of("cpu", new Quantity("1")))
                .endResources()
                .endContainer()
                .endSpec()
                .endTemplate()
                .build())
        .create();
  }
}
