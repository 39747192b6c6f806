package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Scale-down options built in code are checked as the parser checks flags. */
class ScaleDownOptionsTest {

  static Arguments invalid(
      String sentence, UnaryOperator<ScaleDownOptions.Builder> change, String message) {
    return Arguments.of(sentence, change, message);
  }

  static Stream<Arguments> invalidOptions() {
    return Stream.of(
        invalid(
            "a threshold above 1",
            b -> b.utilizationThreshold(1.2),
            "scale-down-utilization-threshold must be between 0 and 1, was 1.2"),
        invalid(
            "a negative GPU threshold",
            b -> b.gpuUtilizationThreshold(-0.1),
            "scale-down-gpu-utilization-threshold must be between 0 and 1, was -0.1"),
        invalid(
            "a threshold that is not a number",
            b -> b.utilizationThreshold(Double.NaN),
            "scale-down-utilization-threshold must be between 0 and 1, was NaN"),
        invalid(
            "a negative unneeded time",
            b -> b.unneededTime(Duration.ofSeconds(-1)),
            "scale-down-unneeded-time must not be negative"),
        invalid(
            "no scale-down parallelism",
            b -> b.maxScaleDownParallelism(0),
            "max-scale-down-parallelism must be at least 1"),
        invalid(
            "a negative drain parallelism",
            b -> b.maxDrainParallelism(-1),
            "max-drain-parallelism must be at least 0"),
        invalid(
            "a negative grace cap",
            b -> b.maxGracefulTerminationSec(-1),
            "max-graceful-termination-sec must be at least 0"),
        invalid(
            "a negative replica count",
            b -> b.minReplicaCount(-1),
            "min-replica-count must be at least 0"));
  }

  @ParameterizedTest(name = "{0} is refused")
  @MethodSource("invalidOptions")
  void invalidValuesAreRefusedNamingTheFlag(
      String sentence, UnaryOperator<ScaleDownOptions.Builder> change, String message) {
    assertThatThrownBy(() -> change.apply(ScaleDownOptions.defaults().toBuilder()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @org.junit.jupiter.api.Test
  void theBuilderStartsFromTheValuesItWasMadeFrom() {
    ScaleDownOptions custom =
        ScaleDownOptions.defaults().toBuilder().minReplicaCount(3).enabled(false).build();
    assertThat(custom.toBuilder().build()).isEqualTo(custom);
    assertThat(custom.minReplicaCount()).isEqualTo(3);
    assertThat(custom.enabled()).isFalse();
  }

  @org.junit.jupiter.api.Test
  void podGraceIsCappedAtMaxGracefulTerminationSec() {
    ScaleDownOptions o =
        ScaleDownOptions.defaults().toBuilder().maxGracefulTerminationSec(60).build();
    assertThat(o.cappedGraceSeconds(30)).isEqualTo(30);
    assertThat(o.cappedGraceSeconds(3600)).isEqualTo(60);
  }
}
