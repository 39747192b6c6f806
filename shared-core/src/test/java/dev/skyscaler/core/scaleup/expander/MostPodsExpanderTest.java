package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MostPodsExpanderTest {

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "most-pods keeps the option that places the most pods",
            List.of(option("a").pods(pod("p").cpu("1"), 2), option("b").pods(pod("p").cpu("1"), 3)),
            List.of("b")),
        Arguments.of(
            "most-pods ignores how many nodes an option adds",
            List.of(
                option("a").nodes(5).pods(pod("p").cpu("1"), 4),
                option("b").nodes(1).pods(pod("p").cpu("1"), 3)),
            List.of("a")),
        Arguments.of(
            "most-pods keeps every option tied for the most pods",
            List.of(
                option("a").pods(pod("p").cpu("1"), 3),
                option("b").pods(pod("p").cpu("1"), 1),
                option("c").pods(pod("p").cpu("2"), 3)),
            List.of("a", "c")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void keepsTheOptionsThatPlaceMostPods(String name, List<OptionSpec> options, List<String> kept) {
    assertThat(
            names(
                new MostPodsExpander()
                    .bestOptions(options.stream().map(OptionSpec::build).toList())))
        .isEqualTo(kept);
  }
}
