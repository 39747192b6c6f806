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
        .hasMessage(
            "CLUSTER is not one of the runner's declared variables [CLUSTER_NAME, NODES, DRY_RUN, CLUSTER_AUTOSCALER_ARGS]");
  }

  record Unknown(String name, Map<String, String> environment, List<String> errors) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Unknown> unknownVariables() {
    return Stream.of(
        new Unknown(
            "a misspelt CA option names the likely intended one",
            Map.of("SCALE_DOWN_UNEEDED_TIME", "5m"),
            List.of(
                "SCALE_DOWN_UNEEDED_TIME: not a setting Skyscaler reads; did you mean"
                    + " SCALE_DOWN_UNNEEDED_TIME?")),
        new Unknown(
            "a misspelt runner variable names the runner's",
            Map.of("CLUSTER_NAEM", "prod"),
            List.of("CLUSTER_NAEM: not a setting Skyscaler reads; did you mean CLUSTER_NAME?")),
        new Unknown(
            "a CA option Skyscaler lacks is refused by name",
            Map.of("MAX_BULK_SOFT_TAINT_COUNT", "10"),
            List.of(
                "MAX_BULK_SOFT_TAINT_COUNT (--max-bulk-soft-taint-count): a Cluster Autoscaler"
                    + " option Skyscaler does not support; remove it")),
        new Unknown(
            "every problem is reported at once, with the bad values",
            Map.of("MAX_NODES_TOTAL", "ten", "SCALE_DOWN_UNEEDED_TIME", "5m"),
            List.of(
                "MAX_NODES_TOTAL (--max-nodes-total): expected a whole number >= 0, got \"ten\"",
                "SCALE_DOWN_UNEEDED_TIME: not a setting Skyscaler reads; did you mean"
                    + " SCALE_DOWN_UNNEEDED_TIME?")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknownVariables")
  void aVariableMeantForAnAutoscalerButNotReadIsAnError(Unknown row) {
    EnvironmentOptions env = new EnvironmentOptions(row.environment(), OWN);

    assertThatThrownBy(env::autoscalerOptions)
        .isInstanceOfSatisfying(
            ConfigException.class, e -> assertThat(e.errors()).isEqualTo(row.errors()));
  }

  @Test
  void platformVariablesAndCasProcessFlagsAreNotErrorsAndTheProcessFlagsAreNoted() {
    EnvironmentOptions env =
        new EnvironmentOptions(
            Map.of(
                "PATH", "/bin",
                "AWS_DEFAULT_REGION", "eu-west-1",
                "FUNCTIONS_WORKER_RUNTIME", "java",
                "JAVA_TOOL_OPTIONS", "-XX:+UseSerialGC",
                "V", "4",
                "LEADER_ELECT", "true",
                "STDERRTHRESHOLD", "info"),
            OWN);

    assertThat(env.autoscalerOptions()).isNotNull();
    assertThat(env.noEffect()).containsExactly("LEADER_ELECT", "STDERRTHRESHOLD", "V");
  }

  @ParameterizedTest(name = "DRY_RUN={0}")
  @org.junit.jupiter.params.provider.CsvSource({
    "true,true,",
    "TRUE,true,",
    "false,false,",
    "' ',false,"
  })
  void dryRunIsTrueOrFalse(String value, boolean expected, String unused) {
    List<String> errors = new java.util.ArrayList<>();

    assertThat(new EnvironmentOptions(Map.of("DRY_RUN", value), OWN).dryRun(errors))
        .isEqualTo(expected);
    assertThat(errors).isEmpty();
  }

  @Test
  void dryRunOtherThanTrueOrFalseIsAnError() {
    List<String> errors = new java.util.ArrayList<>();

    new EnvironmentOptions(Map.of("DRY_RUN", "yes"), OWN).dryRun(errors);

    assertThat(errors).containsExactly("DRY_RUN: expected true or false, got \"yes\"");
  }
}
