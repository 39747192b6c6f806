package dev.skyscaler.azure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.functions.PreemptionFunction;
import dev.skyscaler.azure.functions.Preemptions;
import dev.skyscaler.azure.functions.TestWiring;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Taint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How the functions run a scan cycle: the one log line a scan writes, the Lease that keeps two
 * invocations from acting at once, the app settings reaching the core, and no secret in the logs.
 */
class ScanCycleWiringTest {
  private final AzureStory story = new AzureStory();

  @AfterEach
  void close() {
    story.close();
  }

  private void twoFullNodes() {
    story.scaleSet("rg-nodes", "workers", 2, 1, 10);
    story.actors.scale("nginx", 95);
    story.tick(Duration.ofSeconds(60));
  }

  @Test
  void aScanLogsOneLineWithThePlanWhatWasDoneAndNoSecret() {
    story.selfManaged(Map.of());
    twoFullNodes();

    story.scan();

    assertThat(story.logLines)
        .containsExactly(
            "INFO scan=azure-functions/inv-1 kind=full result=completed took=0ms ready=2 unready=0"
                + " unschedulable=15 groups=1 scale_up=\"workers +1 (2->3)\" scale_down=\"\""
                + " evicted=0 repairs=0 failed=0 busy=true kubernetes=\"DONE=16\" cloud=\"DONE: set"
                + " workers target size 2 -> 3 (scale-up) (set workers target size 2 -> 3)\""
                + " warnings=\"\"");
    assertThat(String.join("\n", story.logLines))
        .doesNotContain(FakeArm.TOKEN)
        .doesNotContain(TestWiring.KUBECONFIG_TOKEN);
  }

  @Test
  void theAppSettingsReachTheCore() {
    story.selfManaged(Map.of("MAX_NODES_TOTAL", "2"));
    twoFullNodes();

    var report = (ScanReport.Completed) story.scan();

    assertThat(report.plan().scaleUps()).isEmpty();
    assertThat(report.plan().noScaleUps())
        .isNotEmpty()
        .allSatisfy(n -> assertThat(n.toString()).contains("max-nodes-total"));
    assertThat(story.writes("virtualMachineScaleSets")).isEmpty();
  }

  @Test
  void aScanFindingTheLeaseHeldIsSkippedAndTouchesNothing() {
    story.selfManaged(Map.of());
    twoFullNodes();
    holdLease();

    ScanReport report = story.scan();

    assertThat(report).isInstanceOf(ScanReport.Skipped.class);
    assertThat(story.logLines)
        .singleElement()
        .asString()
        .startsWith("INFO scan=azure-functions/inv-1 kind=full result=skipped reason=")
        .contains("held by someone-else");
    assertThat(story.writes("")).isEmpty();
  }

  @Test
  void aPreemptionWaitsForTheLeaseAndIsHandedBackWhenItStaysHeld() {
    story.aks(story.arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope"), Map.of());
    holdLease();
    var before = story.clock.instant();

    Preemptions.Handled handled = story.deliver(read("eventgrid/preempted-scale-set-vm.json"));

    assertThat(handled.disposition()).isEqualTo(Preemptions.Disposition.RETRY);
    assertThat(handled.scan()).containsInstanceOf(ScanReport.Skipped.class);
    assertThat(Duration.between(before, story.clock.instant()))
        .as("it waited for the Lease")
        .isEqualTo(PreemptionFunction.LEASE_WAIT);
    assertThat(handled.summary())
        .endsWith("(the scan found the Lease held); Event Grid delivers it again");
  }

  /**
   * An in-node agent relayed the VM's Scheduled Event as the node condition {@code
   * PreemptionScheduled}: the scheduled scan itself drains the node within the 30 s notice.
   */
  @Test
  void aNodeWithThePreemptionScheduledConditionIsDrainedByTheScheduledScan() {
    story.selfManaged(Map.of());
    story.scaleSet("rg-nodes", "workers", 2, 1, 10);
    story.actors.scale("nginx", 60);
    story.tick(Duration.ofSeconds(60));
    String node = "workers000001";
    String since = story.clock.instant().toString();
    story
        .cluster
        .admin()
        .nodes()
        .withName(node)
        .edit(
            n ->
                new NodeBuilder(n)
                    .editStatus()
                    .addNewCondition()
                    .withType("PreemptionScheduled")
                    .withStatus("True")
                    .withReason("Preempt")
                    .withLastTransitionTime(since)
                    .endCondition()
                    .endStatus()
                    .build());

    var report = (ScanReport.Completed) story.scan();

    Node drained = story.cluster.admin().nodes().withName(node).get();
    assertThat(drained.getSpec().getUnschedulable()).isTrue();
    assertThat(drained.getSpec().getTaints())
        .contains(
            new Taint("NoSchedule", InterruptionPolicy.TAINT_KEY, null, "azure-preempt-scheduled"));
    assertThat(report.figures().evictedPods()).isEqualTo(20);
    assertThat(report.plan().state().interruptions().nodes()).containsOnlyKeys(node);
  }

  private void holdLease() {
    var other =
        new ScanLease(story.cluster.connect(), LeaseOptions.DEFAULTS, "someone-else", story.clock);
    assertThat(other.tryAcquire()).isInstanceOf(ScanLease.Acquired.class);
  }

  private static String read(String resource) {
    try (InputStream in = ScanCycleWiringTest.class.getResourceAsStream("/" + resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
