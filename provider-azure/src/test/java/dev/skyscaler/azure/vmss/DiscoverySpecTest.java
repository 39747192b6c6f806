package dev.skyscaler.azure.vmss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
    DiscoverySpec spec = DiscoverySpec.named(java.util.List.of("1:3:workers", "0:10:gpu"));

    assertThat(spec.named())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "workers", new DiscoverySpec.Bounds(1, 3),
                "gpu", new DiscoverySpec.Bounds(0, 10)));
    assertThat(spec.selector()).isEmpty();
  }

  @Test
  void aScaleSetNamedTwiceIsRefused() {
    assertThatThrownBy(() -> DiscoverySpec.named(java.util.List.of("1:3:workers", "0:2:workers")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--nodes: scale set workers is named twice");
  }
}
