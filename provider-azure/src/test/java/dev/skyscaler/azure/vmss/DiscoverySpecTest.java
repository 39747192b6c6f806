package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.NodeGroupSpec;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class DiscoverySpecTest {
  @Test
  void theClusterDefaultNeedsBothTagsWhateverTheirValues() {
    DiscoverySpec spec = DiscoverySpec.forCluster("prod");

    assertThat(
            spec.matches(
                Map.of(
                    "k8s.io_cluster-autoscaler_enabled",
                    "true",
                    "k8s.io_cluster-autoscaler_prod",
                    "owned")))
        .isTrue();
    assertThat(
            spec.matches(
                Map.of(
                    "K8S.IO_CLUSTER-AUTOSCALER_ENABLED", "", "k8s.io_cluster-autoscaler_prod", "")))
        .isTrue();
    assertThat(spec.matches(Map.of("k8s.io_cluster-autoscaler_enabled", "true"))).isFalse();
    assertThat(
            spec.matches(
                Map.of(
                    "k8s.io_cluster-autoscaler_enabled",
                    "true",
                    "k8s.io_cluster-autoscaler_staging",
                    "owned")))
        .isFalse();
  }

  @Test
  void readsCasLabelSpecWithBounds() {
    DiscoverySpec spec =
        DiscoverySpec.parse(
            "label:cluster-autoscaler-enabled=true,cluster-autoscaler-name=prod,min=1,max=20");

    assertThat(spec.selector())
        .containsOnly(
            Map.entry("cluster-autoscaler-enabled", "true"),
            Map.entry("cluster-autoscaler-name", "prod"));
    assertThat(spec.min()).isEqualTo(OptionalInt.of(1));
    assertThat(spec.max()).isEqualTo(OptionalInt.of(20));
    assertThat(
            spec.matches(
                Map.of("cluster-autoscaler-enabled", "true", "cluster-autoscaler-name", "prod")))
        .isTrue();
    assertThat(
            spec.matches(
                Map.of("cluster-autoscaler-enabled", "false", "cluster-autoscaler-name", "prod")))
        .isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "a discoverer other than label | asg:tag=k8s.io/cluster-autoscaler/enabled | expected label:key=value,key=value[,min=N,max=M], got \"asg:tag=k8s.io/cluster-autoscaler/enabled\"",
        "a pair without a value | label:enabled= | \"enabled=\" is not key=value; no tag to match",
        "bounds that are not numbers, and no tag | label:min=one,max=-2 | min must be a whole number >= 0, got \"one\"; max must be a whole number >= 0, got \"-2\"; no tag to match",
        "min above max | label:enabled=true,min=5,max=2 | min 5 is above max 2",
      })
  void badSpecsAreRefusedWithEveryProblem(String description, String spec, String message) {
    assertThatThrownBy(() -> DiscoverySpec.parse(spec))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void namedScaleSetsCarryTheBoundsTheyWereNamedWith() {
    DiscoverySpec spec = DiscoverySpec.named(List.of("1:3:workers", "0:10:gpu"));

    assertThat(spec.named())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "workers", new NodeGroupSpec(1, 3, "workers"),
                "gpu", new NodeGroupSpec(0, 10, "gpu")));
    assertThat(spec.selector()).isEmpty();
  }

  static Stream<Arguments> badNamed() {
    String expected = "--nodes: expected <min>:<max>:<name>";
    String nameRule =
        expected
            + " with a scale set name (1 to 64 characters, no whitespace, ':', '/', '\\', '?',"
            + " '#' or '%'), got ";
    return Stream.of(
        Arguments.of(
            "a scale set named twice",
            List.of("1:3:workers", "0:2:workers"),
            List.of(expected + " with each name once, got \"0:2:workers\"")),
        Arguments.of(
            "bounds the wrong way round, and no name",
            List.of("5:2:workers", "1:10"),
            List.of(
                expected + " with max a whole number >= min, got \"5:2:workers\"",
                expected + ", got \"1:10\"")),
        Arguments.of(
            "a name with a space or a slash",
            List.of("1:3:my workers", "1:3:rg/workers"),
            List.of(nameRule + "\"1:3:my workers\"", nameRule + "\"1:3:rg/workers\"")),
        Arguments.of(
            "a name longer than 64 characters",
            List.of("1:3:" + "w".repeat(65)),
            List.of(nameRule + "\"1:3:" + "w".repeat(65) + "\"")),
        Arguments.of("no entry at all", List.of(), List.of("--nodes: no scale set named")));
  }

  @ParameterizedTest(name = "{0} is refused")
  @MethodSource("badNamed")
  void badNodesEntriesAreRefusedWithEveryProblem(
      String description, List<String> nodes, List<String> errors) {
    assertThatThrownBy(() -> DiscoverySpec.named(nodes))
        .isInstanceOfSatisfying(
            ConfigException.class, e -> assertThat(e.errors()).containsExactlyElementsOf(errors));
  }
}
