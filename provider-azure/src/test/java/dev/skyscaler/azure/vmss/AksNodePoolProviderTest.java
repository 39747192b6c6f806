package dev.skyscaler.azure.vmss;

import static dev.skyscaler.azure.vmss.VmssNodeGroupProviderTest.node;
import static dev.skyscaler.azure.vmss.VmssNodeGroupProviderTest.providerId;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** AKS node pools: discovered by their scale sets, scaled only through the agent-pool API. */
class AksNodePoolProviderTest {
  private static final String NODE_RG = "MC_rg-aks_prod_westeurope";

  private final FakeArm arm = FakeArm.start();
  private final FakeArmWorld.Cluster cluster = arm.world().cluster("rg-aks", "prod", NODE_RG);

  private VmssNodeGroupProvider provider(Optional<VmssScope.AksCluster> aks) {
    return new VmssNodeGroupProvider(
        new VmssGateway(arm.connection()),
        new VmssScope(
            FakeArm.SUBSCRIPTION,
            Optional.of(NODE_RG),
            DiscoverySpec.forCluster("prod"),
            aks,
            false,
            false),
        Clock.fixed(VmssNodeGroupProviderTest.NOW, ZoneOffset.UTC));
  }

  private final VmssNodeGroupProvider provider =
      provider(Optional.of(new VmssScope.AksCluster("rg-aks", "prod")));

  @AfterEach
  void stop() {
    arm.close();
  }

  private FakeArmWorld.Pool pool(String name, String size, int count, int min, int max) {
    FakeArmWorld.Pool pool = cluster.pool(name, size, count);
    pool.set
        .tag("k8s.io_cluster-autoscaler_enabled", "true")
        .tag("k8s.io_cluster-autoscaler_prod", "owned")
        .tag("min", Integer.toString(min))
        .tag("max", Integer.toString(max));
    return pool;
  }

  @Test
  void aPoolIsDiscoveredThroughItsScaleSetWithThePoolsLabelsAndTaints() {
    FakeArmWorld.Pool pool = pool("spot1", "Standard_D8s_v5", 1, 0, 6);
    pool.set.spot();
    pool.labels.put("workload", "batch");
    pool.taints.add("dedicated=batch:NoSchedule");
    pool.maxPods = 60;
    String vm0 = providerId(NODE_RG.toLowerCase(), pool.set.name, "0");

    Discovery d = provider.discover(List.of(node("aks-spot1-12345678-vmss000000", vm0)));

    NodeGroup g = d.groups().get(0);
    assertThat(g.name()).isEqualTo("aks-spot1-12345678-vmss");
    assertThat(g.memberNodes()).containsExactly("aks-spot1-12345678-vmss000000");
    assertThat(g.template())
        .hasValueSatisfying(
            t -> {
              assertThat(t.capacity().pods()).isEqualTo(60);
              assertThat(t.labels())
                  .containsEntry("kubernetes.azure.com/agentpool", "spot1")
                  .containsEntry("kubernetes.azure.com/scalesetpriority", "spot")
                  .containsEntry("workload", "batch");
              assertThat(t.taints())
                  .contains(
                      new Taint("dedicated", "batch", TaintEffect.NO_SCHEDULE),
                      new Taint(
                          "kubernetes.azure.com/scalesetpriority",
                          "spot",
                          TaintEffect.NO_SCHEDULE));
            });
    assertThat(d.instances().get(0).providerId()).isEqualTo(vm0); // the node's spelling
    assertThat(arm.requests("GET", "/agentPools/spot1$")).hasSize(1);
  }

  @Test
  void aPoolThatAksAutoscalesIsLeftOut() {
    pool("auto", "Standard_D4s_v5", 1, 0, 3).autoscaled = true;
    pool("manual", "Standard_D4s_v5", 1, 0, 3);

    Discovery d = provider.discover(List.of());

    assertThat(d.groups()).extracting(NodeGroup::name).containsExactly("aks-manual-12345678-vmss");
    assertThat(d.warnings())
        .containsExactly(
            "scale set "
                + NODE_RG
                + "/aks-auto-12345678-vmss: AKS's own cluster autoscaler manages node pool auto"
                + " (enableAutoScaling); turn it off for Skyscaler to scale the pool; left out");
  }

