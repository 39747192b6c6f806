package dev.skyscaler.azure.vmss;

import static dev.skyscaler.azure.vmss.VmssNodeGroupProviderTest.providerId;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A cloud action made under the scan's lease ends within the time the lease grants, on the real SDK
 * against the local ARM server: no request is sent once the time is up, and a long-running
 * operation is followed only while time is left.
 */
class VmssActionBudgetTest {
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
          Clock.fixed(VmssNodeGroupProviderTest.NOW, java.time.ZoneOffset.UTC));

  @AfterEach
  void stop() {
    arm.close();
  }

  private void workers(int capacity) {
    arm.world()
        .scaleSet("rg-nodes", "workers", "Standard_D4s_v5", capacity)
        .tag("k8s.io_cluster-autoscaler_enabled", "true")
        .tag("k8s.io_cluster-autoscaler_prod", "owned")
        .tag("min", "1")
        .tag("max", "5");
    provider.discover(List.of());
  }

  @Test
  void withNoTimeLeftNoRequestIsSentAndTheActionIsRetriedNextScan() {
    workers(2);
    int before = arm.requests().size();

    Outcome o = provider.apply(new SetTargetSize("workers", 2, 3, "pending pods"), Duration.ZERO);

    assertThat(o.status()).isEqualTo(Outcome.Status.RETRY);
    assertThat(o.message())
        .endsWith("no time left under the scan's lease: not sent, retried next scan");
    assertThat(arm.requests()).hasSize(before);
    assertThat(arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity).isEqualTo(2);
  }

  @Test
  void aDeletionIsFollowedOnlyWhileTheBudgetLastsThenLeftToTheNextScan() {
    workers(3);
    arm.pollsPerOperation = 100_000; // the deletion outlasts any budget
    int before = arm.requests().size();

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "workers", "n", providerId("rg-nodes", "workers", "2"), false, "preempted"),
            Duration.ofMillis(400));

    assertThat(o.status()).isEqualTo(Outcome.Status.RETRY);
    assertThat(o.message())
        .isEqualTo("VM 2 of workers is still being deleted; its target 3 is not restored yet");
    List<FakeArm.Request> made = arm.requests().subList(before, arm.requests().size());
    assertThat(made).filteredOn(r -> r.method().equals("POST")).hasSize(1);
    assertThat(made).filteredOn(r -> r.method().equals("PATCH")).isEmpty();
    // unbounded, the SDK polls every 10 ms for the connection's 5 s operation wait
    assertThat(made).filteredOn(r -> r.path().contains("/operations/")).hasSizeLessThan(100);
  }
}
