package dev.skyscaler.aws;

import static dev.skyscaler.aws.HandlerCalls.invoke;
import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.fake.FakeCapiController;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scan function with {@code CLOUD_PROVIDER=clusterapi}: the cluster it reaches is a Cluster API
 * management cluster (here also the workload cluster), whose MachineDeployment it raises for
 * pending pods; and the variables' checks.
 */
@ExtendWith(MotoExtension.class)
class ClusterApiScanTest {
  private static final Instant T0 =
      Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final MockCluster cluster = new MockCluster();
  private final MotoServer moto;
  private final MutableClock clock = new MutableClock(T0);

  ClusterApiScanTest(MotoServer moto) {
    this.moto = moto;
  }

  @Test
  void theScanFunctionRaisesAMachineDeploymentOfTheManagementCluster() throws Exception {
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
    TestWiring test =
        new TestWiring(
            moto,
            cluster,
            "management",
            clock,
            Map.of(
                "CLOUD_PROVIDER", "clusterapi",
                "NODE_GROUP_AUTO_DISCOVERY", "clusterapi:namespace=capi,clusterName=prod"));
    Instant deadline = T0.plus(Duration.ofSeconds(30));

    String out =
        invoke(
            new ScanHandler(test.wiring(), clock::advance)::handleRequest,
            "{}",
            new FakeContext("req-1", () -> Duration.between(clock.instant(), deadline).toMillis()));

    assertThat(out)
        .isEqualTo("{\"scans\":3,\"completed\":3,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
    JsonNode first =
        test.logLines().stream()
            .map(ClusterApiScanTest::json)
            .filter(l -> "scan completed".equals(l.path("message").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(first.get("cloud").get(0).asText())
        .isEqualTo(
            "DONE: set MachineDeployment/capi/workers target size 1 -> 2 (scale-up) (set"
                + " MachineDeployment/capi/workers replicas 1 -> 2)");
    test.close();
  }

  @Test
  void clusterApiVariablesAreCheckedWithTheOthers() {
    assertThatThrownBy(
            () ->
                FunctionSettings.fromEnvironment(
                    Map.of(
                        "CLUSTER_NAME", "management",
                        "AWS_REGION", "us-east-1",
                        "CLOUD_PROVIDER", "clusterapi",
                        "NODE_GROUP_AUTO_DISCOVERY", "asg:tag=k8s.io/cluster-autoscaler/enabled",
                        "CAPI_VERSION", "beta",
                        "WORKLOAD_KUBECONFIG_SECRET_ARN", "workload")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            String.join(
                "\n",
                List.of(
                    "CAPI_VERSION: expected an API version such as v1beta2, got \"beta\"",
                    "NODE_GROUP_AUTO_DISCOVERY: expected"
                        + " clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value>, got"
                        + " \"asg:tag=k8s.io/cluster-autoscaler/enabled\"",
                    "WORKLOAD_KUBECONFIG_SECRET_ARN: expected a Secrets Manager secret ARN like"
                        + " arn:aws:secretsmanager:<region>:<account>:secret:<name>, got"
                        + " \"workload\"")));
  }

  @Test
  void anotherCloudProviderIsNamed() {
    assertThatThrownBy(
            () ->
                FunctionSettings.fromEnvironment(
                    Map.of(
                        "CLUSTER_NAME", "c", "AWS_REGION", "us-east-1", "CLOUD_PROVIDER", "gce")))
        .hasMessage("CLOUD_PROVIDER: expected aws or clusterapi, got \"gce\"");
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new AssertionError(line, e);
    }
  }
}
