package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.azure.arm.AzureCloud;
import dev.skyscaler.azure.vmss.VmssScope;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.kubernetes.runner.EnvironmentOptions;
import dev.skyscaler.kubernetes.runner.ListValues;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FunctionSettingsTest {
  private static final String SUB = "3f2b4c5d-1111-4000-8000-00000000a11e";

  private static Map<String, String> aks() {
    Map<String, String> env = new HashMap<>();
    env.put("ARM_SUBSCRIPTION_ID", SUB);
    env.put("CLUSTER_NAME", "prod");
    env.put("ARM_CLUSTER_RESOURCE_GROUP", "rg-aks");
    env.put("ARM_RESOURCE_GROUP", "MC_rg-aks_prod_westeurope");
    return env;
  }

  @Test
  void theExampleLocalSettingsAreValidAndReachTheCoresOptions() throws Exception {
    var values =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(java.nio.file.Path.of("local.settings.json.example").toFile())
            .path("Values");
    Map<String, String> env = new HashMap<>();
    values.fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(env.keySet())
        .as("every example setting but the host's own is one the functions read")
        .isSubsetOf(
            Stream.concat(
                    Stream.of("FUNCTIONS_WORKER_RUNTIME", "AzureWebJobsStorage"),
                    new EnvironmentOptions(Map.of(), FunctionSettings.ownSettings())
                        .accepted().stream())
                .toList());
    assertThat(s.options().health().unhealthyTime()).isEqualTo(Duration.ofMinutes(5));
    assertThat(s.options().health().repairStepTimeout()).isEqualTo(Duration.ofMinutes(10));
    assertThat(s.options().scaleDown().unneededTime()).isEqualTo(Duration.ofMinutes(10));
    assertThat(s.options().scaleUp().expanders()).containsExactly(ExpanderName.LEAST_WASTE);
  }

  @Test
  void anAksClusterNeedsItsSubscriptionNameAndResourceGroup() {
    FunctionSettings s = FunctionSettings.parse(aks());

    assertThat(s.cloud()).isEqualTo(AzureCloud.PUBLIC);
    assertThat(s.scope().aksCluster()).contains(new VmssScope.AksCluster("rg-aks", "prod"));
    assertThat(s.scope().resourceGroup()).contains("MC_rg-aks_prod_westeurope");
    assertThat(s.kubeconfigSecret()).isEmpty();
    assertThat(s.discovery().selector())
        .containsOnlyKeys("k8s.io_cluster-autoscaler_enabled", "k8s.io_cluster-autoscaler_prod");
    assertThat(s.scanSchedule()).isEqualTo("*/10 * * * * *");
    assertThat(s.healthSchedule()).isEqualTo("0 * * * * *");
    assertThat(s.forceDelete()).isFalse();
  }

  @Test
  void aSelfManagedClusterNamesItsKubeconfigSecret() {
    Map<String, String> env = aks();
    env.remove("ARM_CLUSTER_RESOURCE_GROUP");
    env.put("KUBECONFIG_SECRET_URI", "https://kv-prod.vault.azure.net/secrets/kubeconfig");
    env.put("ARM_CLOUD", "AzureUSGovernmentCloud");
    env.put("ARM_USER_ASSIGNED_IDENTITY_ID", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    env.put(
        "NODE_GROUP_AUTO_DISCOVERY",
        "label:cluster-autoscaler-enabled=true,cluster-autoscaler-name=prod,min=1,max=9");
    env.put("AZURE_ENABLE_FORCE_DELETE", "true");

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(s.kubeconfigSecret())
        .contains(URI.create("https://kv-prod.vault.azure.net/secrets/kubeconfig"));
    assertThat(s.scope().aksCluster()).isEmpty();
    assertThat(s.cloud()).isEqualTo(AzureCloud.US_GOVERNMENT);
    assertThat(s.userAssignedIdentity()).contains("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    assertThat(s.discovery().max()).hasValue(9);
    assertThat(s.forceDelete()).isTrue();
  }

  @Test
  void nodesNamesScaleSetsWithTheirBoundsAsCasNodesFlag() {
    Map<String, String> env = aks();
    env.put("NODES", "1:10:vmss-general;0:4:vmss-gpu");

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(s.discovery().named())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "vmss-general", new NodeGroupSpec(1, 10, "vmss-general"),
                "vmss-gpu", new NodeGroupSpec(0, 4, "vmss-gpu")));
    assertThat(s.discovery().selector()).isEmpty(); // --nodes alone: only the named sets
  }

  @Test
  void aBadNodesEntryIsNamedUnderItsVariable() {
    Map<String, String> env = aks();
    env.put("NODES", "10:1:vmss-general");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .containsExactly(
                        "NODES: expected <min>:<max>:<name> with max a whole number >= min, got"
                            + " \"10:1:vmss-general\""));
  }

  @Test
  void clusterAutoscalerFlagsAreReadUnderUpperSnakeCaseNames() {
    Map<String, String> env = aks();
    env.put("SCAN_INTERVAL", "20s");
    env.put("MAX_NODES_TOTAL", "50");
    env.put("EXPANDER", "priority,least-waste");
    env.put("BALANCING_IGNORE_LABEL", "team; example.com/rack");
    env.put("UNHEALTHY_TIME", "7m");

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(s.options().scanInterval()).isEqualTo(Duration.ofSeconds(20));
    assertThat(s.options().scaleUp().maxNodesTotal()).isEqualTo(50);
    assertThat(s.options().scaleUp().expanders())
        .containsExactly(ExpanderName.PRIORITY, ExpanderName.LEAST_WASTE);
    assertThat(s.options().scaleUp().balancingIgnoreLabels())
        .containsExactly("team", "example.com/rack");
    assertThat(s.healthOptions().unhealthyTime()).isEqualTo(Duration.ofMinutes(7));
    assertThat(s.scanSchedule()).as("derived from SCAN_INTERVAL").isEqualTo("*/20 * * * * *");
  }

  static Stream<ListValues> listValues() {
    return ListValues.cases();
  }

  /** The table every runner passes: the clouds read lists alike. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("listValues")
  void aListSettingIsReadAsOnEveryCloud(ListValues row) {
    Map<String, String> env = aks();
    env.put(ListValues.VARIABLE, row.value());

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(s.options().scaleUp().balancingIgnoreLabels())
        .containsExactlyElementsOf(row.labels());
  }

  record Cadence(String name, String interval, String schedule, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Cadence> cadences() {
    return Stream.of(
        new Cadence("CA's default interval is a scan every 10 seconds", "", "", "*/10 * * * * *"),
        new Cadence("an interval of 15 seconds", "15s", "", "*/15 * * * * *"),
        new Cadence("an interval of a minute fires at second 0", "1m", "", "0 * * * * *"),
        new Cadence("60s is a minute", "60s", "", "0 * * * * *"),
        new Cadence("a schedule that agrees is kept", "30s", "*/30 * * * * *", "*/30 * * * * *"),
        new Cadence(
            "spacing in the schedule does not matter",
            "20s",
            " */20  * * * * * ",
            "*/20  * * * * *"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cadences")
  void theScanTimerFiresEveryScanInterval(Cadence row) {
    Map<String, String> env = aks();
    env.put("SCAN_INTERVAL", row.interval());
    env.put("SCAN_SCHEDULE", row.schedule());

    FunctionSettings s = FunctionSettings.parse(env);

    assertThat(s.scanSchedule()).isEqualTo(row.expected());
  }

  @Test
  void aScheduleThatDisagreesWithTheScanIntervalIsRefused() {
    Map<String, String> env = aks();
    env.put("SCAN_SCHEDULE", "*/30 * * * * *");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "SCAN_SCHEDULE: \"*/30 * * * * *\" is not a scan every SCAN_INTERVAL (10s);"
                + " expected \"*/10 * * * * *\"");
  }

  @Test
  void anApplicationInsightsConnectionStringWithoutAKeyIsRefused() {
    Map<String, String> env = aks();
    env.put(
        "APPLICATIONINSIGHTS_CONNECTION_STRING", "IngestionEndpoint=https://x.in.ai.azure.com/");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "APPLICATIONINSIGHTS_CONNECTION_STRING: expected"
                + " InstrumentationKey=<GUID>;IngestionEndpoint=https://..., with a GUID as the"
                + " instrumentation key");
  }

  @Test
  void anIntervalTheTimerCannotKeepIsRefused() {
    Map<String, String> env = aks();
    env.put("SCAN_INTERVAL", "25s");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "SCAN_INTERVAL: expected 10s, 12s, 15s, 20s, 30s or 1m (the Scan timer fires at fixed"
                + " seconds of each minute), got 25s");
  }

  @Test
  void everyBadSettingIsListedAtOnce() {
    Map<String, String> env = new HashMap<>();
    env.put("ARM_SUBSCRIPTION_ID", "my-subscription");
    env.put("ARM_CLUSTER_RESOURCE_GROUP", "rg-aks");
    env.put("KUBECONFIG_SECRET_URI", "http://kv/secrets/x");
    env.put("ARM_CLOUD", "Mars");
    env.put("ARM_USER_ASSIGNED_IDENTITY_ID", "uami-name");
    env.put("AZURE_ENABLE_FORCE_DELETE", "yes");
    env.put("SCAN_SCHEDULE", "*/10 * * * *");
    env.put("NODE_GROUP_AUTO_DISCOVERY", "asg:tag=x");
    env.put("MAX_NODES_TOTAL", "ten");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .containsExactly(
                        "ARM_CLOUD: expected one of AzurePublicCloud, AzureChinaCloud, AzureUSGovernmentCloud, got \"Mars\"",
                        "ARM_SUBSCRIPTION_ID: expected a subscription id (GUID), got \"my-subscription\"",
                        "CLUSTER_NAME: required, the cluster's name",
                        "KUBECONFIG_SECRET_URI: expected https://<vault>.vault.azure.net/secrets/<name>, got \"http://kv/secrets/x\"",
                        "ARM_USER_ASSIGNED_IDENTITY_ID: expected the identity's client id (GUID), got \"uami-name\"",
                        "NODE_GROUP_AUTO_DISCOVERY: expected label:key=value,key=value[,min=N,max=M], got \"asg:tag=x\"",
                        "AZURE_ENABLE_FORCE_DELETE: expected true or false, got \"yes\"",
                        "SCAN_SCHEDULE: expected six NCRONTAB fields {second} {minute} {hour} {day} {month} {day-of-week}, like \"*/10 * * * * *\", got \"*/10 * * * *\"",
                        "MAX_NODES_TOTAL (--max-nodes-total): expected a whole number >= 0, got \"ten\""));
  }

  @Test
  void exactlyOneWayToTheClusterIsRequired() {
    Map<String, String> env = aks();
    env.remove("ARM_CLUSTER_RESOURCE_GROUP");

    assertThatThrownBy(() -> FunctionSettings.parse(env))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .containsExactly(
                        "ARM_CLUSTER_RESOURCE_GROUP / KUBECONFIG_SECRET_URI: set exactly one — the AKS cluster's resource group, or the Key Vault secret URI of a self-managed cluster's kubeconfig"));
  }
}
