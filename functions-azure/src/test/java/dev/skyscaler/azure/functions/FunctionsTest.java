package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.functions.ExecutionContext;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The three functions through their annotated entry points, wired to the local ARM server. */
class FunctionsTest {
  private final FakeArm arm = FakeArm.start();
  private final List<LogRecord> records = Fixtures.records();
  private final Logger log = Fixtures.logger(records);
  private final ExecutionContext context =
      new ExecutionContext() {
        @Override
        public Logger getLogger() {
          return log;
        }

        @Override
        public String getInvocationId() {
          return "invocation-1";
        }

        @Override
        public String getFunctionName() {
          return "test";
        }
      };
  private final AzureWiring wiring =
      new AzureWiring(
          FunctionSettings.parse(
              Map.of(
                  "ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION,
                  "CLUSTER_NAME", "prod",
                  "ARM_RESOURCE_GROUP", "rg-nodes",
                  "KUBECONFIG_SECRET_URI", "https://kv.vault.azure.net/secrets/kubeconfig")),
          arm.credential(),
          arm.connection(),
          Clock.fixed(Instant.parse("2026-11-21T09:00:00Z"), ZoneOffset.UTC));

  @AfterEach
  void stop() {
    arm.close();
  }

  private FakeArmWorld.ScaleSet tagged(String name, int capacity) {
    return arm.world()
        .scaleSet("rg-nodes", name, "Standard_D4s_v5", capacity)
        .tag("k8s.io_cluster-autoscaler_enabled", "true")
        .tag("k8s.io_cluster-autoscaler_prod", "owned")
        .tag("min", "0")
        .tag("max", "5");
  }

  private List<String> logged(Level level) {
    return records.stream().filter(r -> r.getLevel() == level).map(LogRecord::getMessage).toList();
  }

  @Test
  void theScanDiscoversTheNodeGroupsAndLogsWhatItSaw() {
    tagged("workers", 2);
    tagged("broken", 1).tag("max", "x");

    new ScanFunction(() -> wiring)
        .run("{\"Schedule\":{\"AdjustForDST\":true},\"IsPastDue\":true}", context);

    assertThat(logged(Level.INFO))
        .containsExactly(
            "node group workers: target 2 within 0..5, instances {RUNNING=2}, template cpu=4 memory=16Gi pods=110");
    assertThat(logged(Level.WARNING))
        .containsExactly(
            "scan is late (the previous one outlasted the schedule)",
            "scale set rg-nodes/broken: tag max must be a whole number >= 0, got \"x\"; left out");
  }

  @Test
  void theHealthCheckNamesFailedAndDepartingInstances() {
    FakeArmWorld.ScaleSet set = tagged("workers", 1);
    set.addVm("Failed", "");
    set.addVm("Succeeded", "deallocated");
    set.capacity = 3;

    new NodeHealthFunction(() -> wiring).run("{}", context);

    String vm =
        "azure:///subscriptions/"
            + FakeArm.SUBSCRIPTION
            + "/resourceGroups/rg-nodes/providers/Microsoft.Compute/virtualMachineScaleSets/workers/virtualMachines/";
    assertThat(logged(Level.WARNING))
        .containsExactly("FAILED " + vm + "1 of workers", "TERMINATING " + vm + "2 of workers");
  }

  @Test
  void aPreemptionNamesTheEvictedVm() {
    PreemptionFunction.Notice notice =
        new PreemptionFunction()
            .handle(Fixtures.read("eventgrid/preempted-scale-set-vm.json"), log);

    assertThat(notice.evicted())
        .hasValueSatisfying(vm -> assertThat(vm.instanceId()).isEqualTo("3"));
    assertThat(logged(Level.WARNING))
        .containsExactly(
            "spot VM 3 of scale set MC_rg-aks_prod_westeurope/aks-spot1-12345678-vmss was preempted at 2026-11-21T08:14:02.187334500Z (Preempted)");
  }

  @Test
  void otherHealthEventsAreIgnored() {
    PreemptionFunction.Notice unavailable =
        new PreemptionFunction()
            .handle(Fixtures.read("eventgrid/availability-unavailable.json"), log);
    assertThat(unavailable.interruption()).isEmpty();
    new PreemptionFunction()
        .run(Fixtures.read("eventgrid/deallocation-standalone-vm.json"), context);

    assertThat(logged(Level.WARNING)).isEmpty();
    assertThat(logged(Level.FINE))
        .hasSize(2)
        .allSatisfy(m -> assertThat(m).endsWith("is not a scale-set VM eviction; ignored"));
  }

  @Test
  void aMalformedEventIsLoggedWithTheFieldAndNotRetried() {
    String broken =
        Fixtures.read("eventgrid/preempted-scale-set-vm.json")
            .replace("\"targetResourceId\":", "\"target\":");

    new PreemptionFunction()
        .run(broken, context); // returns: Event Grid would redeliver the same bytes

    assertThat(logged(Level.SEVERE))
        .containsExactly(
            "Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field data.resourceInfo.properties.targetResourceId is missing");
  }
}
