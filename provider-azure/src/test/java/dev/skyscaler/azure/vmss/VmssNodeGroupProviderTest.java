package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The provider on the real SDK against the local ARM server: a self-managed cluster. */
class VmssNodeGroupProviderTest {
  static final Instant NOW = Instant.parse("2026-11-21T09:00:00Z");

  private final FakeArm arm = FakeArm.start();
  private final VmssNodeGroupProvider provider =
      new VmssNodeGroupProvider(
          new VmssGateway(arm.connection()),
          new VmssScope(
              FakeArm.SUBSCRIPTION,
              Optional.of("rg-nodes"),
              DiscoverySpec.forCluster("prod"),
              Optional.empty(),
              false,
              false),
          Clock.fixed(NOW, ZoneOffset.UTC));

  @AfterEach
  void stop() {
    arm.close();
  }

  private FakeArmWorld.ScaleSet tagged(String name, String sku, int capacity, int min, int max) {
    return tagged("rg-nodes", name, sku, capacity, min, max);
  }

  private FakeArmWorld.ScaleSet tagged(
      String resourceGroup, String name, String sku, int capacity, int min, int max) {
    return arm.world()
        .scaleSet(resourceGroup, name, sku, capacity)
        .tag("k8s.io_cluster-autoscaler_enabled", "true")
        .tag("k8s.io_cluster-autoscaler_prod", "owned")
        .tag("min", Integer.toString(min))
        .tag("max", Integer.toString(max));
  }

  static String providerId(String rg, String set, String id) {
    return "azure:///subscriptions/"
        + FakeArm.SUBSCRIPTION
        + "/resourceGroups/"
        + rg
        + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
        + set
        + "/virtualMachines/"
        + id;
  }

  static Node node(String name, String providerId) {
    Resources r = Resources.of(4000, 16L << 30).withPods(110);
    return new Node(
        name,
        Map.of(),
        Map.of(),
        List.of(),
        r,
        r,
        false,
        true,
        providerId,
        Instant.EPOCH,
        List.of());
  }

