package dev.skyscaler.core.scaleup.balance;

import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.skyscaler.core.model.NodeGroup;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BalancedSplitTest {

  private static NodeGroup g(String name, int target, int max) {
    return group(name).target(target).max(max).template(template()).build(Set.of());
  }

  static Stream<Arguments> splits() {
    List<NodeGroup> uneven = List.of(g("a", 3, 10), g("b", 1, 10), g("c", 2, 10));
    return Stream.of(
        Arguments.of("split starts with the smallest group", 1, uneven, Map.of("b", 1)),
        Arguments.of(
            "split levels the groups before growing them together",
            3,
            uneven,
            Map.of("b", 2, "c", 1)),
        Arguments.of(
            "once level, the groups grow in turn", 4, uneven, Map.of("a", 1, "b", 2, "c", 1)),
        Arguments.of(
            "groups of equal size take turns in name order",
            5,
            List.of(g("c", 0, 10), g("a", 0, 10), g("b", 0, 10)),
            Map.of("a", 2, "b", 2, "c", 1)),
        Arguments.of(
            "split stops at max", 6, List.of(g("a", 0, 2), g("b", 0, 10)), Map.of("a", 2, "b", 4)),
        Arguments.of(
            "split is capped by the room left in all groups",
            10,
            List.of(g("a", 0, 2), g("b", 3, 4)),
            Map.of("a", 2, "b", 1)),
        Arguments.of(
            "a group already at max gets nothing",
            2,
            List.of(g("full", 5, 5), g("b", 7, 10)),
            Map.of("b", 2)),
        Arguments.of("a zero delta adds nothing", 0, List.of(g("a", 0, 10)), Map.of()),
        Arguments.of(
            "a single group takes the whole delta", 3, List.of(g("a", 2, 10)), Map.of("a", 3)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("splits")
  void spreadsTheDeltaOverTheGroups(
      String name, int delta, List<NodeGroup> groups, Map<String, Integer> expected) {
    assertThat(BalancedSplit.split(delta, groups)).isEqualTo(expected);
  }

  @Test
  void theResultIsOrderedByGroupName() {
    Map<String, Integer> split =
        BalancedSplit.split(3, List.of(g("zone-c", 0, 10), g("zone-a", 0, 10), g("zone-b", 0, 10)));
    assertThat(split).containsExactly(entry("zone-a", 1), entry("zone-b", 1), entry("zone-c", 1));
  }

  @Test
  void aNegativeDeltaIsRejected() {
    assertThatThrownBy(() -> BalancedSplit.split(-1, List.of(g("a", 0, 10))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("balanced split: delta must be at least 0, was -1");
  }

  @Test
  void aGroupListedTwiceIsRejected() {
    assertThatThrownBy(() -> BalancedSplit.split(1, List.of(g("a", 0, 10), g("a", 1, 10))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("balanced split: node group a is listed twice");
  }
}
