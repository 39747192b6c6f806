package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.testkit.cloud.NodeGroupProviderContractTest;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * The node-group contract for VM Scale Sets, on the real Azure SDK against the local ARM server:
 * once for a self-managed scale set, once for an AKS node pool's scale set, which must be scaled
 * and trimmed through the agent-pool API only.
 */
class VmssNodeGroupProviderContractTest {
  private static final String CLUSTER = "prod";

  /** What both variants share: a fresh local ARM server per test. */
  abstract static class OnLocalArm extends NodeGroupProviderContractTest {
    final FakeArm arm = FakeArm.start();
    private FakeArmWorld.ScaleSet foreign;

    /** Builds the cloud state and returns the scope to discover it in. */
    abstract VmssScope arrange(FakeArmWorld world);

    /** Marks a scale set as one of the cluster's node groups, with the contract's bounds. */
    static FakeArmWorld.ScaleSet ours(FakeArmWorld.ScaleSet set) {
      return set.tag(DiscoverySpec.ENABLED_TAG, "true")
          .tag(DiscoverySpec.CLUSTER_TAG_PREFIX + CLUSTER, "owned")
          .tag("min", Integer.toString(MIN))
          .tag("max", Integer.toString(MAX));
    }

    void foreign(FakeArmWorld.ScaleSet set) {
      foreign = set;
    }

    @Override
    protected NodeGroupProvider providerWithOneGroup() {
      VmssScope scope = arrange(arm.world());
      return new VmssNodeGroupProvider(
          new VmssGateway(arm.connection()),
          scope,
          Clock.fixed(VmssNodeGroupProviderTest.NOW, ZoneOffset.UTC));
    }

    @Override
    protected String foreignProviderId() {
      return VmssNodeGroupProviderTest.providerId(
          foreign.resourceGroup, foreign.name, foreign.vms.get(0).instanceId);
    }

    @AfterEach
    void stopArm() {
      arm.close();
    }
  }

  /**
   * A self-managed cluster: the group's scale set beside one of another cluster in the same
   * resource group.
   */
  @Nested
  class SelfManagedScaleSet extends OnLocalArm {
    @Override
    VmssScope arrange(FakeArmWorld world) {
      ours(world.scaleSet("rg-nodes", "workers", "Standard_D4s_v5", TARGET));
      foreign(
          world
              .scaleSet("rg-nodes", "staging-workers", "Standard_D4s_v5", 1)
              .tag(DiscoverySpec.ENABLED_TAG, "true")
              .tag(DiscoverySpec.CLUSTER_TAG_PREFIX + "staging", "owned"));
      return new VmssScope(
          FakeArm.SUBSCRIPTION,
          Optional.of("rg-nodes"),
          DiscoverySpec.forCluster(CLUSTER),
          Optional.empty(),
          false,
          false);
    }
  }

  /**
   * An AKS cluster: the group is a user pool's scale set in the node resource group, beside the
   * system pool that Skyscaler does not scale. Whatever a case does, no write reaches a scale set.
   */
  @Nested
  class AksNodePool extends OnLocalArm {
    private static final String NODE_RG = "MC_rg-aks_prod_westeurope";

    @Override
    VmssScope arrange(FakeArmWorld world) {
      FakeArmWorld.Cluster aks = world.cluster("rg-aks", CLUSTER, NODE_RG);
      ours(aks.pool("user1", "Standard_D4s_v5", TARGET).set);
      foreign(aks.pool("system", "Standard_D2s_v5", 1).set);
      return new VmssScope(
          FakeArm.SUBSCRIPTION,
          Optional.of(NODE_RG),
          DiscoverySpec.forCluster(CLUSTER),
          Optional.of(new VmssScope.AksCluster("rg-aks", CLUSTER)),
          false,
          false);
    }

    @AfterEach
    void noWriteReachedAScaleSet() {
      assertThat(arm.requests())
          .filteredOn(r -> !r.method().equals("GET"))
          .extracting(FakeArm.Request::path)
          .noneMatch(path -> path.contains("/virtualMachineScaleSets/"));
    }
  }
}
