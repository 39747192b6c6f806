package dev.skyscaler.benchmarks;

import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LowerBoundTest {
  private static final Resources EIGHT_BY_32 = new Resources(8_000, 32L << 30, 0, 110, Map.of());
  private static final Resources GPU_NODE =
      new Resources(8_000, 61L << 30, 0, 110, Map.of("nvidia.com/gpu", 4L));

  static Stream<Arguments> bounds() {
    return Stream.of(
        Arguments.of("no pods need no node", List.of(), EIGHT_BY_32, 0L),
        Arguments.of(
            "an exact fit is not rounded up",
            pod("web").cpu("500m").memory("1Gi").times(16).buildAll(),
            EIGHT_BY_32,
            1L),
        Arguments.of(
            "one pod over a node's CPU rounds up",
            pod("web").cpu("500m").memory("1Gi").times(17).buildAll(),
            EIGHT_BY_32,
            2L),
        Arguments.of(
            "memory binds when it is the scarcer resource",
            pod("cache").cpu("100m").memory("10Gi").times(7).buildAll(),
            EIGHT_BY_32,
            3L),
        Arguments.of(
            "pod slots bind for tiny pods",
            pod("tiny").cpu("1m").memory("1Mi").times(221).buildAll(),
            EIGHT_BY_32,
            3L),
        Arguments.of(
            "GPUs bind for GPU pods",
            pod("train").cpu("1").memory("1Gi").gpu(1).times(9).buildAll(),
            GPU_NODE,
            3L),
        Arguments.of(
            "mixed sizes add up before dividing",
            List.of(
                pod("a").cpu("3").memory("1Gi").build(),
                pod("b").cpu("3").memory("1Gi").build(),
                pod("c").cpu("3").memory("1Gi").build()),
            EIGHT_BY_32,
            2L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bounds")
  void boundIsTheLargestPerResourceCeiling(
      String name, List<Pod> pods, Resources allocatable, long expected) {
    assertThat(LowerBound.nodes(pods, allocatable)).isEqualTo(expected);
  }

  @Test
  void podsNeedingAResourceTheShapeLacksAreRejected() {
    List<Pod> pods = pod("train").cpu("1").memory("1Gi").gpu(1).times(2).buildAll();

    assertThatThrownBy(() -> LowerBound.nodes(pods, EIGHT_BY_32))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the pods request 2 GPUs but the node shape offers none,"
                + " so no number of such nodes can hold them");
  }
}
