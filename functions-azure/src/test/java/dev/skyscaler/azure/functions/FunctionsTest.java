package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.microsoft.azure.functions.ExecutionContext;
import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.auth.KeyVaultGateway;
import dev.skyscaler.azure.functions.Preemptions.Disposition;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.kubernetes.ReceiveBuffers;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The three functions through their annotated entry points, where no cluster is needed: what they
 * log when the cluster cannot be reached, and how the preemption function sorts events before any
 * scan. The scans themselves are in the end-to-end tests ({@code dev.skyscaler.azure.e2e}).
 */
class FunctionsTest {
  private static final String AKS_NODES = "MC_rg-aks_prod_westeurope";

  private final FakeArm arm = FakeArm.start();
  private final List<LogRecord> records = Fixtures.records();
  private final Logger log = Fixtures.logger(records);
  private final ExecutionContext context = TestWiring.context(log, "invocation-1", "test");

  @AfterEach
  void stop() {
    arm.close();
  }

  /** Settings of a self-managed cluster whose kubeconfig secret does not exist. */
  private AzureWiring wiring(String nodeResourceGroup) {
    return wiring(nodeResourceGroup, Map.of());
  }

  private AzureWiring wiring(String nodeResourceGroup, Map<String, String> more) {
    Map<String, String> env = new HashMap<>(more);
    env.put("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION);
    env.put("CLUSTER_NAME", "prod");
    env.put("ARM_RESOURCE_GROUP", nodeResourceGroup);
    env.put("KUBECONFIG_SECRET_URI", arm.endpoint() + "secrets/kubeconfig");
    return new AzureWiring(
        FunctionSettings.parse(env),
        arm.credential(),
        arm.connection(),
        new KeyVaultGateway(arm.credential(), arm.httpClient(), false),
        Clock.fixed(Instant.parse("2026-11-21T09:00:00Z"), ZoneOffset.UTC),
        d -> {});
  }

  private List<String> logged(Level level) {
    return records.stream().filter(r -> r.getLevel() == level).map(LogRecord::getMessage).toList();
  }

  private String missingSecret() {
    return "Key Vault secret " + arm.endpoint() + "secrets/kubeconfig does not exist";
  }

  @Test
  void aScanThatCannotReachTheClusterLogsOneSevereLineNamingTheStageAndDoesNothing() {
    AzureWiring wiring = wiring("rg-nodes");

    new ScanFunction(() -> wiring)
        .run("{\"Schedule\":{\"AdjustForDST\":true},\"IsPastDue\":true}", context);

    assertThat(logged(Level.WARNING))
        .containsExactly("scan is late (the previous one outlasted the schedule)");
    assertThat(logged(Level.SEVERE))
        .containsExactly(
            "scan=azure-functions/invocation-1 kind=full result=failed stage=\"connect to the"
                + " cluster\" error=\""
                + missingSecret()
                + "\"");
    assertThat(arm.requests().stream().filter(r -> !r.method().equals("GET"))).isEmpty();
  }

  @Test
  void caProcessFlagsAreNotedOnceAtTheWorkersFirstInvocation() {
    AzureWiring wiring =
        wiring(
            "rg-nodes",
            Map.of(
                "LOGTOSTDERR", "true", "CLUSTER_AUTOSCALER_ARGS", "--v=4 --expander=least-waste"));
    ScanFunction scan = new ScanFunction(() -> wiring);

    scan.run("{}", context);
    new NodeHealthFunction(() -> wiring).run("{}", context);
    scan.run("{}", context);

    assertThat(logged(Level.INFO))
        .containsExactly(
            "settings with no effect: Cluster Autoscaler's process flags:"
                + " CLUSTER_AUTOSCALER_ARGS: --v, LOGTOSTDERR");
  }

  @Test
  void nothingIsNotedWithoutProcessFlags() {
    AzureWiring wiring = wiring("rg-nodes");

    new ScanFunction(() -> wiring).run("{}", context);

    assertThat(logged(Level.INFO)).isEmpty();
  }

  @Test
  void aHealthCheckThatCannotReachTheClusterSaysSoTheSameWay() {
    AzureWiring wiring = wiring("rg-nodes");

    new NodeHealthFunction(() -> wiring).run("{}", context);

    assertThat(logged(Level.SEVERE))
        .containsExactly(
            "scan=azure-functions/invocation-1 kind=health result=failed stage=\"connect to the"
                + " cluster\" error=\""
                + missingSecret()
                + "\"");
  }

  @Test
  void aPreemptionThatCannotBeScannedIsHandedBackToEventGrid() {
    AzureWiring wiring = wiring(AKS_NODES);
    PreemptionFunction function = new PreemptionFunction(() -> wiring);
    String event = Fixtures.read("eventgrid/preempted-scale-set-vm.json");

    assertThatThrownBy(() -> function.run(event, context))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "event 8945cf9b-e220-496e-ab4f-f3a239318995: the preemption of /subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/resourceGroups/MC_rg-aks_prod_westeurope/providers/Microsoft.Compute/"
                + "virtualMachineScaleSets/aks-spot1-12345678-vmss/virtualMachines/3 was not"
                + " handled (the scan failed); Event Grid delivers it again");
    assertThat(logged(Level.SEVERE)).singleElement().asString().contains("result=failed");
  }

