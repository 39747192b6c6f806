package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a team moving from Cluster Autoscaler sets: shadow mode, and CA's variables as they are. */
class FunctionSettingsMigrationTest {
  static Map<String, String> env(String... pairs) {
    Map<String, String> env =
        new HashMap<>(Map.of("CLUSTER_NAME", "prod", "AWS_REGION", "eu-west-1"));
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  @Test
  void dryRunIsShadowModeAndOffByDefault() {
    assertThat(FunctionSettings.fromEnvironment(env()).dryRun()).isFalse();
    assertThat(FunctionSettings.fromEnvironment(env("DRY_RUN", "true")).dryRun()).isTrue();
  }

  @Test
  void aMisspeltOptionAnUnsupportedOneAndABadDryRunStopTheFunctionAtInitialisationTogether() {
    assertThatThrownBy(
            () ->
                FunctionSettings.fromEnvironment(
                    env(
                        "SCALE_DOWN_UNEEDED_TIME", "5m",
                        "NODE_DELETE_DELAY_AFTER_TAINT", "10s",
                        "DRY_RUN", "yes",
                        "LOGTOSTDERR", "true",
                        "AWS_LAMBDA_FUNCTION_NAME", "skyscaler-scan")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "NODE_DELETE_DELAY_AFTER_TAINT (--node-delete-delay-after-taint): a Cluster"
                + " Autoscaler option Skyscaler does not support; remove it\n"
                + "SCALE_DOWN_UNEEDED_TIME: not a setting Skyscaler reads; did you mean"
                + " SCALE_DOWN_UNNEEDED_TIME?\n"
                + "DRY_RUN: expected true or false, got \"yes\"");
  }

  @Test
  void theCaFlagsMigratingTeamsBringAreReadUnderTheirVariables() {
    var options =
        FunctionSettings.fromEnvironment(
                env(
                    "STARTUP_TAINT", "node.cilium.io/agent-not-ready;example.com/cni",
                    "STATUS_TAINT", "example.com/gpu-health",
                    "EXPANDER", "least-nodes",
                    "NAMESPACE", "autoscaling",
                    "AWS_LAMBDA_FUNCTION_NAME", "skyscaler-scan"))
            .autoscaler();
    assertThat(options.scaleUp().taints().startupTaints())
        .containsExactly("node.cilium.io/agent-not-ready", "example.com/cni");
    assertThat(options.scaleUp().taints().statusTaints()).containsExactly("example.com/gpu-health");
    assertThat(options.objects().namespace()).isEqualTo("autoscaling");
  }
}
