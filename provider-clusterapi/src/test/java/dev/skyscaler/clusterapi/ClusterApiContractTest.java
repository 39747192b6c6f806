package dev.skyscaler.clusterapi;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machine;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machineSet;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.fake.FakeCapiController;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.testkit.cloud.NodeGroupProviderContractTest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * The node-group contract for a Cluster API MachineDeployment, on the real fabric8 client against
 * the mock API server holding Cluster API's CRDs (v1beta2) and objects: the group of cluster {@code
 * prod} beside a MachineDeployment of cluster {@code staging}. Cluster API's controllers ({@link
 * FakeCapiController}) reconcile after each action, as they would before the next scan.
 */
class ClusterApiContractTest extends NodeGroupProviderContractTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  private final MockCluster cluster = new MockCluster();
  private String foreign;

  @Override
  protected NodeGroupProvider providerWithOneGroup() {
    cluster.start();
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    String v = world.apiVersion();
    world.create(
        deployment("workers").bounds(MIN, MAX).replicas(TARGET).capacity("4", "16Gi").build(v));
    world.create(
        machineSet("workers-1")
            .replicas(TARGET)
            .revision(1)
            .ownedBy("MachineDeployment", "workers")
            .build(v));
    for (int i = 1; i <= TARGET; i++) {
      world.create(
          machine("workers-1-" + i)
              .of("workers-1")
              .providerId("openstack:///prod-" + i)
              .node("workers-1-" + i)
              .build(v));
    }
    world.create(
        deployment("staging-workers")
            .cluster("staging")
            .bounds(0, 3)
            .capacity("2", "8Gi")
            .build(v));
    world.create(
        machineSet("staging-workers-1")
            .cluster("staging")
            .revision(1)
            .ownedBy("MachineDeployment", "staging-workers")
            .build(v));
    world.create(
        machine("staging-workers-1-1")
            .of("staging-workers-1")
            .providerId("openstack:///staging-1")
            .node("staging-workers-1-1")
            .build(v));
    foreign = "openstack:///staging-1";
    ClusterApiOptions options =
        ClusterApiOptions.parse(Map.of(), List.of("clusterapi:clusterName=prod"), "discovery");
    NodeGroupProvider provider =
        ClusterApiNodeGroupProvider.connect(
            cluster.connect(), options, Clock.fixed(NOW, ZoneOffset.UTC));
    return new Reconciled(
        provider, new FakeCapiController(world, cluster.admin(), Clock.fixed(NOW, ZoneOffset.UTC)));
  }

  @Override
  protected String foreignProviderId() {
    return foreign;
  }

  @AfterEach
  void stop() {
    cluster.stop();
  }

  /** The provider, with Cluster API's controllers reconciling after every action. */
  record Reconciled(NodeGroupProvider provider, FakeCapiController controller)
      implements NodeGroupProvider {
    @Override
    public Discovery discover(List<Node> nodes) {
      return provider.discover(nodes);
    }

    @Override
    public CloudRead readCloud() {
      return provider.readCloud();
    }

    @Override
    public Outcome apply(Action action) {
      Outcome outcome = provider.apply(action);
      controller.reconcile();
      return outcome;
    }
  }
}