  @Test
  void aPoolWithoutAConfiguredClusterIsLeftOutRatherThanScaledDirectly() {
    pool("user1", "Standard_D4s_v5", 1, 0, 3);

    Discovery d = provider(Optional.empty()).discover(List.of());

    assertThat(d.groups()).isEmpty();
    assertThat(d.warnings())
        .singleElement()
        .asString()
        .contains(
            "belongs to AKS node pool user1 but no AKS cluster is configured (ARM_CLUSTER_RESOURCE_GROUP and CLUSTER_NAME)");
  }

  @Test
  void resizingGoesThroughTheAgentPoolApiNeverTheScaleSet() {
    FakeArmWorld.Pool pool = pool("user1", "Standard_D4s_v5", 1, 0, 5);
    provider.discover(List.of());

    Outcome o = provider.apply(new SetTargetSize(pool.set.name, 1, 3, "pending pods"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(arm.requests("PUT", "/managedClusters/prod/agentPools/user1$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).contains("\"count\":3"));
    assertThat(arm.requests("PATCH", "virtualMachineScaleSets")).isEmpty();
    assertThat(arm.requests("PUT", "virtualMachineScaleSets")).isEmpty();
    assertThat(pool.count).isEqualTo(3);
    arm.completeOperations();
    assertThat(pool.set.capacity).isEqualTo(3);
  }

  @Test
  void theTargetIsThePoolsCountWhileItsScaleSetCatchesUp() {
    FakeArmWorld.Pool pool = pool("user1", "Standard_D4s_v5", 1, 0, 5);
    provider.apply(new SetTargetSize(pool.set.name, 1, 3, "pending pods"));

    NodeGroup scaling = provider.discover(List.of()).groups().get(0);
    long capacityMeanwhile = pool.set.capacity;
    arm.completeOperations();
    Discovery scaled = provider.discover(List.of());

    assertThat(capacityMeanwhile).isEqualTo(1);
    assertThat(scaling.targetSize()).isEqualTo(3);
    assertThat(scaled.groups().get(0).targetSize()).isEqualTo(3);
    assertThat(scaled.instances()).hasSize(3);
  }

  @Test
  void scaleDownDeletesTheMachineByNodeName() {
    FakeArmWorld.Pool pool = pool("user1", "Standard_D4s_v5", 3, 1, 5);
    String machine = pool.set.vm("1").orElseThrow().computerName;

    Outcome o =
        provider.apply(
            new DeleteInstance(
                pool.set.name, machine, providerId(NODE_RG, pool.set.name, "1"), true, "unneeded"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(arm.requests("POST", "/agentPools/user1/deleteMachines$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).isEqualTo("{\"machineNames\":[\"" + machine + "\"]}"));
    assertThat(arm.requests("POST", "virtualMachineScaleSets")).isEmpty();
    assertThat(pool.set.capacity).isEqualTo(2);
  }

  @Test
  void aReplacedMachineIsDeletedAndThePoolCountRestored() {
    FakeArmWorld.Pool pool = pool("user1", "Standard_D4s_v5", 2, 1, 5);

    Outcome o =
        provider.apply(
            new RepairInstance(
                pool.set.name,
                "n",
                providerId(NODE_RG, pool.set.name, "0"),
                RepairInstance.Level.REPLACE));

    assertThat(o.message()).isEqualTo("replaced VM 0 of " + pool.set.name + "; target stays 2");
    assertThat(arm.requests("POST", "/deleteMachines$")).hasSize(1);
    assertThat(arm.requests("PUT", "/agentPools/user1$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).contains("\"count\":2"));
    assertThat(pool.count).isEqualTo(2);
  }
}
