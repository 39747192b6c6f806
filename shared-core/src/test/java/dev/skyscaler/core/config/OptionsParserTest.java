package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OptionsParserTest {

  private static Map<String, List<String>> flag(String name, String... values) {
    return Map.of(name, List.of(values));
  }

  private static Arguments valid(
      String sentence,
      Map<String, List<String>> flags,
      Function<AutoscalerOptions, Object> read,
      Object expected) {
    return Arguments.of(sentence, flags, read, expected);
  }

  static Stream<Arguments> validOptions() {
    Function<AutoscalerOptions, ScaleUpOptions> up = AutoscalerOptions::scaleUp;
    return Stream.of(
        valid(
            "scan-interval takes a Go duration",
            flag("scan-interval", "30s"),
            AutoscalerOptions::scanInterval,
            Duration.ofSeconds(30)),
        valid(
            "expander takes one name",
            flag("expander", "most-pods"),
            o -> o.scaleUp().expanders(),
            List.of(ExpanderName.MOST_PODS)),
        valid(
            "expander takes a chain in order",
            flag("expander", "priority,least-waste,random"),
            o -> o.scaleUp().expanders(),
            List.of(ExpanderName.PRIORITY, ExpanderName.LEAST_WASTE, ExpanderName.RANDOM)),
        valid(
            "max-nodes-total takes a whole number",
            flag("max-nodes-total", "100"),
            o -> o.scaleUp().maxNodesTotal(),
            100),
        valid(
            "cores-total takes min:max",
            flag("cores-total", "8:64"),
            o -> o.scaleUp().coresTotal(),
            new Range(8, 64)),
        valid(
            "memory-total takes min:max in GiB",
            flag("memory-total", "0:1024"),
            o -> o.scaleUp().memoryTotal(),
            new Range(0, 1024)),
        valid(
            "gpu-total is repeatable, one resource each",
            flag("gpu-total", "nvidia.com/gpu:0:16", "amd.com/gpu:2:4"),
            o -> o.scaleUp().gpuTotal(),
            Map.of("nvidia.com/gpu", new Range(0, 16), "amd.com/gpu", new Range(2, 4))),
        valid(
            "max-nodes-per-scaleup takes a whole number",
            flag("max-nodes-per-scaleup", "50"),
            o -> o.scaleUp().maxNodesPerScaleUp(),
            50),
        valid(
            "new-pod-scale-up-delay takes a compound duration",
            flag("new-pod-scale-up-delay", "1m30s"),
            o -> o.scaleUp().newPodScaleUpDelay(),
            Duration.ofSeconds(90)),
        valid(
            "new-pod-scale-up-delay accepts zero",
            flag("new-pod-scale-up-delay", "0s"),
            o -> o.scaleUp().newPodScaleUpDelay(),
            Duration.ZERO),
        valid(
            "expendable-pods-priority-cutoff accepts negative numbers",
            flag("expendable-pods-priority-cutoff", "-100"),
            o -> o.scaleUp().expendablePodsPriorityCutoff(),
            -100),
        valid(
            "balance-similar-node-groups takes true",
            flag("balance-similar-node-groups", "true"),
            o -> o.scaleUp().balanceSimilarNodeGroups(),
            true),
        valid(
            "balance-similar-node-groups takes false",
            flag("balance-similar-node-groups", "false"),
            o -> o.scaleUp().balanceSimilarNodeGroups(),
            false),
        valid(
            "balancing-ignore-label is repeatable",
            flag("balancing-ignore-label", "example.com/pool", "team"),
            o -> o.scaleUp().balancingIgnoreLabels(),
            List.of("example.com/pool", "team")),
        valid(
            "memory-difference-ratio takes a decimal",
            flag("memory-difference-ratio", "0.05"),
            o -> o.scaleUp().memoryDifferenceRatio(),
            0.05),
        valid(
            "max-node-provision-time takes hours and minutes",
            flag("max-node-provision-time", "1h30m"),
            o -> o.scaleUp().maxNodeProvisionTime(),
            Duration.ofMinutes(90)),
        valid(
            "a name written with dashes is accepted too",
            flag("--max-nodes-total", "7"),
            o -> o.scaleUp().maxNodesTotal(),
            7),
        valid(
            "an option not given keeps CA's default",
            flag("max-nodes-total", "7"),
            o -> up.apply(o).maxNodeProvisionTime(),
            Duration.ofMinutes(15)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("validOptions")
  void validOptionsAreParsedIntoTheirField(
      String sentence,
      Map<String, List<String>> flags,
      Function<AutoscalerOptions, Object> read,
      Object expected) {
    assertThat(read.apply(OptionsParser.parse(flags))).isEqualTo(expected);
  }

  static Stream<Arguments> invalidOptions() {
    return Stream.of(
        Arguments.of(
            "a word where a number belongs",
            flag("max-nodes-total", "ten"),
            "--max-nodes-total: expected a whole number >= 0, got \"ten\""),
        Arguments.of(
            "a negative node cap",
            flag("max-nodes-total", "-1"),
            "--max-nodes-total: expected a whole number >= 0, got \"-1\""),
        Arguments.of(
            "a scale-up of zero nodes",
            flag("max-nodes-per-scaleup", "0"),
            "--max-nodes-per-scaleup: expected a whole number >= 1, got \"0\""),
        Arguments.of(
            "a cutoff that is not a number",
            flag("expendable-pods-priority-cutoff", "low"),
            "--expendable-pods-priority-cutoff: expected a whole number, got \"low\""),
        Arguments.of(
            "a range without a colon",
            flag("cores-total", "5"),
            "--cores-total: expected <min>:<max> with 0 <= min <= max, got \"5\""),
        Arguments.of(
            "a range with min above max",
            flag("memory-total", "10:5"),
            "--memory-total: expected <min>:<max> with 0 <= min <= max, got \"10:5\""),
        Arguments.of(
            "a range with a word",
            flag("cores-total", "0:lots"),
            "--cores-total: expected <min>:<max> with 0 <= min <= max, got \"0:lots\""),
        Arguments.of(
            "a GPU limit without its resource",
            flag("gpu-total", "0:16"),
            "--gpu-total: expected <resource>:<min>:<max> with 0 <= min <= max"
                + " (e.g. nvidia.com/gpu:0:16), got \"0:16\""),
        Arguments.of(
            "a GPU limit without a max",
            flag("gpu-total", "nvidia.com/gpu:16"),
            "--gpu-total: expected <resource>:<min>:<max> with 0 <= min <= max"
                + " (e.g. nvidia.com/gpu:0:16), got \"nvidia.com/gpu:16\""),
        Arguments.of(
            "the same GPU resource twice",
            flag("gpu-total", "nvidia.com/gpu:0:16", "nvidia.com/gpu:0:8"),
            "--gpu-total: nvidia.com/gpu is given more than once"),
        Arguments.of(
            "a duration without a unit",
            flag("scan-interval", "10"),
            "--scan-interval: expected a duration greater than 0s like 10s, 15m or 1h30m,"
                + " got \"10\""),
        Arguments.of(
            "a zero scan interval",
            flag("scan-interval", "0s"),
            "--scan-interval: expected a duration greater than 0s like 10s, 15m or 1h30m,"
                + " got \"0s\""),
        Arguments.of(
            "a negative delay",
            flag("new-pod-scale-up-delay", "-5s"),
            "--new-pod-scale-up-delay: expected a duration like 10s, 15m or 1h30m, got \"-5s\""),
        Arguments.of(
            "a provision time in days",
            flag("max-node-provision-time", "1d"),
            "--max-node-provision-time: expected a duration greater than 0s like 10s, 15m or"
                + " 1h30m, got \"1d\""),
        Arguments.of(
            "a boolean spelled yes",
            flag("balance-similar-node-groups", "yes"),
            "--balance-similar-node-groups: expected true or false, got \"yes\""),
        Arguments.of(
            "a negative ratio",
            flag("memory-difference-ratio", "-0.1"),
            "--memory-difference-ratio: expected a number >= 0, got \"-0.1\""),
        Arguments.of(
            "a label with a value",
            flag("balancing-ignore-label", "team=a"),
            "--balancing-ignore-label: expected a label key, got \"team=a\""),
        Arguments.of(
            "a misspelt expander",
            flag("expander", "least-wast"),
            "--expander: unknown expander \"least-wast\"; allowed: least-waste, most-pods, random,"
                + " price, priority"),
        Arguments.of(
            "random before another expander",
            flag("expander", "random,least-waste"),
            "--expander: \"random\" must be last in the chain (it always picks one option)"),
        Arguments.of(
            "an expander twice",
            flag("expander", "price,price"),
            "--expander: \"price\" appears twice in the chain"),
        Arguments.of(
            "an empty expander in the chain",
            flag("expander", "price,"),
            "--expander: expected a comma-separated list of expanders, got \"price,\""),
        Arguments.of(
            "a single-valued option given twice",
            flag("max-nodes-total", "10", "20"),
            "--max-nodes-total: given 2 times (\"10\", \"20\"); expected one value"),
        Arguments.of(
            "an option with no value", flag("scan-interval"), "--scan-interval: expected a value"),
        Arguments.of(
            "an unknown option", flag("scale-up-turbo", "true"), "unknown option --scale-up-turbo"),
        Arguments.of(
            "a near miss of a known option",
            flag("max-node-total", "5"),
            "unknown option --max-node-total; did you mean --max-nodes-total?"),
        Arguments.of(
            "a camelCase spelling of a known option",
            flag("maxNodesTotal", "5"),
            "unknown option --maxNodesTotal; did you mean --max-nodes-total?"),
        Arguments.of(
            "a scale-down option, which is not supported yet",
            flag("scale-down-unneeded-time", "10m"),
            "unknown option --scale-down-unneeded-time"));
  }

  @ParameterizedTest(name = "{0} is rejected")
  @MethodSource("invalidOptions")
  void invalidOptionsAreRejectedWithAMessageNamingTheOption(
      String sentence, Map<String, List<String>> flags, String message) {
    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> OptionsParser.parse(flags));
    assertThat(e.errors()).containsExactly(message);
    assertThat(e).hasMessage(message);
  }

  @Test
  void everyProblemIsReportedAtOnceOnePerLine() {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    flags.put("max-nodes-total", List.of("ten"));
    flags.put("cores-total", List.of("5"));
    flags.put("scale-up-turbo", List.of("true"));
    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> OptionsParser.parse(flags));
    assertThat(e.errors())
        .containsExactly(
            "unknown option --scale-up-turbo",
            "--max-nodes-total: expected a whole number >= 0, got \"ten\"",
            "--cores-total: expected <min>:<max> with 0 <= min <= max, got \"5\"");
    assertThat(e.getMessage()).isEqualTo(String.join("\n", e.errors()));
  }

  @Test
  void noOptionsGiveCasDefaults() {
    AutoscalerOptions o = OptionsParser.parse(Map.of());
    assertThat(o).isEqualTo(AutoscalerOptions.defaults());
    assertThat(o.scanInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(o.scaleUp().expanders()).containsExactly(ExpanderName.LEAST_WASTE);
    assertThat(o.scaleUp().coresTotal()).isEqualTo(new Range(0, 320_000));
    assertThat(o.scaleUp().maxNodesPerScaleUp()).isEqualTo(1000);
  }

  @Test
  void everyDocumentedDefaultParsesBackToTheDefault() {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      if (f.kind() != OptionFlag.Kind.REPEATABLE) {
        flags.put(f.name(), List.of(f.defaultValue()));
      }
    }
    assertThat(OptionFlag.SUPPORTED)
        .filteredOn(f -> f.kind() == OptionFlag.Kind.REPEATABLE)
        .extracting(OptionFlag::name)
        .containsExactlyInAnyOrder(
            "gpu-total", "balancing-ignore-label", "node-group-repair-ladder", "headroom");
    assertThat(OptionsParser.parse(flags)).isEqualTo(AutoscalerOptions.defaults());
    assertThat(OptionsParser.parseHealth(flags)).isEqualTo(HealthOptions.defaults());
    assertThat(OptionsParser.parseInterruption(flags)).isEqualTo(InterruptionOptions.defaults());
  }

  @Test
  void expanderPrioritiesAreKeptWhenEveryRegexCompiles() {
    AutoscalerOptions o =
        OptionsParser.parse(Map.of(), Map.of(10, List.of(".*spot.*"), 1, List.of(".*")));
    assertThat(o.scaleUp().expanderPriorities())
        .isEqualTo(Map.of(10, List.of(".*spot.*"), 1, List.of(".*")));
  }

  @Test
  void anInvalidPriorityRegexIsNamedWithItsPriority() {
    ConfigException e =
        catchThrowableOfType(
            ConfigException.class,
            () -> OptionsParser.parse(Map.of(), Map.of(10, List.of("ok-.*", "spot-[a"))));
    assertThat(e.errors())
        .containsExactly(
            "expanderPriorities: priority 10: invalid regex \"spot-[a\": Unclosed character"
                + " class");
  }
}
