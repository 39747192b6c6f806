package dev.skyscaler.clusterapi;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Cluster API version read: {@code CAPI_VERSION} or the server's preferred one, v1beta1 and
 * v1beta2 alike, and an infrastructure template named by group only (v1beta2) found in the version
 * that serves its kind.
 */
class ApiVersionsTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  private Discovery discover(Map<String, String> env) {
    ClusterApiOptions options = ClusterApiOptions.parse(env, List.of(), "discovery");
    return ClusterApiNodeGroupProvider.connect(cluster.connect(), options, Clock.systemUTC())
        .discover(List.of());
  }

  private List<String> reads() {
    return cluster.calls().stream().map(ApiCall::path).toList();
  }

  @Test
  void withoutCapiVersionTheServersPreferredVersionIsRead() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    world.create(deployment("md").bounds(0, 3).capacity("4", "16Gi").build(world.apiVersion()));

    assertThat(discover(Map.of()).groups())
        .extracting(NodeGroup::name)
        .containsExactly("MachineDeployment/capi/md");
    assertThat(reads()).startsWith("/apis/cluster.x-k8s.io", "/apis/cluster.x-k8s.io/v1beta2");
  }

  @Test
  void capiVersionV1beta1IsReadWithoutAskingForThePreferredVersion() {
    CapiWorld world = new CapiWorld(cluster, "v1beta1");
    world.create(deployment("md").bounds(0, 3).capacity("4", "16Gi").build(world.apiVersion()));

    assertThat(discover(Map.of("CAPI_VERSION", "v1beta1")).groups()).hasSize(1);
    assertThat(reads())
        .doesNotContain("/apis/cluster.x-k8s.io")
        .contains("/apis/cluster.x-k8s.io/v1beta1/machinedeployments");
  }

  @Test
  void aTemplateNamedByItsGroupOnlyIsFoundInTheVersionServingItsKind() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    world.create(
        deployment("md").bounds(0, 3).replicas(0).template("tpl").build(world.apiVersion()));
    world.create(template("tpl", Map.of("cpu", "16", "memory", "64Gi"), "arm64"));

    NodeGroup g = discover(Map.of()).groups().get(0);

    assertThat(g.template().orElseThrow().capacity().cpu()).isEqualTo(16_000);
    assertThat(g.template().orElseThrow().labels()).containsEntry("kubernetes.io/arch", "arm64");
    assertThat(reads())
        .contains(
            "/apis/infrastructure.cluster.x-k8s.io",
            "/apis/infrastructure.cluster.x-k8s.io/v1beta1",
            "/apis/infrastructure.cluster.x-k8s.io/v1beta1/namespaces/capi/dockermachinetemplates/tpl");
  }

  @Test
  void aTemplateThatIsMissingIsAWarningAndTheGroupWaitsForCapacity() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    world.create(
        deployment("md").bounds(0, 3).replicas(0).template("gone").build(world.apiVersion()));

    Discovery d = discover(Map.of());

    assertThat(d.groups()).isEmpty();
    assertThat(d.warnings())
        .containsExactly(
            "MachineDeployment/capi/md: infrastructure template DockerMachineTemplate gone"
                + " (infrastructure.cluster.x-k8s.io) not found",
            "MachineDeployment/capi/md: 0 replicas and no cpu and memory capacity (capacity"
                + " annotations or the infrastructure template's status.capacity): it cannot scale"
                + " from zero");
  }

  @Test
  void aManagementClusterWithoutClusterApiIsOneClearError() {
    assertThatThrownBy(() -> discover(Map.of()))
        .isInstanceOf(CapiObjectException.class)
        .hasMessage(
            "the management cluster serves no cluster.x-k8s.io API: is Cluster API installed"
                + " there, and is CAPI_GROUP right?");
  }
}
