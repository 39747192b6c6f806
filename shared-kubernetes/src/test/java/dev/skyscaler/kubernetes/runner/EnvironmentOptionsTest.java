package dev.skyscaler.kubernetes.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EnvironmentOptionsTest {
  private static final List<String> OWN = List.of("CLUSTER_NAME", "NODES");

  static Stream<ListValues> listValues() {
    return ListValues.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("listValues")
  void aRepeatableFlagIsASemicolonSeparatedList(ListValues row) {
    EnvironmentOptions env = new EnvironmentOptions(Map.of(ListValues.VARIABLE, row.value()), OWN);

    assertThat(env.autoscalerOptions().scaleUp().balancingIgnoreLabels())
        .containsExactlyElementsOf(row.labels());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("listValues")
  void aRunnersOwnListIsReadByTheSameRule(ListValues row) {
    EnvironmentOptions env = new EnvironmentOptions(Map.of("NODES", row.value()), OWN);

    assertThat(env.list("NODES")).containsExactlyElementsOf(row.labels());
  }

  @Test
  void valuesAreTrimmedAndBlankValuesCountAsNotSet() {
    EnvironmentOptions env =
        new EnvironmentOptions(
            Map.of("CLUSTER_NAME", " prod ", "NODES", " ", "SCAN_INTERVAL", ""), OWN);

    assertThat(env.value("CLUSTER_NAME")).contains("prod");
    assertThat(env.value("NODES")).isEmpty();
    assertThat(env.flags()).isEmpty();
    assertThat(env.autoscalerOptions().scanInterval()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void casFlagsAreTheVariablesNamedAfterThemInUpperSnakeCase() {
    EnvironmentOptions env =
        new EnvironmentOptions(
            Map.of("MAX_NODES_TOTAL", "50", "HEADROOM", "cpu=1;count=2", "max_nodes_total", "7"),
            OWN);

    assertThat(EnvironmentOptions.variable("scale-down-unneeded-time"))
        .isEqualTo("SCALE_DOWN_UNNEEDED_TIME");
    assertThat(env.flags())
        .containsExactly(
            Map.entry("max-nodes-total", List.of("50")),
            Map.entry("headroom", List.of("cpu=1", "count=2")));
  }

  @Test
  void aBadOptionIsReportedUnderItsVariableAndItsFlag() {
    EnvironmentOptions env =
        new EnvironmentOptions(Map.of("MAX_NODES_TOTAL", "ten", "EXPANDER", "cheapest"), OWN);

    assertThatThrownBy(env::autoscalerOptions)
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.errors())
                    .allMatch(
                        m ->
                            m.startsWith("MAX_NODES_TOTAL (--max-nodes-total): ")
                                || m.startsWith("EXPANDER (--expander): "))
                    .contains(
                        "MAX_NODES_TOTAL (--max-nodes-total): expected a whole number >= 0, got"
                            + " \"ten\""));
  }

  @Test
  void everyAcceptedVariableIsKnownSoThatOthersCanBeRefusedLater() {
    EnvironmentOptions env = new EnvironmentOptions(Map.of("PATH", "/bin"), OWN);

    assertThat(env.accepted()).startsWith("CLUSTER_NAME", "NODES").contains("SCAN_INTERVAL");
    assertThat(env.accepted()).doesNotContain("PATH");
  }

  @Test
  void aRunnerReadsOnlyTheVariablesItDeclared() {
    EnvironmentOptions env = new EnvironmentOptions(Map.of("CLUSTER", "prod"), OWN);

    assertThatThrownBy(() -> env.value("CLUSTER"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("CLUSTER is not one of the runner's declared variables [CLUSTER_NAME, NODES]");
  }
}
