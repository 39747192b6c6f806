package dev.skyscaler.magnum.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.FakeScheduler;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.ScanReports;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import dev.skyscaler.magnum.MagnumNodeGroupProvider;
import dev.skyscaler.magnum.config.CloudConfig;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.fake.FakeMagnumWorld;
import dev.skyscaler.magnum.fake.FakeOpenStack;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Skyscaler on OpenStack Magnum end to end, in one JVM: the mock API server is the workload cluster
 * (nodes, pods, {@link FakeScheduler} binding pods), the local OpenStack is Keystone, Magnum and
 * Nova, and its Magnum driver makes a server, and the server's node joins, for each unit of a
 * resize (and removes the servers a resize names); the scans are the shared {@link ScanCycle} with
 * the Magnum provider.
 */
class MagnumEndToEndTest {
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final FakeOpenStack openstack = FakeOpenStack.start();

  @AfterEach
  void stop() {
    openstack.close();
  }

  @Test
  void pendingPodsGetNodesThroughAResizeAndAnIdleNodesServerIsTheOneRemoved() {
    KubernetesClient workload = cluster.admin();
    FakeMagnumWorld world = openstack.world();
    openstack.tokenExpiry = T0.plus(Duration.ofDays(1));
    world.onCreated(s -> workload.nodes().resource(node(s)).create());
    world.onDeleted(s -> workload.nodes().withName(s.name()).delete());
    FakeMagnumWorld.Cluster k8s = world.cluster("k8s");
    FakeMagnumWorld.Group workers = world.group(k8s, "default-worker", "worker", 1, 5, 1);
    FakeScheduler scheduler = new FakeScheduler(workload);
    for (int i = 0; i < 12; i++) {
      workload
          .pods()
          .inNamespace("default")
          .resource(Fixtures.pendingPod("web-" + (i < 10 ? "0" : "") + i, "1", "1Gi"))
          .create();
    }
    assertThat(scheduler.bind()).as("pods pending on one node").isEqualTo(9);
    MagnumOptions options =
        MagnumOptions.parse(
            "k8s",
            List.of(),
            List.of("magnum:role=worker"),
            CloudConfig.parse(openstack.cloudConfig(), "cloud-config"));
    ScanCycle scans =
        new ScanCycle(
            cluster.connect(),
            MagnumNodeGroupProvider.connect(options, clock),
            ScanSettings.defaults(OptionsParser.parse(Map.of())),
            clock,
            "e2e/1",
            clock::advance);

    ScanReport up = scans.run();

    assertThat(ScanReports.succeededCloudActions(up))
        .containsExactly("set default-worker target size 1 -> 4");
    assertThat(workers.nodeCount).isEqualTo(4);
    assertThat(scheduler.bind()).as("pods pending once the nodes joined").isZero();
    assertThat(workload.nodes().list().getItems()).hasSize(4);

    // the second node's pods finish: it is empty, the other three are full
    String idle = world.servers(workers).get(1).name();
    String idleServer = world.servers(workers).get(1).id();
    for (Pod p : workload.pods().inAnyNamespace().list().getItems()) {
      if (idle.equals(p.getSpec().getNodeName())) {
        workload.pods().inNamespace("default").withName(p.getMetadata().getName()).delete();
      }
    }
    openstack.clearRequests();
    List<String> actions = new ArrayList<>();
    for (int minute = 0; minute < 30 && workers.nodeCount == 4; minute++) {
      clock.advance(Duration.ofMinutes(1));
      actions.addAll(ScanReports.succeededCloudActions(scans.run()));
    }

    assertThat(actions)
        .singleElement()
        .asString()
        .startsWith("delete " + idle + " of default-worker");
    assertThat(openstack.requests())
        .filteredOn(r -> r.path().endsWith("/actions/resize"))
        .extracting(FakeOpenStack.Request::body)
        .containsExactly(
            "{\"node_count\":3,\"nodegroup\":\""
                + workers.uuid
                + "\",\"nodes_to_remove\":[\""
                + idleServer
                + "\"]}");
    assertThat(workload.nodes().list().getItems())
        .extracting(n -> n.getMetadata().getName())
        .hasSize(3)
        .doesNotContain(idle);
    assertThat(clock.instant()).isAfter(T0.plus(Duration.ofMinutes(10)));
  }

  private Node node(FakeMagnumWorld.Server s) {
    Node n = Fixtures.node(s.name());
    n.getMetadata().setCreationTimestamp(clock.instant().toString());
    n.getMetadata().getLabels().put("magnum.openstack.org/nodegroup", "default-worker");
    n.getSpec().setProviderID("openstack:///" + s.id());
    // what the flavor's template promises: 4 vCPUs less the kubelet reservation
    n.getStatus()
        .setAllocatable(
            Map.of(
                "cpu", new Quantity("3900m"),
                "memory", new Quantity("16028Mi"),
                "pods", new Quantity("110")));
    n.getStatus().getConditions().get(0).setLastTransitionTime(clock.instant().toString());
    return n;
  }
}
