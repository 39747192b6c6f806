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

  static Stream<Arguments> validScaleDownOptions() {
    Function<Function<ScaleDownOptions, Object>, Function<AutoscalerOptions, Object>> down =
        f -> o -> f.apply(o.scaleDown());
    return Stream.of(
        valid(
            "scale-down-enabled takes false",
            flag("scale-down-enabled", "false"),
            down.apply(ScaleDownOptions::enabled),
            false),
        valid(
            "scale-down-utilization-threshold takes a fraction",
            flag("scale-down-utilization-threshold", "0.65"),
            down.apply(ScaleDownOptions::utilizationThreshold),
            0.65),
        valid(
            "scale-down-utilization-threshold takes 1",
            flag("scale-down-utilization-threshold", "1"),
            down.apply(ScaleDownOptions::utilizationThreshold),
            1.0),
        valid(
            "scale-down-gpu-utilization-threshold takes a fraction",
            flag("scale-down-gpu-utilization-threshold", "0.2"),
            down.apply(ScaleDownOptions::gpuUtilizationThreshold),
            0.2),
        valid(
            "scale-down-unneeded-time takes a duration",
            flag("scale-down-unneeded-time", "2m"),
            down.apply(ScaleDownOptions::unneededTime),
            Duration.ofMinutes(2)),
        valid(
            "scale-down-unneeded-time accepts zero",
            flag("scale-down-unneeded-time", "0s"),
            down.apply(ScaleDownOptions::unneededTime),
            Duration.ZERO),
        valid(
            "scale-down-unready-time takes a duration",
            flag("scale-down-unready-time", "1h"),
            down.apply(ScaleDownOptions::unreadyTime),
            Duration.ofHours(1)),
        valid(
            "scale-down-unready-enabled takes false",
            flag("scale-down-unready-enabled", "false"),
            down.apply(ScaleDownOptions::unreadyEnabled),
            false),
        valid(
            "scale-down-delay-after-add takes a duration",
            flag("scale-down-delay-after-add", "5m"),
            down.apply(ScaleDownOptions::delayAfterAdd),
            Duration.ofMinutes(5)),
        valid(
            "scale-down-delay-after-delete takes a duration",
            flag("scale-down-delay-after-delete", "30s"),
            down.apply(ScaleDownOptions::delayAfterDelete),
            Duration.ofSeconds(30)),
        valid(
            "scale-down-delay-after-failure takes a duration",
            flag("scale-down-delay-after-failure", "1m"),
            down.apply(ScaleDownOptions::delayAfterFailure),
            Duration.ofMinutes(1)),
        valid(
            "max-scale-down-parallelism takes a whole number",
            flag("max-scale-down-parallelism", "20"),
            down.apply(ScaleDownOptions::maxScaleDownParallelism),
            20),
        valid(
            "max-drain-parallelism accepts zero (empty nodes only)",
            flag("max-drain-parallelism", "0"),
            down.apply(ScaleDownOptions::maxDrainParallelism),
            0),
        valid(
            "max-graceful-termination-sec takes seconds",
            flag("max-graceful-termination-sec", "60"),
            down.apply(ScaleDownOptions::maxGracefulTerminationSec),
            60),
        valid(
            "max-pod-eviction-time takes a duration",
            flag("max-pod-eviction-time", "5m"),
            down.apply(ScaleDownOptions::maxPodEvictionTime),
            Duration.ofMinutes(5)),
        valid(
            "ignore-daemonsets-utilization takes true",
            flag("ignore-daemonsets-utilization", "true"),
            down.apply(ScaleDownOptions::ignoreDaemonSetsUtilization),
            true),
        valid(
            "ignore-mirror-pods-utilization takes true",
            flag("ignore-mirror-pods-utilization", "t"),
            down.apply(ScaleDownOptions::ignoreMirrorPodsUtilization),
            true),
        valid(
            "skip-nodes-with-system-pods takes false",
            flag("skip-nodes-with-system-pods", "false"),
            down.apply(ScaleDownOptions::skipNodesWithSystemPods),
            false),
        valid(
            "skip-nodes-with-local-storage takes false",
            flag("skip-nodes-with-local-storage", "0"),
            down.apply(ScaleDownOptions::skipNodesWithLocalStorage),
            false),
        valid(
            "skip-nodes-with-custom-controller-pods takes false",
            flag("skip-nodes-with-custom-controller-pods", "false"),
            down.apply(ScaleDownOptions::skipNodesWithCustomControllerPods),
            false),
        valid(
            "min-replica-count takes a whole number",
            flag("min-replica-count", "2"),
            down.apply(ScaleDownOptions::minReplicaCount),
            2),
        valid(
            "blocking-system-pod-distruption-timeout keeps CA's spelling",
            flag("blocking-system-pod-distruption-timeout", "30m"),
            down.apply(ScaleDownOptions::blockingSystemPodDisruptionTimeout),
            Duration.ofMinutes(30)),
        valid(
            "unremovable-node-recheck-timeout takes a duration",
            flag("unremovable-node-recheck-timeout", "1m"),
            down.apply(ScaleDownOptions::unremovableNodeRecheckTimeout),
            Duration.ofMinutes(1)),
        valid(
            "cordon-node-before-terminating takes false",
            flag("cordon-node-before-terminating", "false"),
            down.apply(ScaleDownOptions::cordonNodeBeforeTerminating),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("validScaleDownOptions")
  void validScaleDownOptionsAreParsedIntoTheirField(
      String sentence,
      Map<String, List<String>> flags,
      Function<AutoscalerOptions, Object> read,
      Object expected) {
    assertThat(read.apply(OptionsParser.parse(flags))).isEqualTo(expected);
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
                + " price, priority, least-nodes"),
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
            "a CA option Skyscaler does not support",
            flag("scale-down-simulation-timeout", "30s"),
            "unknown option --scale-down-simulation-timeout"),
        Arguments.of(
            "a utilisation threshold above 1",
            flag("scale-down-utilization-threshold", "1.5"),
            "--scale-down-utilization-threshold: expected a number between 0 and 1, got \"1.5\""),
        Arguments.of(
            "a GPU utilisation threshold in percent",
            flag("scale-down-gpu-utilization-threshold", "50%"),
            "--scale-down-gpu-utilization-threshold: expected a number between 0 and 1,"
                + " got \"50%\""),
        Arguments.of(
            "an unneeded time without a unit",
            flag("scale-down-unneeded-time", "600"),
            "--scale-down-unneeded-time: expected a duration like 10s, 15m or 1h30m,"
                + " got \"600\""),
        Arguments.of(
            "a zero eviction time",
            flag("max-pod-eviction-time", "0s"),
            "--max-pod-eviction-time: expected a duration greater than 0s like 10s, 15m or"
                + " 1h30m, got \"0s\""),
        Arguments.of(
            "no parallelism at all",
            flag("max-scale-down-parallelism", "0"),
            "--max-scale-down-parallelism: expected a whole number >= 1, got \"0\""),
        Arguments.of(
            "a negative drain parallelism",
            flag("max-drain-parallelism", "-1"),
            "--max-drain-parallelism: expected a whole number >= 0, got \"-1\""),
        Arguments.of(
            "a grace period as a duration",
            flag("max-graceful-termination-sec", "10m"),
            "--max-graceful-termination-sec: expected a whole number >= 0, got \"10m\""),
        Arguments.of(
            "a scale-down switch spelled yes",
            flag("scale-down-enabled", "yes"),
            "--scale-down-enabled: expected true or false, got \"yes\""),
        Arguments.of(
            "a negative replica count",
            flag("min-replica-count", "-2"),
            "--min-replica-count: expected a whole number >= 0, got \"-2\""),
        Arguments.of(
            "the timeout under its correct spelling",
            flag("blocking-system-pod-disruption-timeout", "1h"),
            "unknown option --blocking-system-pod-disruption-timeout; did you mean"
                + " --blocking-system-pod-distruption-timeout?"));
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
  void scaleUpAndScaleDownProblemsAreReportedTogether() {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    flags.put("max-nodes-total", List.of("ten"));
    flags.put("scale-down-unneeded-time", List.of("ten"));
    flags.put("max-drain-parallelism", List.of("x"));
    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> OptionsParser.parse(flags));
    assertThat(e.errors())
        .containsExactly(
            "--max-nodes-total: expected a whole number >= 0, got \"ten\"",
            "--scale-down-unneeded-time: expected a duration like 10s, 15m or 1h30m,"
                + " got \"ten\"",
            "--max-drain-parallelism: expected a whole number >= 0, got \"x\"");
  }

  @Test
  void noScaleDownOptionsGiveCasScaleDownDefaults() {
    ScaleDownOptions d = OptionsParser.parse(Map.of()).scaleDown();
    assertThat(d.enabled()).isTrue();
    assertThat(d.utilizationThreshold()).isEqualTo(0.5);
    assertThat(d.gpuUtilizationThreshold()).isEqualTo(0.5);
    assertThat(d.unneededTime()).isEqualTo(Duration.ofMinutes(10));
    assertThat(d.unreadyTime()).isEqualTo(Duration.ofMinutes(20));
    assertThat(d.unreadyEnabled()).isTrue();
    assertThat(d.delayAfterAdd()).isEqualTo(Duration.ofMinutes(10));
    assertThat(d.delayAfterDelete()).isEqualTo(Duration.ZERO);
    assertThat(d.delayAfterFailure()).isEqualTo(Duration.ofMinutes(3));
    assertThat(d.maxScaleDownParallelism()).isEqualTo(10);
    assertThat(d.maxDrainParallelism()).isEqualTo(1);
    assertThat(d.maxGracefulTerminationSec()).isEqualTo(600);
    assertThat(d.maxPodEvictionTime()).isEqualTo(Duration.ofMinutes(2));
    assertThat(d.ignoreDaemonSetsUtilization()).isFalse();
    assertThat(d.ignoreMirrorPodsUtilization()).isFalse();
    assertThat(d.skipNodesWithSystemPods()).isTrue();
    assertThat(d.skipNodesWithLocalStorage()).isTrue();
    assertThat(d.skipNodesWithCustomControllerPods()).isTrue();
    assertThat(d.minReplicaCount()).isZero();
    assertThat(d.blockingSystemPodDisruptionTimeout()).isEqualTo(Duration.ofHours(1));
    assertThat(d.unremovableNodeRecheckTimeout()).isEqualTo(Duration.ofMinutes(5));
    assertThat(d.cordonNodeBeforeTerminating()).isTrue();
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
            "gpu-total",
            "balancing-ignore-label",
            "balancing-label",
            "startup-taint",
            "ignore-taint",
            "status-taint",
            "node-group-repair-ladder",
            "headroom");
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
