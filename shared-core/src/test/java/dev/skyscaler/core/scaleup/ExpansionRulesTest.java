package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.config.ExpanderName;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.GroupSpec;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which groups grow (docs/algorithm.md §11–13): the expander chain end to end, balancing across
 * similar groups, and Skyscaler's rounds, which plan every pending pod in one scan where CA takes
 * one option per loop.
 */
class ExpansionRulesTest {

  /** "small" fits 1 pod per node (max 2), "large" 4 pods on one half-used node (max 1). */
  static ClusterSpec smallAndLarge() {
    return cluster()
        .groups(
            group("small").max(2).template(template().cpu("2").memory("1Gi")),
            group("large").max(1).template(template().cpu("16").memory("8Gi")))
        .pods(pod("w").cpu("2").memory("1Gi").times(4));
  }

  /** Three groups named for the priority expander; one pod of 2 cores / 1Gi. */
  static ClusterSpec named() {
    return cluster()
        .groups(
            group("od-exact").template(template().cpu("2").memory("1Gi")),
            group("spot-small").template(template().cpu("4").memory("2Gi")),
            group("spot-large").template(template().cpu("16").memory("8Gi")))
        .pods(pod("w").cpu("2").memory("1Gi"));
  }

  static Stream<Rule> expanders() {
    return Stream.of(
        rule("least-waste (the default) fills the best-fitting group, then the next one")
            .given(smallAndLarge())
            .grows("small", 2)
            .grows("large", 1)
            .build(),
        rule("most-pods takes the group that places the most pods")
            .given(smallAndLarge())
            .with(o -> o.toBuilder().expanders(List.of(ExpanderName.MOST_PODS)).build())
            .grows("large", 1)
            .build(),
        rule("priority,least-waste: the highest matching priority wins over a better fit")
            .given(named())
            .with(
                o ->
                    o.toBuilder()
                        .expanders(List.of(ExpanderName.PRIORITY, ExpanderName.LEAST_WASTE))
                        .build()
                        .toBuilder()
                        .expanderPriorities(Map.of(10, List.of("spot-.*"), 5, List.of("od-.*")))
                        .build())
            .grows("spot-small", 1)
            .build(),
        rule("priority,least-waste: least-waste breaks the tie inside a priority")
            .given(named())
            .with(
                o ->
                    o.toBuilder()
                        .expanders(List.of(ExpanderName.PRIORITY, ExpanderName.LEAST_WASTE))
                        .build()
                        .toBuilder()
                        .expanderPriorities(Map.of(10, List.of("spot-.*")))
                        .build())
            .grows("spot-small", 1)
            .warning(
                "priority expander: node groups [od-exact] match no regex of the expander"
                    + " priorities and were not considered")
            .build(),
        rule("priority,least-waste: no regex matching any group passes all to least-waste")
            .given(named())
            .with(
                o ->
                    o.toBuilder()
                        .expanders(List.of(ExpanderName.PRIORITY, ExpanderName.LEAST_WASTE))
                        .build()
                        .toBuilder()
                        .expanderPriorities(Map.of(10, List.of("gpu-.*")))
                        .build())
            .grows("od-exact", 1)
            .build(),
        rule("price takes the cheapest group and drops groups without a price")
            .given(
                cluster()
                    .groups(
                        group("a").price(1.0).template(template().cpu("8")),
                        group("b").price(0.4).template(template().cpu("8")),
                        group("c").template(template().cpu("8")))
                    .pods(pod("w").cpu("1")))
            .with(o -> o.toBuilder().expanders(List.of(ExpanderName.PRICE)).build())
            .grows("b", 1)
            .warning("price expander: node groups without a price were not considered: c")
            .build(),
        rule("price prefers the cheaper total even when it needs more nodes")
            .given(
                cluster()
                    .groups(
                        group("big").price(1.0).template(template().cpu("8")),
                        group("small").price(0.2).template(template().cpu("2")))
                    .pods(pod("w").cpu("2").times(4)))
            .with(o -> o.toBuilder().expanders(List.of(ExpanderName.PRICE)).build())
            .grows("small", 4)
            .build(),
        rule("most-pods still spares GPU nodes for pods that need no GPU")
            .given(
                cluster()
                    .groups(
                        group("cpu").max(1).template(template().cpu("4")),
                        group("gpu").template(template().cpu("16").gpu(1)))
                    .pods(pod("w").cpu("1").times(8)))
            .with(o -> o.toBuilder().expanders(List.of(ExpanderName.MOST_PODS)).build())
            .grows("cpu", 1)
            .grows("gpu", 1)
            .summary("w-0", "helped by a scale-up of cpu")
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("expanders")
  void expanderChainEndToEnd(Rule r) {
    r.check();
  }

  /** A group of 4-core nodes in the zone named like the group. */
  static GroupSpec zoneGroup(String name) {
    return group(name).template(template().cpu("4").zone(name));
  }

  /** Adds {@code count} busy 4-core members to {@code group}. */
  static ClusterSpec fullMembers(ClusterSpec c, String group, int count) {
    for (int i = 0; i < count; i++) {
      String n = group + i;
      c.nodes(node(n).cpu("4").zone(group).inGroup(group)).pods(pod("busy-" + n).cpu("4").on(n));
    }
    return c;
  }

  static Stream<Rule> balancing() {
    ClusterSpec uneven = cluster().groups(zoneGroup("a"), zoneGroup("b"), zoneGroup("c"));
    fullMembers(uneven, "a", 2);
    fullMembers(uneven, "c", 1);
    uneven.pods(pod("w").cpu("4").times(3));
    return Stream.of(
        rule("balancing gives each node to the smallest similar group, ties by name")
            .given(uneven)
            .with(o -> o.toBuilder().balanceSimilarNodeGroups(true).build())
            .grows("b", 2)
            .grows("c", 1)
            .build(),
        rule("balancing skips a group at its max and gives the rest to the others")
            .given(
                cluster()
                    .groups(zoneGroup("a"), zoneGroup("b").max(1))
                    .pods(pod("w").cpu("4").times(4)))
            .with(o -> o.toBuilder().balanceSimilarNodeGroups(true).build())
            .grows("a", 3)
            .grows("b", 1)
            .build(),
        rule("without balancing the chosen group takes every node")
            .given(
                cluster().groups(zoneGroup("a"), zoneGroup("b")).pods(pod("w").cpu("4").times(4)))
            .grows("a", 4)
            .build(),
        rule("groups with different node sizes are not balanced")
            .given(
                cluster()
                    .groups(
                        group("a").template(template().cpu("4").zone("a")),
                        group("b").template(template().cpu("8").zone("b")))
                    .pods(pod("w").cpu("4").times(2)))
            .with(o -> o.toBuilder().balanceSimilarNodeGroups(true).build())
            .grows("a", 2)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("balancing")
  void balanceSimilarNodeGroups(Rule r) {
    r.check();
  }

  static Stream<Rule> rounds() {
    return Stream.of(
        rule("pods left after a group hits its max go to the next-best group")
            .given(
                cluster()
                    .groups(
                        group("a").max(2).template(template().cpu("4").memory("8Gi")),
                        group("b").template(template().cpu("8").memory("32Gi")))
                    .pods(pod("w").cpu("4").memory("4Gi").times(6)))
            .grows("a", 2)
            .grows("b", 2)
            .build(),
        rule("CPU and GPU pods are planned across their groups in one scan")
            .given(
                cluster()
                    .groups(
                        group("cpu").template(template().cpu("4")),
                        group("gpu")
                            .template(
                                template()
                                    .cpu("16")
                                    .gpu(2)
                                    .taint("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE)))
                    .pods(
                        pod("train")
                            .cpu("1")
                            .gpu(1)
                            .tolerate("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE)
                            .times(3),
                        pod("web").cpu("1").times(5)))
            .grows("gpu", 2)
            .grows("cpu", 2)
            .build(),
        rule("pods needing no GPU open GPU nodes only when no CPU group has room")
            .given(
                cluster()
                    .groups(group("cpu").max(1), group("gpu").template(template().cpu("8").gpu(1)))
                    .nodes(node("n1").inGroup("cpu"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("1")))
            .grows("gpu", 1)
            .build(),
        rule("spread pods are planned towards an even final state across zone groups")
            .given(
                cluster()
                    .groups(zoneGroup("a"), zoneGroup("b"), zoneGroup("c"))
                    .nodes(node("a0").cpu("4").zone("a").inGroup("a"))
                    .pods(
                        pod("old").label("app", "web").cpu("2").on("a0").times(2),
                        pod("web")
                            .cpu("1")
                            .label("app", "web")
                            .spread(Node.ZONE_LABEL, 1, "app", "web")
                            .times(4)))
            .grows("b", 1)
            .grows("c", 1)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rounds")
  void roundsPlanEveryPendingPodInOneScan(Rule r) {
    r.check();
  }
}
