package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.config.ExpanderName.LEAST_WASTE;
import static dev.skyscaler.core.config.ExpanderName.MOST_PODS;
import static dev.skyscaler.core.config.ExpanderName.PRICE;
import static dev.skyscaler.core.config.ExpanderName.PRIORITY;
import static dev.skyscaler.core.config.ExpanderName.RANDOM;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExpanderChainTest {
  private static final Map<Integer, List<String>> SPOT_FIRST = Map.of(10, List.of("spot-.*"));

  private static ScaleUpOptions chain(ExpanderName... names) {
    return ScaleUpOptions.defaults().toBuilder().expanders(List.of(names)).build().toBuilder()
        .expanderPriorities(SPOT_FIRST)
        .build();
  }

  private static String chosen(ScaleUpOptions options, List<OptionSpec> specs) {
    List<ExpansionOption> built = specs.stream().map(OptionSpec::build).toList();
    return ExpanderChain.from(options).choose(built).best().orElseThrow().groupName();
  }

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "the chain stops at the first expander that leaves one option",
            chain(PRIORITY, LEAST_WASTE),
            List.of(
                option("spot-big").node(template().cpu("16")).pods(pod("p").cpu("1"), 1),
                option("ondemand-fit").node(template().cpu("1")).pods(pod("p").cpu("1"), 1)),
            "spot-big"),
        Arguments.of(
            "a later expander breaks the tie an earlier one left",
            chain(PRIORITY, LEAST_WASTE),
            List.of(
                option("spot-big").node(template().cpu("16")).pods(pod("p").cpu("1"), 1),
                option("spot-fit").node(template().cpu("1")).pods(pod("p").cpu("1"), 1),
                option("ondemand-fit").node(template().cpu("1")).pods(pod("p").cpu("1"), 1)),
            "spot-fit"),
        Arguments.of(
            "a tie left at the end goes to the group name that sorts first",
            chain(MOST_PODS),
            List.of(
                option("zeta").pods(pod("p").cpu("1"), 2),
                option("alpha").pods(pod("p").cpu("1"), 2),
                option("beta").pods(pod("p").cpu("1"), 1)),
            "alpha"),
        Arguments.of(
            "the GPU filter runs before the configured expanders",
            chain(MOST_PODS),
            List.of(
                option("gpu").node(template().cpu("8").gpu(1)).pods(pod("p").cpu("1"), 8),
                option("cpu").pods(pod("p").cpu("1"), 4)),
            "cpu"),
        Arguments.of(
            "the default chain is least-waste",
            ScaleUpOptions.defaults(),
            List.of(
                option("big")
                    .node(template().cpu("16").memory("64Gi"))
                    .pods(pod("p").cpu("4").memory("16Gi"), 1),
                option("fit")
                    .node(template().cpu("4").memory("16Gi"))
                    .pods(pod("p").cpu("4").memory("16Gi"), 1)),
            "fit"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void choosesOneOption(String name, ScaleUpOptions options, List<OptionSpec> specs, String best) {
    assertThat(chosen(options, specs)).isEqualTo(best);
  }

  @Test
  void randomLastPicksTheSameOptionForTheSameSeed() {
    ScaleUpOptions options = chain(MOST_PODS, RANDOM);
    List<OptionSpec> specs =
        List.of(
            option("a").pods(pod("p").cpu("1"), 2),
            option("b").pods(pod("p").cpu("1"), 2),
            option("c").pods(pod("p").cpu("1"), 2),
            option("d").pods(pod("p").cpu("1"), 1));
    String first = chosen(options, specs);
    assertThat(first).isIn("a", "b", "c");
    assertThat(chosen(options, specs)).isEqualTo(first);
  }

  @Test
  void noOptionsGiveNoChoiceAndNoWarnings() {
    ExpanderChain.Choice choice = ExpanderChain.from(chain(PRICE)).choose(List.of());
    assertThat(choice.best()).isEmpty();
    assertThat(choice.warnings()).isEmpty();
  }

  @Test
  void theChoiceCarriesTheWarningsOfTheExpandersThatRan() {
    ExpanderChain.Choice choice =
        ExpanderChain.from(chain(PRIORITY, PRICE))
            .choose(
                List.of(
                    option("spot-a").price(0.1).build(),
                    option("spot-b").build(),
                    option("ondemand").price(0.05).build()));
    assertThat(choice.best().orElseThrow().groupName()).isEqualTo("spot-a");
    assertThat(choice.warnings())
        .containsExactly(
            "priority expander: node groups [ondemand] match no regex of the expander priorities"
                + " and were not considered",
            "price expander: node groups without a price were not considered: spot-b");
  }

  @Test
  void anExpanderThatDoesNotRunGivesNoWarning() {
    ExpanderChain.Choice choice =
        ExpanderChain.from(chain(MOST_PODS, PRICE))
            .choose(
                List.of(
                    option("unpriced").pods(pod("p").cpu("1"), 2).build(),
                    option("priced").price(0.1).pods(pod("p").cpu("1"), 1).build()));
    assertThat(choice.best().orElseThrow().groupName()).isEqualTo("unpriced");
    assertThat(choice.warnings()).isEmpty();
  }

  static Stream<Arguments> invalidChains() {
    return Stream.of(
        Arguments.of("random first", List.of(RANDOM, LEAST_WASTE)),
        Arguments.of("random in the middle", List.of(PRIORITY, RANDOM, MOST_PODS)));
  }

  @ParameterizedTest(name = "random is rejected when not last: {0}")
  @MethodSource("invalidChains")
  void randomMustBeLast(String name, List<ExpanderName> names) {
    String error = "expander \"random\" must be last in the chain (it always picks one option)";
    assertThat(ExpanderChain.validate(names)).containsExactly(error);
    assertThatThrownBy(
            () ->
                ExpanderChain.from(ScaleUpOptions.defaults().toBuilder().expanders(names).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(error);
  }

  @Test
  void randomLastAndChainsWithoutRandomAreValid() {
    assertThat(ExpanderChain.validate(List.of(PRIORITY, RANDOM))).isEmpty();
    assertThat(ExpanderChain.validate(List.of(RANDOM))).isEmpty();
    assertThat(ExpanderChain.validate(List.of(PRICE, LEAST_WASTE))).isEmpty();
  }

  @Test
  void anInvalidPriorityRegexIsReportedWhenTheChainIsBuilt() {
    ScaleUpOptions options =
        ScaleUpOptions.defaults().toBuilder().expanders(List.of(PRIORITY)).build().toBuilder()
            .expanderPriorities(Map.of(10, List.of("[")))
            .build();
    assertThatThrownBy(() -> ExpanderChain.from(options))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "expander priorities: priority 10: invalid regex \"[\": Unclosed character class near"
                + " index 0");
  }

  @Test
  void priorityRegexesAreNotCheckedWhenThePriorityExpanderIsNotConfigured() {
    ScaleUpOptions options =
        ScaleUpOptions.defaults().toBuilder().expanderPriorities(Map.of(10, List.of("["))).build();
    assertThat(ExpanderChain.from(options).choose(List.of(option("a").build())).best()).isPresent();
  }

  static Stream<Arguments> configurations() {
    return Stream.of(
        Arguments.of(
            "priority without a table is a warning, not a silent pass-through",
            List.of(PRIORITY, LEAST_WASTE),
            Map.of(),
            List.of(PriorityExpander.NO_TABLE)),
        Arguments.of(
            "priority with a table is no warning", List.of(PRIORITY), SPOT_FIRST, List.of()),
        Arguments.of(
            "a chain without priority needs no table", List.of(LEAST_WASTE), Map.of(), List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void warnsAboutAPriorityExpanderWithoutATable(
      String name,
      List<ExpanderName> names,
      Map<Integer, List<String>> table,
      List<String> warnings) {
    ScaleUpOptions options =
        ScaleUpOptions.defaults().toBuilder().expanders(names).expanderPriorities(table).build();
    assertThat(ExpanderChain.configurationWarnings(options)).isEqualTo(warnings);
  }
}
