package dev.skyscaler.clusterapi.e2e;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.clusterapi.ClusterApiNodeGroupProvider;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.fake.FakeCapiController;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.FakeScheduler;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.ScanReports;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Skyscaler on Cluster API end to end, in one JVM: the mock API server is both the management
 * cluster (Cluster API's objects, {@link FakeCapiController} acting as its controllers) and the
 * workload cluster (nodes, pods, {@link FakeScheduler} binding pods); the scans are the shared
 * {@link ScanCycle} with the Cluster API provider on a connection of its own.
 */
class ClusterApiEndToEndTest {
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);

  @Test
  void pendingPodsGetNodesAndAnEmptyNodesMachineIsTheOneDeletedAfterTheUnneededTime() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    KubernetesClient workload = cluster.admin();
    FakeCapiController capi = new FakeCapiController(world, workload, clock);
    FakeScheduler scheduler = new FakeScheduler(workload);
    world.create(
        deployment("workers")
            .bounds(1, 5)
            .replicas(1)
            .capacity("4", "16Gi")
            .build(world.apiVersion()));
    capi.reconcile(); // MachineSet, Machine
    capi.reconcile(); // its node joins
    for (int i = 0; i < 12; i++) {
      workload
          .pods()
          .inNamespace("default")
          .resource(Fixtures.pendingPod("web-" + (i < 10 ? "0" : "") + i, "1", "1Gi"))
          .create();
    }
    assertThat(scheduler.bind()).as("pods pending on one node").isEqualTo(8);
    ScanCycle scans =
        new ScanCycle(
            cluster.connect(),
            ClusterApiNodeGroupProvider.connect(
                cluster.connect(), ClusterApiOptions.defaults(), clock),
            ScanSettings.defaults(OptionsParser.parse(Map.of())),
            clock,
            "e2e/1",
            clock::advance);

    ScanReport up = scans.run();

    assertThat(ScanReports.succeededCloudActions(up))
        .containsExactly("set MachineDeployment/capi/workers target size 1 -> 3");
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(3);

    capi.reconcile(); // two Machines
    capi.reconcile(); // their nodes join
    assertThat(scheduler.bind()).as("pods pending once the nodes joined").isZero();
    assertThat(workload.nodes().list().getItems()).hasSize(3);

    // the middle node's pods finish: it is empty, the other two are full
    for (Pod p : workload.pods().inAnyNamespace().list().getItems()) {
      if ("workers-1-m2".equals(p.getSpec().getNodeName())) {
        workload.pods().inNamespace("default").withName(p.getMetadata().getName()).delete();
      }
    }
    List<String> actions = new ArrayList<>();
    for (int minute = 0;
        minute < 30 && world.replicas("MachineDeployment", "workers") == 3;
        minute++) {
      clock.advance(Duration.ofMinutes(1));
      actions.addAll(ScanReports.succeededCloudActions(scans.run()));
      capi.reconcile();
    }

    assertThat(actions)
        .singleElement()
        .asString()
        .startsWith("delete workers-1-m2 of MachineDeployment/capi/workers");
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
    assertThat(capi.deleted()).containsExactly("workers-1-m2");
    assertThat(workload.nodes().list().getItems())
        .extracting(n -> n.getMetadata().getName())
        .containsExactlyInAnyOrder("workers-1-m1", "workers-1-m3");
    assertThat(clock.instant()).isAfter(T0.plus(Duration.ofMinutes(10)));
  }
}
