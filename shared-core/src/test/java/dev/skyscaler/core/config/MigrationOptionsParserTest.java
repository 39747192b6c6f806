package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

/** The CA flags migrating teams bring: parsed into their leaves, and refused with one message. */
class MigrationOptionsParserTest {
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
    return Stream.of(
        valid(
            "startup-taint is repeatable",
            flag("startup-taint", "example.com/cni", "node.cilium.io/agent-not-ready"),
            o -> o.scaleUp().taints().startupTaints(),
            List.of("example.com/cni", "node.cilium.io/agent-not-ready")),
        valid(
            "ignore-taint keys are appended to the startup taints, as CA does",
            orderedFlags("startup-taint", "a.io/x", "ignore-taint", "b.io/y"),
            o -> o.scaleUp().taints().startupTaints(),
            List.of("a.io/x", "b.io/y")),
        valid(
            "status-taint is repeatable",
            flag("status-taint", "example.com/gpu-health"),
            o -> o.scaleUp().taints().statusTaints(),
            List.of("example.com/gpu-health")),
        valid(
            "balancing-label is repeatable",
            flag("balancing-label", "pool", "arch"),
            o -> o.scaleUp().balancingLabels(),
            List.of("pool", "arch")),
        valid(
            "the three backoff durations",
            orderedFlags(
                "initial-node-group-backoff-duration",
                "1m",
                "max-node-group-backoff-duration",
                "10m",
                "node-group-backoff-reset-timeout",
                "1h"),
            o -> o.scaleUp().backoff(),
            new BackoffOptions(Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofHours(1))),
        valid(
            "daemonset-eviction-for-empty-nodes takes true",
            flag("daemonset-eviction-for-empty-nodes", "true"),
            o -> o.scaleDown().daemonSetEvictionForEmptyNodes(),
            true),
        valid(
            "daemonset-eviction-for-occupied-nodes takes false",
            flag("daemonset-eviction-for-occupied-nodes", "false"),
            o -> o.scaleDown().daemonSetEvictionForOccupiedNodes(),
            false),
        valid(
            "namespace and status-config-map-name",
            orderedFlags("namespace", "autoscaling", "status-config-map-name", "ca.status"),
            AutoscalerOptions::objects,
            new CaObjectNames("autoscaling", "ca.status")),
        valid(
            "least-nodes is an expander",
            flag("expander", "least-nodes,random"),
            o -> o.scaleUp().expanders(),
            List.of(ExpanderName.LEAST_NODES, ExpanderName.RANDOM)));
  }

  private static Map<String, List<String>> orderedFlags(String... nameValue) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], List.of(nameValue[i + 1]));
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("validOptions")
  void validOptionsAreParsedIntoTheirLeaf(
      String sentence,
      Map<String, List<String>> flags,
      Function<AutoscalerOptions, Object> read,
      Object expected) {
    assertThat(read.apply(OptionsParser.parse(flags))).isEqualTo(expected);
  }

  static Stream<Arguments> invalidOptions() {
    return Stream.of(
        Arguments.of(
            "a taint with its value and effect, not a key",
            flag("startup-taint", "example.com/cni=true:NoSchedule"),
            "--startup-taint: expected a taint key (like example.com/starting), got"
                + " \"example.com/cni=true:NoSchedule\""),
        Arguments.of(
            "an empty status taint",
            flag("status-taint", ""),
            "--status-taint: expected a taint key (like example.com/starting), got \"\""),
        Arguments.of(
            "a balancing label with a value",
            flag("balancing-label", "pool=web"),
            "--balancing-label: expected a label key, got \"pool=web\""),
        Arguments.of(
            "a zero backoff",
            flag("initial-node-group-backoff-duration", "0s"),
            "--initial-node-group-backoff-duration: expected a duration greater than 0s like 10s,"
                + " 15m or 1h30m, got \"0s\""),
        Arguments.of(
            "a maximum backoff below the initial one",
            orderedFlags(
                "initial-node-group-backoff-duration",
                "10m",
                "max-node-group-backoff-duration",
                "5m"),
            "--max-node-group-backoff-duration: expected at least"
                + " --initial-node-group-backoff-duration (10m), got \"5m\""),
        Arguments.of(
            "a namespace in capitals",
            flag("namespace", "Kube-System"),
            "--namespace: expected a namespace name (at most 63 lower-case letters, digits and"
                + " '-'), got \"Kube-System\""),
        Arguments.of(
            "a ConfigMap name with a slash",
            flag("status-config-map-name", "kube-system/status"),
            "--status-config-map-name: expected a ConfigMap name (at most 253 lower-case letters,"
                + " digits, '-' and '.'), got \"kube-system/status\""),
        Arguments.of(
            "a DaemonSet eviction switch that is not a boolean",
            flag("daemonset-eviction-for-empty-nodes", "yes"),
            "--daemonset-eviction-for-empty-nodes: expected true or false, got \"yes\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidOptions")
  void invalidOptionsAreRejectedWithAMessageNamingTheOption(
      String sentence, Map<String, List<String>> flags, String message) {
    assertThatThrownBy(() -> OptionsParser.parse(flags))
        .isInstanceOfSatisfying(
            ConfigException.class, e -> assertThat(e.errors()).containsExactly(message));
  }

  @Test
  void theNewFlagsAreNoLongerRefusedAsUnsupported() {
    for (String name :
        List.of(
            "startup-taint",
            "ignore-taint",
            "status-taint",
            "daemonset-eviction-for-empty-nodes",
            "daemonset-eviction-for-occupied-nodes",
            "initial-node-group-backoff-duration",
            "max-node-group-backoff-duration",
            "node-group-backoff-reset-timeout",
            "balancing-label",
            "balancing-ignore-label",
            "status-config-map-name",
            "namespace")) {
      assertThat(CaFlags.isUnsupported(name)).as(name).isFalse();
    }
    assertThat(CaFlags.isUnsupported("startup-taint-prefix")).isTrue();
  }
}
