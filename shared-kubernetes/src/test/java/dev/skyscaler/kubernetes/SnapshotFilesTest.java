package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.Namespace;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.scheduling.NamespaceSelectors;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the fixture snapshots under {@code src/test/resources/snapshots}. */
class SnapshotFilesTest {
  private static final long GI = 1L << 30;

  static Path fixture(String name) {
    try {
      return Path.of(SnapshotFilesTest.class.getResource("/snapshots/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void readsAKubectlListOfNodesPodsPdbsDaemonSetsAndExpanderPriorities() {
    Path file = fixture("kubectl-list.yaml");
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(file));

    assertThat(snapshot.nodes())
        .extracting(Node::name, Node::ready, Node::unschedulable)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "ip-10-0-1-10.eu-west-1.compute.internal", true, false),
            org.assertj.core.groups.Tuple.tuple(
                "ip-10-0-2-20.eu-west-1.compute.internal", false, true));
    Node general = snapshot.nodes().get(0);
    assertThat(general.allocatable())
        .isEqualTo(new Resources(3920, 15214452L * 1024, 95551679124L, 58, Map.of()));
    assertThat(general.providerId()).isEqualTo("aws:///eu-west-1a/i-0a1b2c3d4e5f60001");
    Node gpu = snapshot.nodes().get(1);
    assertThat(gpu.allocatable()).isEqualTo(gpu.capacity());
    assertThat(gpu.allocatable().gpus()).isEqualTo(1);

    assertThat(snapshot.pods())
        .extracting(Pod::key)
        .containsExactly("default/web-7d9f8b6c4d-x2x4q", "ml/trainer-0");
    Pod web = snapshot.pods().get(0);
    assertThat(web.phase()).isEqualTo(PodPhase.RUNNING);
    assertThat(web.nodeName()).contains("ip-10-0-1-10.eu-west-1.compute.internal");
    assertThat(web.requests()).isEqualTo(Resources.of(250, 256L << 20).withPods(1));
    Pod trainer = snapshot.pods().get(1);
    assertThat(trainer.unschedulable()).isTrue();
    assertThat(trainer.priority()).isEqualTo(1000);
    assertThat(trainer.requests())
        .isEqualTo(new Resources(2000, 8 * GI, 0, 1, Map.of("nvidia.com/gpu", 1L)));

    assertThat(snapshot.pdbs())
        .singleElement()
        .satisfies(
            pdb -> {
              assertThat(pdb.name()).isEqualTo("web");
              assertThat(pdb.guards(web)).isTrue();
              assertThat(pdb.disruptionsAllowed()).isZero();
            });
    DaemonSet awsNode = snapshot.daemonSets().get(0);
    assertThat(awsNode.podTemplate().requests()).isEqualTo(Resources.of(25, 0).withPods(1));
    assertThat(awsNode.podTemplate().hostPorts()).containsExactly(new HostPort("TCP", "", 61678));

    assertThat(snapshot.expanderPriorities())
        .containsExactly(
            Map.entry(10, List.of(".*on-demand.*")), Map.entry(50, List.of(".*spot.*", "ng-gpu")));
    assertThat(snapshot.warnings())
        .containsExactly(
            file + ": ignored 2 objects of kind Service",
            file + ": ignored 1 object of kind ReplicaSet");
  }

  @Test
  void readsNamespacesWithTheirLabelsAndResolvesNamespaceSelectorsAgainstThem() {
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(fixture("namespaces.yaml")));

    assertThat(snapshot.namespaces())
        .containsExactly(
            new Namespace("default", Map.of(Namespace.NAME_LABEL, "default")),
            new Namespace("data", Map.of(Namespace.NAME_LABEL, "data", "team", "storage")),
            new Namespace("written-by-hand", Map.of(Namespace.NAME_LABEL, "written-by-hand")));
    assertThat(snapshot.warnings()).isEmpty();
    var cluster = snapshot.toClusterSnapshot(List.of());
    assertThat(cluster.namespaces()).isEqualTo(snapshot.namespaces());
    var resolved = NamespaceSelectors.resolve(cluster);
    assertThat(resolved.warnings()).isEmpty();
    assertThat(resolved.snapshot().pods().get(0).antiAffinity().get(0).namespaces())
        .containsExactly("data");
  }

  @Test
  void readsMultiDocumentYamlAndDropsFinishedPods() {
    Path file = fixture("multi-doc.yaml");
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(file));
    assertThat(snapshot.nodes()).extracting(Node::name).containsExactly("n1");
    assertThat(snapshot.pods()).extracting(Pod::key).containsExactly("shop/api-0");
    assertThat(snapshot.expanderPriorities()).isEmpty();
    assertThat(snapshot.warnings()).containsExactly(file + ": ignored 1 object of kind Deployment");
  }

  @Test
  void readsJson() {
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(fixture("cluster.json")));
    assertThat(snapshot.nodes())
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.name()).isEqualTo("aks-pool1-12345678-vmss000000");
              assertThat(n.allocatable().cpu()).isEqualTo(1900);
            });
    assertThat(snapshot.pods())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.key()).isEqualTo("jobs/queue-5b6c7d8e9f-abcde");
              assertThat(p.unschedulable()).isTrue();
              assertThat(p.requests()).isEqualTo(Resources.of(1000, 2 * GI).withPods(1));
            });
    assertThat(snapshot.warnings()).isEmpty();
  }

  @Test
  void readsTheSnapshotFilesOfADirectoryInNameOrderIncludingTypedListsFromTheApi() {
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(fixture("dir")));
    assertThat(snapshot.nodes()).extracting(Node::name).containsExactly("d1");
    assertThat(snapshot.pods())
        .extracting(Pod::key, p -> p.nodeName().orElseThrow())
        .containsExactly(org.assertj.core.groups.Tuple.tuple("default/p1", "d1"));
  }

  @Test
  void combinesSeveralPathsInTheOrderGiven() {
    KubernetesSnapshot snapshot =
        SnapshotFiles.read(List.of(fixture("multi-doc.yaml"), fixture("cluster.json")));
    assertThat(snapshot.nodes())
        .extracting(Node::name)
        .containsExactly("n1", "aks-pool1-12345678-vmss000000");
    assertThat(snapshot.pods()).hasSize(2);
  }

  @Test
  void becomesACoreClusterSnapshotOnceNodeGroupsAreKnown() {
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(fixture("kubectl-list.yaml")));
    var cluster = snapshot.toClusterSnapshot(List.of());
    assertThat(cluster.nodes()).isEqualTo(snapshot.nodes());
    assertThat(cluster.pods()).isEqualTo(snapshot.pods());
    assertThat(cluster.pdbs()).isEqualTo(snapshot.pdbs());
    assertThat(cluster.daemonSets()).isEqualTo(snapshot.daemonSets());
    assertThat(cluster.nodeGroups()).isEmpty();
  }
}