  @Test
  void aPreemptionOutsideTheNodeResourceGroupIsDroppedWithoutAScan() {
    AzureWiring wiring = wiring("rg-nodes");

    Preemptions.Handled handled =
        new PreemptionFunction(() -> wiring)
            .handle(Fixtures.read("eventgrid/preempted-scale-set-vm.json"), "invocation-1", log);

    assertThat(handled.disposition()).isEqualTo(Disposition.NOT_OURS);
    assertThat(handled.notice()).isEmpty();
    assertThat(handled.summary())
        .isEqualTo(
            "event 8945cf9b-e220-496e-ab4f-f3a239318995: VM /subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/resourceGroups/MC_rg-aks_prod_westeurope/providers/Microsoft.Compute/"
                + "virtualMachineScaleSets/aks-spot1-12345678-vmss/virtualMachines/3 is outside the"
                + " node resource group rg-nodes; acknowledged and dropped");
    assertThat(arm.requests()).as("no Key Vault, no Resource Manager").isEmpty();
  }

  @Test
  void aPreemptionInAnotherSubscriptionIsDropped() {
    AzureWiring wiring = wiring(AKS_NODES);
    String event =
        Fixtures.read("eventgrid/preempted-scale-set-vm.json")
            .replace(FakeArm.SUBSCRIPTION, "11111111-2222-4333-8444-555555555555");

    Preemptions.Handled handled =
        new PreemptionFunction(() -> wiring).handle(event, "invocation-1", log);

    assertThat(handled.disposition()).isEqualTo(Disposition.NOT_OURS);
    assertThat(handled.summary())
        .contains("is in another subscription than " + FakeArm.SUBSCRIPTION);
    assertThat(arm.requests()).isEmpty();
  }

  @Test
  void availabilityChangesAndOtherAnnotationsAreAcknowledgedWithoutANotice() {
    AzureWiring wiring = wiring(AKS_NODES);
    PreemptionFunction function = new PreemptionFunction(() -> wiring);

    Preemptions.Handled unavailable =
        function.handle(
            Fixtures.read("eventgrid/availability-unavailable.json"), "invocation-1", log);
    function.run(Fixtures.read("eventgrid/deallocation-standalone-vm.json"), context);

    assertThat(unavailable.disposition()).isEqualTo(Disposition.NOT_A_PREEMPTION);
    assertThat(unavailable.notice()).isEmpty();
    assertThat(logged(Level.INFO))
        .containsExactly(
            "event 1fb6fa94-d965-4306-abeq-4810f0774e97 (availability Unavailable on /subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/resourceGroups/MC_rg-aks_prod_westeurope/providers/Microsoft.Compute/"
                + "virtualMachineScaleSets/aks-spot1-12345678-vmss/virtualMachines/3) is not a"
                + " scale-set VM preemption; acknowledged",
            "event 8945cf9b-e220-496e-ab4f-f3a239318995 (annotation"
                + " VirtualMachineDeallocationInitiated on /subscriptions/"
                + FakeArm.SUBSCRIPTION
                + "/resourceGroups/rg-tools/providers/Microsoft.Compute/virtualMachines/jumpbox)"
                + " is not a scale-set VM preemption; acknowledged");
    assertThat(arm.requests()).isEmpty();
  }

