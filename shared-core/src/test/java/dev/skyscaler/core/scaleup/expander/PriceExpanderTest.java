package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PriceExpanderTest {

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "price prefers the cheaper group for the same pods",
            List.of(
                option("dear").price(0.2).pods(pod("p").cpu("1").memory("2Gi"), 2),
                option("cheap").price(0.1).pods(pod("p").cpu("1").memory("2Gi"), 2)),
            List.of("cheap")),
        Arguments.of(
            "price pays for every added node",
            List.of(
                // one 8-core node: 0.40 per hour
                option("one-big")
                    .price(0.40)
                    .node(template().cpu("8").memory("32Gi"))
                    .pods(pod("p").cpu("2").memory("8Gi"), 4),
                // four 2-core nodes: 0.48 per hour, although each is cheaper
                option("four-small")
                    .price(0.12)
                    .node(template().cpu("2").memory("8Gi"))
                    .nodes(4)
                    .pods(pod("p").cpu("2").memory("8Gi"), 4)),
            List.of("one-big")),
        Arguments.of(
            "price prefers the option that places more requests per dollar",
            List.of(
                // all four pods for 0.40: 0.40 per reference node of work
                option("places-all")
                    .price(0.40)
                    .node(template().cpu("8").memory("32Gi"))
                    .pods(pod("p").cpu("1").memory("4Gi"), 4),
                // one pod for 0.15: 0.60 per reference node of work
                option("places-one")
                    .price(0.15)
                    .node(template().cpu("2").memory("8Gi"))
                    .pods(pod("p").cpu("1").memory("4Gi"), 1)),
            List.of("places-all")),
        Arguments.of(
            "price keeps every option that costs the same",
            List.of(
                option("a").price(0.1).pods(pod("p").cpu("1"), 1),
                option("b").price(0.1).pods(pod("p").cpu("1"), 1)),
            List.of("a", "b")),
        Arguments.of(
            "a group without a price is dropped when another has one",
            List.of(
                option("unpriced").pods(pod("p").cpu("1"), 1),
                option("priced").price(1.0).pods(pod("p").cpu("1"), 1)),
            List.of("priced")),
        Arguments.of(
            "without any price every option passes through",
            List.of(option("a").pods(pod("p").cpu("1"), 1), option("b").pods(pod("p").cpu("1"), 1)),
            List.of("a", "b")),
        Arguments.of(
            "pods without requests compare the plain cost",
            List.of(
                option("a").price(0.3).pods(pod("p"), 1),
                option("b").price(0.2).nodes(2).pods(pod("p"), 2),
                option("c").price(0.25).pods(pod("p"), 1)),
            List.of("c")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void keepsTheCheapestOptionsPerPlacedRequest(
      String name, List<OptionSpec> options, List<String> kept) {
    List<ExpansionOption> built = options.stream().map(OptionSpec::build).toList();
    assertThat(names(new PriceExpander().bestOptions(built))).isEqualTo(kept);
  }

  @Test
  void theWarningNamesTheGroupsWithoutAPrice() {
    List<ExpansionOption> options =
        List.of(
            option("zeta").build(), option("priced").price(0.1).build(), option("alpha").build());
    assertThat(new PriceExpander().warnings(options))
        .containsExactly(
            "price expander: node groups without a price were not considered: alpha, zeta");
  }

  @Test
  void theWarningSaysSoWhenNoGroupHasAPrice() {
    List<ExpansionOption> options = List.of(option("b").build(), option("a").build());
    assertThat(new PriceExpander().warnings(options))
        .containsExactly(
            "price expander: no node group has a price (a, b), so it kept every option");
  }

  @Test
  void noWarningWhenEveryGroupHasAPrice() {
    assertThat(new PriceExpander().warnings(List.of(option("a").price(0.1).build()))).isEmpty();
  }

  @Test
  void gpusCountAsWorkSoAGpuGroupPlacingGpuPodsIsNotJudgedByCpuAlone() {
    // Both cost 1.0. "gpu" places 1 core and 1 of the 1 reference GPUs; "cpu" places 2 cores.
    List<ExpansionOption> options =
        List.of(
            option("cpu")
                .price(1.0)
                .node(template().cpu("8").memory("32Gi"))
                .pods(pod("p").cpu("1"), 2)
                .build(),
            option("gpu")
                .price(1.0)
                .node(template().cpu("8").memory("32Gi").gpu(1))
                .pods(pod("g").cpu("1").gpu(1), 1)
                .build());
    assertThat(names(new PriceExpander().bestOptions(options))).containsExactly("gpu");
  }
}
