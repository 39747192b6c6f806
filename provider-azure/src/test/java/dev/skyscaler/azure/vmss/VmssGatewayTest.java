package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.azure.arm.ArmException;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The real Azure SDK against the local ARM server: what is asked, and what comes back. */
class VmssGatewayTest {
  private final FakeArm arm = FakeArm.start();
  private final VmssGateway gateway = new VmssGateway(arm.connection());

  @AfterEach
  void stop() {
    arm.close();
  }

  @Test
  void listsScaleSetsOfAResourceGroupAcrossPages() {
    for (int i = 0; i < 5; i++) {
      arm.world().scaleSet("rg-nodes", "pool" + i, "Standard_D4s_v5", i).tag("team", "t" + i);
    }
    arm.world().scaleSet("rg-other", "elsewhere", "Standard_D4s_v5", 1);
    arm.world().findScaleSet("rg-nodes", "pool3").orElseThrow().zones("1", "2").spot();

    List<ScaleSet> sets = gateway.scaleSets(Optional.of("rg-nodes"));

    assertThat(sets)
        .extracting(ScaleSet::name)
        .containsExactly("pool0", "pool1", "pool2", "pool3", "pool4");
    ScaleSet pool3 = sets.get(3);
    assertThat(pool3.capacity()).isEqualTo(3);
    assertThat(pool3.sku()).isEqualTo("Standard_D4s_v5");
    assertThat(pool3.tags()).containsEntry("team", "t3");
    assertThat(pool3.zones()).containsExactly("1", "2");
    assertThat(pool3.spot()).isTrue();
    assertThat(pool3.resourceGroup()).isEqualTo("rg-nodes");
    assertThat(arm.requests("GET", "/virtualMachineScaleSets$")).hasSize(3); // pages of 2
  }

  @Test
  void listsTheWholeSubscriptionWithoutAResourceGroup() {
    arm.world().scaleSet("rg-a", "a", "Standard_D4s_v5", 1);
    arm.world().scaleSet("rg-b", "b", "Standard_D4s_v5", 1);

    assertThat(gateway.scaleSets(Optional.empty()))
        .extracting(ScaleSet::name)
        .containsExactly("a", "b");
    assertThat(arm.requests().get(0).path())
        .isEqualTo(
            "/subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/providers/Microsoft.Compute/virtualMachineScaleSets");
  }

  @Test
  void sendsTheBearerTokenForTheManagementScopeAndAnApiVersion() {
    arm.world().scaleSet("rg", "a", "Standard_D4s_v5", 1);

    gateway.scaleSet("rg", "a");

    FakeArm.Request get = arm.requests().get(0);
    assertThat(get.authorization()).isEqualTo("Bearer " + FakeArm.TOKEN);
    assertThat(get.query()).containsEntry("api-version", "2025-04-01");
    assertThat(arm.scopes()).containsOnly("https://management.core.windows.net//.default");
  }

  @Test
  void readsInstancesWithTheirInstanceView() {
    FakeArmWorld.ScaleSet set = arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 1);
    set.addVm("Creating", "starting");
    set.capacity = 2;

    List<ScaleSetInstance> vms = gateway.instances("rg", "ss");