  @Test
  void discoversTaggedScaleSetsWithTheirBoundsTargetAndMembers() {
    tagged("workers", "Standard_D4s_v5", 2, 1, 10);
    arm.world().scaleSet("rg-nodes", "untagged", "Standard_D4s_v5", 1);
    List<Node> nodes =
        List.of(
            node("workers000000", providerId("rg-nodes", "workers", "0")),
            node("workers000001", providerId("RG-NODES", "workers", "1")),
            node("elsewhere", "aws:///eu-west-1a/i-1"));

    Discovery d = provider.discover(nodes);

    assertThat(d.warnings()).isEmpty();
    assertThat(d.groups())
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.name()).isEqualTo("workers");
              assertThat(g.minSize()).isEqualTo(1);
              assertThat(g.maxSize()).isEqualTo(10);
              assertThat(g.targetSize()).isEqualTo(2);
              assertThat(g.memberNodes())
                  .containsExactlyInAnyOrder("workers000000", "workers000001");
              assertThat(g.template()).isPresent();
            });
    assertThat(d.instances())
        .extracting(CloudInstance::providerId)
        .containsExactly(
            providerId("rg-nodes", "workers", "0"), providerId("RG-NODES", "workers", "1"));
  }

  @Test
  void instancesCarryTheirStateAndCreationTime() {
    FakeArmWorld.ScaleSet set = tagged("workers", "Standard_D4s_v5", 1, 0, 5);
    set.addVm("Creating", "starting");
    set.addVm("Failed", "");
    set.addVm("Deleting", "running");
    set.capacity = 4;

    Discovery d = provider.discover(List.of());

    assertThat(d.instances())
        .extracting(CloudInstance::state)
        .containsExactly(
            InstanceState.RUNNING,
            InstanceState.PENDING,
            InstanceState.FAILED,
            InstanceState.TERMINATING);
    assertThat(d.instances())
        .allSatisfy(i -> assertThat(i.launchTime()).isEqualTo(arm.world().now));
    assertThat(d.instances().get(1).providerId()).isEqualTo(providerId("rg-nodes", "workers", "1"));
  }

  @Test
  void anEmptyGroupGetsATemplateForScaleFromZero() {
    tagged("gpu", "Standard_NC4as_T4_v3", 0, 0, 4).zones("2").spot();

    NodeGroup g = provider.discover(List.of()).groups().get(0);

    assertThat(g.memberNodes()).isEmpty();
    assertThat(g.template())
        .hasValueSatisfying(
            t -> {
              assertThat(t.capacity().cpu()).isEqualTo(4000);
              assertThat(t.capacity().extended("nvidia.com/gpu")).isEqualTo(1);
              assertThat(t.labels())
                  .containsEntry("topology.kubernetes.io/zone", "westeurope-2")
                  .containsEntry("kubernetes.azure.com/scalesetpriority", "spot");
            });
    assertThat(arm.requests("GET", "/skus$")).isEmpty(); // the static table knew the size
  }

  @Test
  void aSizeTheTableDoesNotKnowIsLookedUpInTheRegion() {
    tagged("odd", "Standard_HX176rs", 0, 0, 2);
    arm.world().sku("westeurope", "Standard_HX176rs", 176, "1408", 0);

    NodeGroup g = provider.discover(List.of()).groups().get(0);

    assertThat(g.template().orElseThrow().capacity().cpu()).isEqualTo(176_000);
    assertThat(arm.requests("GET", "/skus$"))
        .singleElement()
        .satisfies(r -> assertThat(r.query()).containsEntry("$filter", "location eq 'westeurope'"));
  }

  @Test
  void aScaleSetWithBadTagsIsLeftOutWithAWarningNamingItAndTheTag() {
    tagged("good", "Standard_D4s_v5", 1, 0, 3);
    tagged("bad", "Standard_D4s_v5", 1, 0, 3).tag("max", "lots");
    tagged("sizeless", "Standard_Nope", 0, 0, 3);

    Discovery d = provider.discover(List.of());

    assertThat(d.groups()).extracting(NodeGroup::name).containsExactly("good");
    assertThat(d.warnings())
        .containsExactly(
            "scale set rg-nodes/bad: tag max must be a whole number >= 0, got \"lots\"; left out",
            "scale set rg-nodes/sizeless: VM size Standard_Nope is unknown and no node runs on it to copy; left out");
    assertThat(d.instances()).extracting(CloudInstance::nodeGroup).containsOnly("good");
  }

  @Test
  void aCloudReadMakesEveryArmCallAndTheNodesAreMatchedAfterwardsWithoutOne() {
    tagged("workers", "Standard_D4s_v5", 2, 1, 10);
    tagged("odd", "Standard_HX176rs", 0, 0, 2);
    arm.world().sku("westeurope", "Standard_HX176rs", 176, "1408", 0);

    NodeGroupProvider.CloudRead read = provider.readCloud();
    int calls = arm.requests().size();
    Discovery d = read.match(List.of(node("w0", providerId("rg-nodes", "workers", "0"))));

    assertThat(arm.requests()).hasSize(calls);
    assertThat(calls).isPositive();
    assertThat(d.groups()).extracting(NodeGroup::name).containsExactly("odd", "workers");
    assertThat(d.groups().get(1).memberNodes()).containsExactly("w0");
    assertThat(d)
        .isEqualTo(provider.discover(List.of(node("w0", providerId("rg-nodes", "workers", "0")))));
  }

  @Test
  void actionsUseTheGroupsOfTheLastMatch() {
    tagged("workers", "Standard_D4s_v5", 1, 1, 5);
    NodeGroupProvider.CloudRead read = provider.readCloud();
    read.match(List.of());
    int calls = arm.requests().size();

    Outcome o = provider.apply(new SetTargetSize("workers", 1, 2, "pending pods"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    // the group was known: no discovery ran again before the resize
    assertThat(arm.requests("GET", "/virtualMachineScaleSets$")).hasSize(1);
    assertThat(arm.requests().size()).isGreaterThan(calls);
  }

  @Test
  void ofTwoScaleSetsWithOneNameInTheSubscriptionTheFirstIsKeptAndTheOtherNamed() {
    tagged("rg-a", "workers", "Standard_D4s_v5", 1, 0, 3);
    tagged("rg-b", "workers", "Standard_D4s_v5", 1, 0, 3);
    VmssNodeGroupProvider wholeSubscription =
        new VmssNodeGroupProvider(
            new VmssGateway(arm.connection()),
            new VmssScope(
                FakeArm.SUBSCRIPTION,
                Optional.empty(),
                DiscoverySpec.forCluster("prod"),
                Optional.empty(),
                false,
                false),
            Clock.fixed(NOW, ZoneOffset.UTC));

    Discovery d = wholeSubscription.discover(List.of());

    assertThat(d.groups())
        .as(d.warnings().toString())
        .singleElement()
        .extracting(NodeGroup::name)
        .isEqualTo("workers");
    assertThat(d.instances())
        .extracting(CloudInstance::providerId)
        .allSatisfy(id -> assertThat(id).contains("/resourceGroups/rg-a/"));
    assertThat(d.warnings())
        .singleElement()
        .asString()
        .startsWith("scale set rg-b/workers: has the same name as scale set /subscriptions/")
        .contains("/resourceGroups/rg-a/")
        .endsWith("; left out");
  }

  @Test
  void setTargetSizePatchesTheCapacity() {
    tagged("workers", "Standard_D4s_v5", 1, 1, 5);
    provider.discover(List.of());

    Outcome o = provider.apply(new SetTargetSize("workers", 1, 3, "pending pods"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(o.message()).isEqualTo("set workers target size 1 -> 3");
    assertThat(arm.requests("PATCH", "/virtualMachineScaleSets/workers$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).contains("\"capacity\":3"));
    assertThat(arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity).isEqualTo(3);
  }

  @Test
  void setTargetSizeRefusesTargetsOutsideMinAndMax() {
    tagged("workers", "Standard_D4s_v5", 2, 1, 5);
    provider.discover(List.of());

    Outcome above = provider.apply(new SetTargetSize("workers", 2, 6, "too many"));
    Outcome below = provider.apply(new SetTargetSize("workers", 2, 0, "too few"));

    assertThat(above.status()).isEqualTo(Outcome.Status.FAILED);
    assertThat(above.message())
        .isEqualTo("refused to set workers to 6: outside its min 1 and max 5");
    assertThat(below.status()).isEqualTo(Outcome.Status.FAILED);
    assertThat(arm.requests("PATCH", "virtualMachineScaleSets")).isEmpty();
  }

  @Test
  void aLowerTargetDropsOnlyVmsThatWereNeverCreated() {
    tagged("workers", "Standard_D4s_v5", 3, 1, 5);
    provider.discover(List.of());

    Outcome belowTheVms = provider.apply(new SetTargetSize("workers", 3, 2, "never created"));
    arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity = 5; // 2 never came
    Outcome toTheVms = provider.apply(new SetTargetSize("workers", 5, 3, "never created"));

    assertThat(belowTheVms.status()).isEqualTo(Outcome.Status.FAILED);
    assertThat(belowTheVms.message())
        .isEqualTo(
            "refused to lower workers target size to 2: it has 3 VMs, which leave only by"
                + " deleting them by name");
    assertThat(toTheVms.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(toTheVms.message()).isEqualTo("set workers target size 5 -> 3");
    assertThat(arm.requests("PATCH", "/virtualMachineScaleSets/workers$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).contains("\"capacity\":3"));
  }

  @Test
  void setTargetSizeToTheCurrentSizeIsAlreadyDone() {
    tagged("workers", "Standard_D4s_v5", 2, 1, 5);

    Outcome o = provider.apply(new SetTargetSize("workers", 2, 2, "steady"));

    assertThat(o.status()).isEqualTo(Outcome.Status.ALREADY_DONE);
    assertThat(arm.requests("PATCH", "virtualMachineScaleSets")).isEmpty();
  }

  @Test
  void throttlingBeyondTheWaitComesBackAsRetry() {
    tagged("workers", "Standard_D4s_v5", 1, 1, 5);
    provider.discover(List.of());
    arm.throttleNext("PATCH", "/virtualMachineScaleSets/workers$", 60);

    Outcome o = provider.apply(new SetTargetSize("workers", 1, 2, "pending pods"));

    assertThat(o.status()).isEqualTo(Outcome.Status.RETRY);
    assertThat(o.message()).contains("HTTP 429 TooManyRequests");
  }

  @Test
  void aConflictComesBackAsRetry() {
    tagged("workers", "Standard_D4s_v5", 1, 1, 5);
    provider.discover(List.of());
    arm.failNext(
        "PATCH", "/virtualMachineScaleSets/workers$", 409, Map.of(), "OperationNotAllowed");

    assertThat(provider.apply(new SetTargetSize("workers", 1, 2, "x")).status())
        .isEqualTo(Outcome.Status.RETRY);
  }

  @Test
  void scaleDownDeletesTheChosenVmAndTheTargetDrops() {
    tagged("workers", "Standard_D4s_v5", 3, 1, 5);
    provider.discover(List.of());

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "workers",
                "workers000001",
                providerId("rg-nodes", "workers", "1"),
                true,
                "unneeded"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(arm.requests("POST", "/virtualMachineScaleSets/workers/delete$"))
        .singleElement()
        .satisfies(r -> assertThat(r.body()).contains("\"instanceIds\":[\"1\"]"));
    FakeArmWorld.ScaleSet set = arm.world().findScaleSet("rg-nodes", "workers").orElseThrow();
    assertThat(set.vms).extracting(v -> v.instanceId).containsExactly("0", "2");
    assertThat(set.capacity).isEqualTo(2);
    assertThat(arm.requests("PATCH", "virtualMachineScaleSets")).isEmpty();
  }

  @Test
  void scaleDownRefusesToGoBelowMin() {
    tagged("workers", "Standard_D4s_v5", 1, 1, 5);

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "workers", "n", providerId("rg-nodes", "workers", "0"), true, "unneeded"));

    assertThat(o.status()).isEqualTo(Outcome.Status.FAILED);
    assertThat(o.message())
        .isEqualTo("refused to delete VM 0 of workers: its size 1 is at its min 1");
    assertThat(arm.requests("POST", "/delete$")).isEmpty();
  }

  @Test
  void deletingAVmAlreadyGoneIsAlreadyDone() {
    tagged("workers", "Standard_D4s_v5", 2, 0, 5);

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "workers", "", providerId("rg-nodes", "workers", "9"), true, "unneeded"));

    assertThat(o.status()).isEqualTo(Outcome.Status.ALREADY_DONE);
    assertThat(arm.requests("POST", "/delete$")).isEmpty();
  }

  @Test
  void aReplacementDeletesTheVmThenRestoresTheTarget() {
    tagged("workers", "Standard_D4s_v5", 3, 1, 5);

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "workers", "n", providerId("rg-nodes", "workers", "2"), false, "preempted"));

    assertThat(o.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(o.message()).isEqualTo("replaced VM 2 of workers; target stays 3");
    List<FakeArm.Request> writes =
        arm.requests().stream().filter(r -> !r.method().equals("GET")).toList();
    assertThat(writes).extracting(FakeArm.Request::method).containsExactly("POST", "PATCH");
    FakeArmWorld.ScaleSet set = arm.world().findScaleSet("rg-nodes", "workers").orElseThrow();
    assertThat(set.capacity).isEqualTo(3);
    assertThat(set.vm("2")).isEmpty();
  }

  @Test
  void repairsRestartReimageOrReplace() {
    FakeArmWorld.ScaleSet set = tagged("workers", "Standard_D4s_v5", 3, 1, 5);
    String vm1 = providerId("rg-nodes", "workers", "1");

    Outcome restart =
        provider.apply(new RepairInstance("workers", "n1", vm1, RepairInstance.Level.RESTART));
    Outcome reimage =
        provider.apply(new RepairInstance("workers", "n1", vm1, RepairInstance.Level.REIMAGE));
    Outcome replace =
        provider.apply(new RepairInstance("workers", "n1", vm1, RepairInstance.Level.REPLACE));

    assertThat(restart.message()).isEqualTo("restart VM 1 of workers (succeeded)");
    assertThat(reimage.message()).isEqualTo("reimage VM 1 of workers (succeeded)");
    assertThat(replace.status()).isEqualTo(Outcome.Status.DONE);
    assertThat(arm.requests("POST", "/virtualMachines/1/restart$")).hasSize(1);
    assertThat(arm.requests("POST", "/virtualMachines/1/reimage$")).hasSize(1);
    assertThat(set.vm("1")).isEmpty();
    assertThat(set.capacity).isEqualTo(3);
  }

  @Test
  void actionsThatAreNotThisProvidersAreNotMine() {
    tagged("workers", "Standard_D4s_v5", 1, 0, 5);

    assertThat(
            provider
                .apply(
                    new CompleteLifecycleAction(
                        "workers",
                        providerId("rg-nodes", "workers", "0"),
                        "hook",
                        "t",
                        CompleteLifecycleAction.Result.CONTINUE))
                .status())
        .isEqualTo(Outcome.Status.NOT_MINE);
    assertThat(provider.apply(new CordonNode("n")).status()).isEqualTo(Outcome.Status.NOT_MINE);
    assertThat(provider.apply(new SetTargetSize("some-asg", 1, 2, "x")).status())
        .isEqualTo(Outcome.Status.NOT_MINE);
    assertThat(
            provider
                .apply(new DeleteInstance("some-asg", "n", "aws:///eu-west-1a/i-1", true, "x"))
                .status())
        .isEqualTo(Outcome.Status.NOT_MINE);
  }

  @Test
  void aVmOutsideTheNamedGroupIsAlreadyGoneFromItAndNothingIsDeleted() {
    tagged("workers", "Standard_D4s_v5", 2, 0, 5);
    tagged("other", "Standard_D4s_v5", 1, 0, 5);
    String others = providerId("rg-nodes", "other", "0");

    Outcome otherSet = provider.apply(new DeleteInstance("workers", "n", others, true, "x"));
    Outcome notAzure =
        provider.apply(new DeleteInstance("workers", "n", "aws:///eu-west-1a/i-1", true, "x"));

    assertThat(otherSet.status()).isEqualTo(Outcome.Status.ALREADY_DONE);
    assertThat(otherSet.message())
        .isEqualTo(others + " is not a VM of scale set workers: nothing to do");
    assertThat(notAzure.status()).isEqualTo(Outcome.Status.ALREADY_DONE);
    assertThat(arm.requests("POST", "/delete$")).isEmpty();
    assertThat(arm.world().findScaleSet("rg-nodes", "other").orElseThrow().vms).hasSize(1);
  }
}
