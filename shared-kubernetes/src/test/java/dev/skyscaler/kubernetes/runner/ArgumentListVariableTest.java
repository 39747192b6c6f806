package dev.skyscaler.kubernetes.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code CLUSTER_AUTOSCALER_ARGS}: every option in one variable, read by the variables' rules. */
class ArgumentListVariableTest {
  private static final List<String> OWN = List.of("CLUSTER_NAME", "NODES", "CLOUD_PROVIDER");
  private static final String ARGS = EnvironmentOptions.ARGS;

  @Test
  void theListSetsCasOptionsAndTheRunnersOwnFlags() {
    EnvironmentOptions env =
        new EnvironmentOptions(
            Map.of(
                ARGS,
                "--cloud-provider=aws --scale-down-unneeded-time=5m --nodes=1:10:a --nodes=0:3:b"
                    + " --v=4 --logtostderr",
                "MAX_NODES_TOTAL",
                "40"),
            OWN);

    assertThat(env.autoscalerOptions().scaleDown().unneededTime()).isEqualTo(Duration.ofMinutes(5));
    assertThat(env.autoscalerOptions().scaleUp().maxNodesTotal()).isEqualTo(40);
    assertThat(env.list("NODES")).containsExactly("1:10:a", "0:3:b");
    assertThat(env.value("CLOUD_PROVIDER")).contains("aws");
    assertThat(env.noEffect()).containsExactly(ARGS + ": --v", ARGS + ": --logtostderr");
  }

  @Test
  void anOptionGivenBothWaysOrTwiceIsAnErrorReportedWithTheOthers() {
    EnvironmentOptions env =
        new EnvironmentOptions(
            Map.of(
                ARGS,
                "--expander=price --scan-interval=10s --scan-interval=20s --unknown-thing=1",
                "EXPANDER",
                "least-waste"),
            OWN);

    assertThatThrownBy(env::autoscalerOptions)
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .containsExactly(
                        ARGS
                            + ": --unknown-thing: not a Cluster Autoscaler option Skyscaler knows"));
    EnvironmentOptions twice =
        new EnvironmentOptions(
            Map.of(
                ARGS,
                "--expander=price --scan-interval=10s --scan-interval=20s",
                "EXPANDER",
                "least-waste"),
            OWN);
    assertThatThrownBy(twice::autoscalerOptions)
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .containsExactly(
                        "EXPANDER is set and " + ARGS + " gives --expander too; give it once",
                        ARGS + ": --scan-interval is given 2 times; once"));
  }
}
