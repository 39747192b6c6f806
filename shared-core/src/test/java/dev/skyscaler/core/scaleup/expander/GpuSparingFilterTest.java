package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GpuSparingFilterTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            "a pod without GPU requests is not given a GPU node when a CPU group fits",
            List.of(
                option("gpu").node(template().cpu("8").gpu(1)).pods(pod("web").cpu("1"), 4),
                option("cpu").pods(pod("web").cpu("1"), 2)),
            List.of("cpu")),
        Arguments.of(
            "a GPU group that places GPU pods is kept",
            List.of(
                option("gpu").node(template().cpu("8").gpu(1)).pods(pod("train").gpu(1), 1),
                option("cpu").pods(pod("web").cpu("1"), 2)),
            List.of("gpu", "cpu")),
        Arguments.of(
            "GPU groups are kept when no CPU group fits",
            List.of(
                option("gpu-a").node(template().gpu(1)).pods(pod("web").cpu("1"), 1),
                option("gpu-b").node(template().gpu(4)).pods(pod("web").cpu("1"), 1)),
            List.of("gpu-a", "gpu-b")),
        Arguments.of(
            "CPU groups are never dropped",
            List.of(
                option("a").pods(pod("web").cpu("1"), 1), option("b").pods(pod("web").cpu("1"), 1)),
            List.of("a", "b")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void keepsGpuNodesForGpuPods(String name, List<OptionSpec> options, List<String> kept) {
    assertThat(
            names(
                new GpuSparingFilter()
                    .bestOptions(options.stream().map(OptionSpec::build).toList())))
        .isEqualTo(kept);
  }
}
