package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.kubernetes.runner.ListValues;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FunctionSettingsTest {
  private static final Map<String, String> MINIMAL =
      Map.of("CLUSTER_NAME", "prod", "AWS_REGION", "eu-west-1");

  @Test
  void aClusterNameAndARegionAreEnoughForCasDefaults() {
    FunctionSettings s = FunctionSettings.fromEnvironment(MINIMAL);

    assertThat(s.clusterName()).isEqualTo("prod");
    assertThat(s.region()).isEqualTo("eu-west-1");
    assertThat(s.autoscaler().scanInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.discovery()).isEqualTo(AsgDiscoveryOptions.forCluster("prod"));
    assertThat(s.prices().price("m5.large", false)).isEmpty();
    assertThat(s.idleScanInterval()).isEmpty();
    assertThat(s.kubeconfigSecretArn()).as("an EKS cluster").isEmpty();
  }

  @Test
  void aSelfManagedClusterNamesTheSecretHoldingItsKubeconfig() {
    String arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod-kubeconfig-AbCdEf";

    FunctionSettings s = FunctionSettings.fromEnvironment(with("KUBECONFIG_SECRET_ARN", arn));

    assertThat(s.kubeconfigSecretArn()).contains(arn);
  }

  @Test
  void casOptionsAreTheVariablesNamedAfterItsFlags() {
    FunctionSettings s =
        FunctionSettings.fromEnvironment(
            with(
                "SCAN_INTERVAL", "20s",
                "MAX_NODES_TOTAL", "50",
                "EXPANDER", "least-waste",
                "NODES", "1:5:workers;0:3:gpus",
                "ON_DEMAND_PRICES", "m5.large=0.096",
                "IDLE_SCAN_INTERVAL", "30s"));

    assertThat(s.autoscaler().scanInterval()).isEqualTo(Duration.ofSeconds(20));
    assertThat(s.autoscaler().scaleUp().maxNodesTotal()).isEqualTo(50);
    assertThat(s.autoscaler().scaleUp().expanders()).containsExactly(ExpanderName.LEAST_WASTE);
    assertThat(s.discovery().explicit())
        .containsExactly(new NodeGroupSpec(1, 5, "workers"), new NodeGroupSpec(0, 3, "gpus"));
    assertThat(s.discovery().tagSpecs()).isEmpty();
    assertThat(s.prices().price("m5.large", false)).isEqualTo(OptionalDouble.of(0.096));
    assertThat(s.idleScanInterval()).contains(Duration.ofSeconds(30));
  }

  @Test
  void everyProblemIsListedAtOnceNamingItsVariable() {
    Map<String, String> env = new HashMap<>();
    env.put("AWS_REGION", "eu-west-1");
    env.put("SCAN_INTERVAL", "5s");
    env.put("MAX_NODES_TOTAL", "ten");
    env.put("NODES", "5:2:workers");
    env.put("ON_DEMAND_PRICES", "m5.large");
    env.put("SPOT_PRICE_FACTOR", "2");
    env.put("IDLE_SCAN_INTERVAL", "soon");
    env.put("KUBECONFIG_SECRET_ARN", "my-kubeconfig");

    assertThatThrownBy(() -> FunctionSettings.fromEnvironment(env))
        .isInstanceOf(ConfigException.class)
        .satisfies(
            e ->
                assertThat(((ConfigException) e).errors())
                    .containsExactly(
                        "CLUSTER_NAME: required, not set",
                        "MAX_NODES_TOTAL (--max-nodes-total): expected a whole number >= 0, got \"ten\"",
                        "SCAN_INTERVAL: expected between 10s and 60s (the function runs once a"
                            + " minute), got 5s",
                        "NODES: expected <min>:<max>:<name> with max a whole number >= min, got"
                            + " \"5:2:workers\"",
                        "SPOT_PRICE_FACTOR: expected a number in (0, 1], got \"2\"",
                        "ON_DEMAND_PRICES: expected <instance type>=<price per hour>, got"
                            + " \"m5.large\"",
                        "IDLE_SCAN_INTERVAL: expected a duration like 30s or 1m, got \"soon\"",
                        "KUBECONFIG_SECRET_ARN: expected a Secrets Manager secret ARN like"
                            + " arn:aws:secretsmanager:<region>:<account>:secret:<name>, got"
                            + " \"my-kubeconfig\""));
  }

  @Test
  void healthAndInterruptionOptionsComeFromTheSameVariables() {
    FunctionSettings s =
        FunctionSettings.fromEnvironment(
            with("UNHEALTHY_TIME", "7m", "REBALANCE_ACTION", "drain", "REPAIR_LADDER", "replace"));

    assertThat(s.autoscaler().health().unhealthyTime()).isEqualTo(Duration.ofMinutes(7));
    assertThat(s.autoscaler().health().repairLadder())
        .containsExactly(RepairInstance.Level.REPLACE);
    assertThat(s.autoscaler().interruption().rebalanceAction())
        .isEqualTo(InterruptionOptions.RebalanceAction.DRAIN);
    assertThat(s.autoscaler().headroom()).isEmpty();
  }

  @Test
  void aBadPolicyOptionIsReportedUnderItsVariable() {
    assertThatThrownBy(() -> FunctionSettings.fromEnvironment(with("REBALANCE_ACTION", "panic")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("REBALANCE_ACTION (--rebalance-action): ");
  }

  @Test
  void emptyVariablesCountAsNotSet() {
    FunctionSettings s =
        FunctionSettings.fromEnvironment(
            with(
                "EXPANDER",
                "",
                "NODES",
                " ",
                "NODE_GROUP_AUTO_DISCOVERY",
                "",
                "SCAN_INTERVAL",
                ""));

    assertThat(s.autoscaler().scanInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.discovery()).isEqualTo(AsgDiscoveryOptions.forCluster("prod"));
  }

  @Test
  void theScanIntervalMustFitTheMinute() {
    assertThatThrownBy(() -> FunctionSettings.fromEnvironment(with("SCAN_INTERVAL", "2m")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "SCAN_INTERVAL: expected between 10s and 60s (the function runs once a minute), got"
                + " 2m");
  }

  @Test
  void theFunctionsOwnVariablesAreDeclared() {
    assertThat(List.of("CLUSTER_NAME", "NODES")).isSubsetOf(FunctionSettings.ownVariables());
  }

  static Stream<ListValues> listValues() {
    return ListValues.cases();
  }

  /** The table every runner passes: the clouds read lists alike. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("listValues")
  void aListVariableIsReadAsOnEveryCloud(ListValues row) {
    FunctionSettings s = FunctionSettings.fromEnvironment(with(ListValues.VARIABLE, row.value()));

    assertThat(s.autoscaler().scaleUp().balancingIgnoreLabels())
        .containsExactlyElementsOf(row.labels());
  }

  @Test
  void emptyEntriesOfTheFunctionsOwnListsAreDroppedToo() {
    FunctionSettings s = FunctionSettings.fromEnvironment(with("NODES", "1:5:workers;;"));

    assertThat(s.discovery().explicit()).containsExactly(new NodeGroupSpec(1, 5, "workers"));
  }

  private static Map<String, String> with(String... pairs) {
    Map<String, String> env = new HashMap<>(MINIMAL);
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }
}