  @Test
  void aMalformedEventIsLoggedOnceWithTheFieldAndDropped() {
    String broken =
        Fixtures.read("eventgrid/preempted-scale-set-vm.json")
            .replace("\"targetResourceId\":", "\"target\":");

    new PreemptionFunction(
            () -> {
              throw new AssertionError("a malformed event needs no wiring");
            })
        .run(broken, context); // returns: Event Grid would redeliver the same bytes

    assertThat(logged(Level.SEVERE))
        .containsExactly(
            "Event Grid event 8945cf9b-e220-496e-ab4f-f3a239318995: field"
                + " data.resourceInfo.properties.targetResourceId is missing; event dropped");
  }

  @Test
  void theWorkersFunctionsShareOneWiringBuiltAtTheFirstInvocation() throws Exception {
    AtomicInteger builds = new AtomicInteger();
    FunctionInjector injector =
        new FunctionInjector(
            () -> {
              builds.incrementAndGet();
              return wiring("rg-nodes");
            });

    ScanFunction scan = injector.getInstance(ScanFunction.class);
    NodeHealthFunction health = injector.getInstance(NodeHealthFunction.class);
    assertThat(builds).as("loading the functions builds nothing").hasValue(0);
    scan.run("{}", context);
    injector.getInstance(ScanFunction.class).run("{}", context);
    health.run("{}", context);

    assertThat(builds).hasValue(1);
    assertThat(logged(Level.SEVERE)).hasSize(3).allMatch(l -> l.contains("result=failed"));
  }

  @Test
  void aWiringThatCannotBeBuiltFailsTheInvocationAndIsTriedAgainAtTheNext() {
    AtomicInteger builds = new AtomicInteger();
    FunctionInjector injector =
        new FunctionInjector(
            () -> {
              builds.incrementAndGet();
              return AzureWiring.fromSettings(Map.of("CLUSTER_NAME", "prod"));
            });
    ScanFunction scan = injector.getInstance(ScanFunction.class);

    assertThatThrownBy(() -> scan.run("{}", context))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("ARM_SUBSCRIPTION_ID: required");
    assertThatThrownBy(() -> scan.run("{}", context)).isInstanceOf(ConfigException.class);
    assertThat(builds).hasValue(2);
  }

  @Test
  void theWiringAsksForLargeReceiveBuffersBeforeItBuildsAnyHttpClient() {
    String before = System.getProperty(ReceiveBuffers.PROPERTY);
    System.clearProperty(ReceiveBuffers.PROPERTY);
    try {
      assertThatThrownBy(() -> AzureWiring.fromSettings(Map.of()))
          .isInstanceOf(ConfigException.class);

      assertThat(System.getProperty(ReceiveBuffers.PROPERTY)).isEqualTo("262144");
    } finally {
      if (before == null) {
        System.clearProperty(ReceiveBuffers.PROPERTY);
      } else {
        System.setProperty(ReceiveBuffers.PROPERTY, before);
      }
    }
  }

  @Test
  void theInjectorMakesOnlySkyscalersFunctions() {
    FunctionInjector injector =
        new FunctionInjector(
            () -> {
              throw new AssertionError("no function, no wiring");
            });

    assertThatThrownBy(() -> injector.getInstance(String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "java.lang.String is not a Skyscaler function: expected ScanFunction,"
                + " NodeHealthFunction or PreemptionFunction");
  }
}
