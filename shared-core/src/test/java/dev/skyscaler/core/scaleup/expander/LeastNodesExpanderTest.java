package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.ScaleUpOptions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LeastNodesExpanderTest {

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "least-nodes keeps the option that adds the fewest nodes",
            List.of(option("a").nodes(3).pods(pod("p").cpu("1"), 3), option("b").nodes(1)),
            List.of("b")),
        Arguments.of(
            "least-nodes ignores how many pods an option places",
            List.of(
                option("a").nodes(2).pods(pod("p").cpu("1"), 8),
                option("b").nodes(1).pods(pod("p").cpu("1"), 1)),
            List.of("b")),
        Arguments.of(
            "least-nodes keeps every option tied for the fewest nodes, in input order",
            List.of(option("c").nodes(2), option("a").nodes(4), option("b").nodes(2)),
            List.of("c", "b")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void keepsTheOptionsThatAddFewestNodes(String name, List<OptionSpec> options, List<String> kept) {
    assertThat(
            names(
                new LeastNodesExpander()
                    .bestOptions(options.stream().map(OptionSpec::build).toList())))
        .isEqualTo(kept);
  }

  @Test
  void inAChainLeastNodesNarrowsAndTheNextExpanderDecides() {
    ScaleUpOptions options =
        ScaleUpOptions.defaults().toBuilder()
            .expanders(List.of(ExpanderName.LEAST_NODES, ExpanderName.MOST_PODS))
            .build();
    var chosen =
        ExpanderChain.from(options)
            .choose(
                List.of(
                    option("a").nodes(1).pods(pod("p").cpu("1"), 1).build(),
                    option("b").nodes(1).pods(pod("p").cpu("1"), 2).build(),
                    option("c").nodes(3).pods(pod("p").cpu("1"), 9).build()))
            .best();
    assertThat(chosen.orElseThrow().groupName()).isEqualTo("b");
  }
}