    assertThat(vms)
        .extracting(
            ScaleSetInstance::instanceId,
            ScaleSetInstance::provisioningState,
            ScaleSetInstance::powerState,
            ScaleSetInstance::computerName)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("0", "Succeeded", "running", "ss000000"),
            org.assertj.core.groups.Tuple.tuple("1", "Creating", "starting", "ss000001"));
    assertThat(vms.get(0).created())
        .contains(arm.world().findScaleSet("rg", "ss").orElseThrow().vms.get(0).created);
    assertThat(arm.requests().get(0).query()).containsEntry("$expand", "instanceView");
  }

  @Test
  void setsCapacityWithAPatchOfTheSkuAndReturnsOnceAccepted() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 1);
    ScaleSet set = gateway.scaleSet("rg", "ss");

    gateway.setCapacity(set, 3);

    FakeArm.Request patch = arm.requests("PATCH", "/virtualMachineScaleSets/ss$").get(0);
    assertThat(patch.body()).contains("\"capacity\":3").contains("\"name\":\"Standard_D4s_v5\"");
    assertThat(arm.requests("GET", "/operations/")).isEmpty(); // not followed
    assertThat(gateway.scaleSet("rg", "ss").capacity()).isEqualTo(3);
    assertThat(gateway.instances("rg", "ss"))
        .extracting(ScaleSetInstance::provisioningState)
        .containsExactly("Succeeded", "Creating", "Creating");
  }

  @Test
  void deletesInstancesAndFollowsTheOperationToTheEnd() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 3);
    arm.pollsPerOperation = 2;

    VmssGateway.Progress progress = gateway.deleteInstances("rg", "ss", List.of("1"), true);

    assertThat(progress).isEqualTo(VmssGateway.Progress.SUCCEEDED);
    FakeArm.Request post = arm.requests("POST", "/virtualMachineScaleSets/ss/delete$").get(0);
    assertThat(post.body()).contains("\"instanceIds\":[\"1\"]");
    assertThat(post.query()).containsEntry("forceDeletion", "true");
    assertThat(arm.requests("GET", "/operations/")).hasSize(3); // two InProgress, then Succeeded
    assertThat(gateway.instances("rg", "ss"))
        .extracting(ScaleSetInstance::instanceId)
        .containsExactly("0", "2");
    assertThat(gateway.scaleSet("rg", "ss").capacity()).isEqualTo(2);
  }

  @Test
  void restartsAndReimagesOneInstance() {
    FakeArmWorld.ScaleSet set = arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 2);

    assertThat(gateway.restart("rg", "ss", "1")).isEqualTo(VmssGateway.Progress.SUCCEEDED);
    assertThat(gateway.reimage("rg", "ss", "1")).isEqualTo(VmssGateway.Progress.SUCCEEDED);

    assertThat(set.vm("1").orElseThrow().restarts).isEqualTo(1);
    assertThat(set.vm("1").orElseThrow().reimages).isEqualTo(1);
    assertThat(arm.requests("POST", "/virtualMachines/1/restart$")).hasSize(1);
    assertThat(arm.requests("POST", "/virtualMachines/1/reimage$")).hasSize(1);
  }

  @Test
  void anOperationStillRunningWhenTheWaitEndsIsReportedAsRunning() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 2);
    arm.pollsPerOperation = 1_000_000;
    VmssGateway impatient =
        new VmssGateway(
            new dev.skyscaler.azure.arm.ArmConnection(
                FakeArm.SUBSCRIPTION,
                arm.endpoint(),
                arm.credential(),
                arm.httpClient(),
                java.time.Duration.ofMillis(10),
                java.time.Duration.ofSeconds(1),
                java.time.Duration.ofMillis(200)));

    assertThat(impatient.restart("rg", "ss", "0")).isEqualTo(VmssGateway.Progress.RUNNING);
  }

  @Test
  void aShortRetryAfterIsWaitedOutInsideTheCall() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 1);
    arm.throttleNext("GET", "/virtualMachineScaleSets/ss$", 1);

    assertThat(gateway.scaleSet("rg", "ss").capacity()).isEqualTo(1);
    assertThat(arm.requests("GET", "/virtualMachineScaleSets/ss$")).hasSize(2);
  }

  @Test
  void aLongRetryAfterEndsTheCallAtOnceWithTheThrottling() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 1);
    arm.throttleNext("GET", "/virtualMachineScaleSets/ss$", 120);

    assertThatThrownBy(() -> gateway.scaleSet("rg", "ss"))
        .isInstanceOfSatisfying(
            ArmException.class,
            e -> {
              assertThat(e.status()).isEqualTo(429);
              assertThat(e.errorCode()).isEqualTo("TooManyRequests");
              assertThat(e.transientFailure()).isTrue();
            })
        .hasMessageStartingWith("get scale set rg/ss failed with HTTP 429 TooManyRequests");
    assertThat(arm.requests("GET", "/virtualMachineScaleSets/ss$")).hasSize(1);
  }

  @Test
  void aMissingScaleSetIsNotFound() {
    assertThatThrownBy(() -> gateway.scaleSet("rg", "gone"))
        .isInstanceOfSatisfying(
            ArmException.class,
            e -> {
              assertThat(e.notFound()).isTrue();
              assertThat(e.errorCode()).isEqualTo("ResourceNotFound");
            })
        .hasMessageContaining("'Microsoft.Compute/virtualMachineScaleSets/gone'");
  }

  @Test
  void aConflictIsTransient() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 1);
    ScaleSet set = gateway.scaleSet("rg", "ss");
    arm.failNext("PATCH", "/virtualMachineScaleSets/ss$", 409, Map.of(), "OperationNotAllowed");

    assertThatThrownBy(() -> gateway.setCapacity(set, 2))
        .isInstanceOfSatisfying(ArmException.class, e -> assertThat(e.transientFailure()).isTrue())
        .hasMessageContaining("HTTP 409 OperationNotAllowed");
  }

  @Test
  void aFailedOperationSurfacesItsError() {
    arm.world().scaleSet("rg", "ss", "Standard_D4s_v5", 2);
    arm.failNextOperation("InternalOperationError", "reimage could not complete");

    assertThatThrownBy(() -> gateway.reimage("rg", "ss", "0"))
        .isInstanceOf(ArmException.class)
        .hasMessageContaining("InternalOperationError")
        .hasMessageContaining("reimage could not complete");
  }

  @Test
  void readsVmSizesOfARegionFromTheResourceSkusApi() {
    arm.world().sku("westeurope", "Standard_NC4as_T4_v3", 4, "28", 1);
    arm.world().sku("westeurope", "Standard_A0", 1, "0.75", 0);
    arm.world().sku("eastus", "Standard_X1", 1, "1", 0);

    List<VmSku> sizes = gateway.vmSizes("westeurope");

    assertThat(sizes)
        .containsExactly(
            new VmSku("Standard_NC4as_T4_v3", 4, 28 * 1024, 1, false),
            new VmSku("Standard_A0", 1, 768, 0, false));
    assertThat(arm.requests().get(0).query()).containsEntry("$filter", "location eq 'westeurope'");
  }

  @Test
  void resizesAnAksPoolThroughTheAgentPoolApi() {
    var cluster = arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
    cluster.pool("user1", "Standard_D4s_v5", 2);

    assertThat(gateway.agentPool("rg-aks", "prod", "user1").count()).isEqualTo(2);
    gateway.setAgentPoolCount("rg-aks", "prod", "user1", 4);

    FakeArm.Request put = arm.requests("PUT", "/agentPools/user1$").get(0);
    assertThat(put.body()).contains("\"count\":4").contains("\"vmSize\":\"Standard_D4s_v5\"");
    assertThat(arm.requests("PATCH", "virtualMachineScaleSets")).isEmpty();
    assertThat(gateway.agentPool("rg-aks", "prod", "user1").count()).isEqualTo(4);
  }

  @Test
  void deletesAksMachinesByNameFollowingTheLocationHeader() {
    var cluster = arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
    var pool = cluster.pool("user1", "Standard_D4s_v5", 3);
    String machine = pool.set.vm("2").orElseThrow().computerName;

    assertThat(gateway.deleteMachines("rg-aks", "prod", "user1", List.of(machine)))
        .isEqualTo(VmssGateway.Progress.SUCCEEDED);

    assertThat(arm.requests("POST", "/deleteMachines$").get(0).body())
        .contains("\"machineNames\":[\"" + machine + "\"]");
    assertThat(arm.requests("GET", "/operationresults/")).isNotEmpty();
    assertThat(pool.set.vms).extracting(v -> v.instanceId).containsExactly("0", "1");
    assertThat(pool.set.capacity).isEqualTo(2);
  }
}
