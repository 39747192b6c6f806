package dev.skyscaler.core.scaleup.expander;

import static dev.skyscaler.core.scaleup.expander.OptionSpec.names;
import static dev.skyscaler.core.scaleup.expander.OptionSpec.option;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PriorityExpanderTest {

  private static List<ExpansionOption> options(String... groups) {
    return Stream.of(groups).map(g -> option(g).pods(pod("p").cpu("1"), 1).build()).toList();
  }

  static Stream<Arguments> choices() {
    return Stream.of(
        Arguments.of(
            "priority keeps the highest matching priority",
            Map.of(10, List.of(".*"), 20, List.of("spot-.*")),
            List.of("ondemand-a", "spot-a", "spot-b"),
            List.of("spot-a", "spot-b")),
        Arguments.of(
            "a priority that matches no option gives way to the next one",
            Map.of(50, List.of("big-.*"), 10, List.of("spot-.*")),
            List.of("ondemand-a", "spot-a"),
            List.of("spot-a")),
        Arguments.of(
            "a group matching no priority regex is dropped",
            Map.of(10, List.of("spot-.*")),
            List.of("other", "spot-a"),
            List.of("spot-a")),
        Arguments.of(
            "every regex of a priority counts",
            Map.of(10, List.of("a-.*", "b-.*")),
            List.of("a-1", "b-1", "c-1"),
            List.of("a-1", "b-1")),
        Arguments.of(
            "a regex must match the whole group name",
            Map.of(10, List.of("spot")),
            List.of("ondemand-a", "spot-a"),
            List.of("ondemand-a", "spot-a")),
        Arguments.of(
            "when no group matches any regex all options pass through",
            Map.of(10, List.of("gpu-.*")),
            List.of("a", "b"),
            List.of("a", "b")),
        Arguments.of(
            "an empty priority table lets all options through",
            Map.of(),
            List.of("a", "b"),
            List.of("a", "b")),
        Arguments.of(
            "negative priorities rank below positive ones",
            Map.of(-5, List.of("a"), 0, List.of("b")),
            List.of("a", "b"),
            List.of("b")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  void keepsTheOptionsOfTheHighestMatchingPriority(
      String name, Map<Integer, List<String>> table, List<String> groups, List<String> kept) {
    List<ExpansionOption> options = options(groups.toArray(String[]::new));
    assertThat(names(new PriorityExpander(table).bestOptions(options))).isEqualTo(kept);
  }

  @Test
  void theWarningNamesTheGroupsNoRegexMatches() {
    PriorityExpander expander = new PriorityExpander(Map.of(10, List.of("spot-.*")));
    assertThat(expander.warnings(options("zeta", "spot-a", "alpha")))
        .containsExactly(
            "priority expander: node groups [alpha, zeta] match no regex of the expander"
                + " priorities and were not considered");
  }

  @Test
  void noWarningWhenNoGroupMatchesBecauseAllOptionsPassThrough() {
    PriorityExpander expander = new PriorityExpander(Map.of(10, List.of("spot-.*")));
    assertThat(expander.warnings(options("a", "b"))).isEmpty();
  }

  static Stream<Arguments> invalidTables() {
    return Stream.of(
        Arguments.of(
            "an unclosed character class is reported with its priority",
            Map.of(10, List.of("ok-.*", "[")),
            List.of(
                "expander priorities: priority 10: invalid regex \"[\":"
                    + " Unclosed character class near index 0")),
        Arguments.of(
            "every invalid regex is reported, by priority",
            Map.of(20, List.of("*spot"), 5, List.of("a(b")),
            List.of(
                "expander priorities: priority 5: invalid regex \"a(b\": Unclosed group near index"
                    + " 3",
                "expander priorities: priority 20: invalid regex \"*spot\": Dangling meta"
                    + " character '*' near index 0")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidTables")
  void invalidRegexesAreConfigurationErrors(
      String name, Map<Integer, List<String>> table, List<String> errors) {
    assertThat(PriorityExpander.validate(table)).isEqualTo(errors);
    assertThatThrownBy(() -> new PriorityExpander(table))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(String.join("; ", errors));
  }

  @Test
  void aValidTableHasNoErrors() {
    assertThat(PriorityExpander.validate(Map.of(10, List.of("spot-.*", "a|b"), 0, List.of())))
        .isEmpty();
  }
}
