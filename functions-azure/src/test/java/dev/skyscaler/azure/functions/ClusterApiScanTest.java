package dev.skyscaler.azure.functions;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.fake.FakeCapiController;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanReport;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Azure functions with {@code CLOUD_PROVIDER=clusterapi}: the cluster of the Key Vault
 * kubeconfig is a Cluster API management cluster, the workload cluster's kubeconfig is the secret
 * {@code WORKLOAD_KUBECONFIG_SECRET_URI} (here the same mock API server), and a scan raises the
 * MachineDeployment for pending pods.
 */
class ClusterApiScanTest {
  private static final Instant T0 =
      Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  private final FakeArm arm = FakeArm.start();
  private final MutableClock clock = new MutableClock(T0);

  @AfterEach
  void stopArm() {
    arm.close();
  }

  @Test
  void aScanRaisesAMachineDeploymentOfTheManagementCluster() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    FakeCapiController capi = new FakeCapiController(world, cluster.admin(), clock);
    world.create(
        deployment("workers")
            .bounds(1, 3)
            .replicas(1)
            .capacity("4", "16Gi")
            .build(world.apiVersion()));
    capi.reconcile();
    capi.reconcile();
    for (int i = 0; i < 6; i++) {
      var pod = Fixtures.pod("default", "p" + i, null, "web");
      pod.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .setRequests(Map.of("cpu", new Quantity("1")));
      cluster.admin().pods().inNamespace("default").resource(pod).create();
    }
    AzureWiring wiring =
        TestWiring.selfManaged(
            arm,
            cluster,
            clock,
            clock::advance,
            Map.of(
                "CLOUD_PROVIDER", "clusterapi",
                "NODE_GROUP_AUTO_DISCOVERY", "clusterapi:clusterName=prod",
                "WORKLOAD_KUBECONFIG_SECRET_URI", arm.endpoint() + "secrets/kubeconfig"));

    ScanReport report = wiring.scanCycle("invocation-1", Duration.ZERO).run();

    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    assertThat(((ScanReport.Completed) report).cloud())
        .extracting(CloudOutcome::toString)
        .containsExactly(
            "DONE: set MachineDeployment/capi/workers target size 1 -> 2 (scale-up) (set"
                + " MachineDeployment/capi/workers replicas 1 -> 2)");
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
  }

  @Test
  void theWorkloadSecretNeedsClusterApiAndAnotherProviderIsNamed() {
    assertThatThrownBy(
            () ->
                FunctionSettings.parse(
                    Map.of(
                        "ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION,
                        "CLUSTER_NAME", "prod",
                        "KUBECONFIG_SECRET_URI", "https://v.vault.azure.net/secrets/k",
                        "CLOUD_PROVIDER", "gce",
                        "WORKLOAD_KUBECONFIG_SECRET_URI", "https://v.vault.azure.net/secrets/w")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "CLOUD_PROVIDER: expected azure or clusterapi, got \"gce\"\n"
                + "WORKLOAD_KUBECONFIG_SECRET_URI: only with CLOUD_PROVIDER=clusterapi");
  }
}
