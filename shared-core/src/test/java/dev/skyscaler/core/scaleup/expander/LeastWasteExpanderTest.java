package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LeastWasteExpanderTest {

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "least-waste prefers the group whose nodes the pods fill best",
            List.of(
                option("big")
                    .node(template().cpu("16").memory("64Gi"))
                    .pods(pod("p").cpu("1").memory("4Gi"), 4),
                option("small")
                    .node(template().cpu("4").memory("16Gi"))
                    .pods(pod("p").cpu("1").memory("4Gi"), 4)),
            List.of("small")),
        Arguments.of(
            "least-waste adds the CPU and the memory waste",
            List.of(
                // 0.5 CPU + 0.5 memory wasted
                option("square")
                    .node(template().cpu("4").memory("4Gi"))
                    .pods(pod("p").cpu("2").memory("2Gi"), 1),
                // 0 CPU + 0.75 memory wasted
                option("highmem")
                    .node(template().cpu("2").memory("8Gi"))
                    .pods(pod("p").cpu("2").memory("2Gi"), 1)),
            List.of("highmem")),
        Arguments.of(
            "least-waste counts the capacity of every added node",
            List.of(
                // one 8-core node half used: 1.0
                option("one-big")
                    .node(template().cpu("8").memory("32Gi"))
                    .pods(pod("p").cpu("2").memory("8Gi"), 2),
                // two 2-core nodes full: 0.0
                option("two-small")
                    .node(template().cpu("2").memory("8Gi"))
                    .nodes(2)
                    .pods(pod("p").cpu("2").memory("8Gi"), 2)),
            List.of("two-small")),
        Arguments.of(
            "least-waste keeps every option that wastes the same",
            List.of(
                option("a").pods(pod("p").cpu("1").memory("4Gi"), 2),
                option("b").pods(pod("p").cpu("1").memory("4Gi"), 2),
                option("c").pods(pod("p").cpu("1").memory("4Gi"), 1)),
            List.of("a", "b")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void keepsTheOptionsThatWasteLeast(String name, List<OptionSpec> options, List<String> kept) {
    List<ExpansionOption> built = options.stream().map(OptionSpec::build).toList();
    assertThat(names(new LeastWasteExpander().bestOptions(built))).isEqualTo(kept);
  }

  @Test
  void theWasteScoreIsTheUnrequestedFractionOfCpuPlusThatOfMemory() {
    ExpansionOption o =
        option("a")
            .node(template().cpu("4").memory("16Gi"))
            .nodes(2)
            .pods(pod("p").cpu("1").memory("1Gi"), 2)
            .build();
    // CPU: 6 of 8 cores unused; memory: 30 of 32Gi unused
    assertThat(LeastWasteExpander.waste(o)).isCloseTo(0.75 + 30.0 / 32, within(1e-12));
  }

  @Test
  void aResourceTheTemplateDoesNotOfferWastesNothing() {
    ExpansionOption o =
        option("a").node(template().cpu("4").memory("0")).pods(pod("p").cpu("4"), 1).build();
    assertThat(LeastWasteExpander.waste(o)).isZero();
  }

  @Test
  void noOptionsGiveNoOptions() {
    assertThat(new LeastWasteExpander().bestOptions(List.of())).isEmpty();
  }
}
