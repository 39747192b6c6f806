package dev.skyscaler.core.scaleup;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Topology spread as kube-scheduler counts it, end to end through {@code runOnce}: each row is
 * named after the upstream rule it follows (docs/algorithm.md §3, §14). The plan must buy no node
 * the scheduler would leave empty, and leave pending the pods the scheduler would not place.
 */
class SpreadFidelityRulesTest {
  static final String ZONE = Node.ZONE_LABEL;
  static final String SPREAD = "node(s) didn't match pod topology spread constraints";

  /** One row: the cluster, the scale-up per group, pods placed on new nodes per group, pending. */
  record Case(
      String sentence,
      ClusterSpec cluster,
      Map<String, Integer> scaleUps,
      Map<String, Integer> podsPerGroup,
      int pending,
      Map<String, String> reasons) {
    @Override
    public String toString() {
      return sentence;
    }
  }

  static PodSpec web(String name) {
    return pod(name).cpu("1").memory("1Gi").label("app", "web");
  }

  static TopologySpreadConstraint zoneSpread(int maxSkew, int minDomains) {
    return new TopologySpreadConstraint(
        maxSkew, ZONE, true, LabelSelector.of(Map.of("app", "web")), minDomains, true, false);
  }

  static ClusterSpec twoZoneGroups() {
    return cluster()
        .groups(
            group("a").template(template().cpu("4").memory("16Gi").zone("a")),
            group("b").template(template().cpu("4").memory("16Gi").zone("b")));
  }

  static Stream<Case> terminatingPods() {
    return Stream.of(
        new Case(
            "PodTopologySpread skips pods with a deletionTimestamp: the replacement fits its zone",
            cluster()
                .groups(group("a"), group("b"))
                .nodes(node("a1").zone("a").inGroup("a"), node("b1").zone("b").inGroup("b"))
                .pods(
                    web("old").on("a1").deletingAt(Rule.NOW.minusSeconds(5)),
                    pod("busy").cpu("4").on("b1"),
                    web("new").spread(zoneSpread(1, 1))),
            Map.of(),
            Map.of(),
            0,
            Map.of()),
        new Case(
            "PodTopologySpread counts a running pod: the zone ahead refuses, zone b grows",
            cluster()
                .groups(group("a"), group("b"))
                .nodes(node("a1").zone("a").inGroup("a"), node("b1").zone("b").inGroup("b"))
                .pods(
                    web("old").on("a1"),
                    pod("busy").cpu("4").on("b1"),
                    web("new").spread(zoneSpread(1, 1))),
            Map.of("b", 1),
            Map.of("b", 1),
            0,
            Map.of()),
        new Case(
            "InterPodAffinity still counts a pod with a deletionTimestamp: anti-affinity holds",
            cluster()
                .groups(group("a"))
                .nodes(node("a1").zone("a").inGroup("a"))
                .pods(
                    web("old").on("a1").deletingAt(Rule.NOW.minusSeconds(5)),
                    web("new").antiAffinity(Node.HOSTNAME_LABEL, "app", "web")),
            Map.of("a", 1),
            Map.of("a", 1),
            0,
            Map.of()));
  }

  static Stream<Case> minDomains() {
    return Stream.of(
        new Case(
            "PodTopologySpread minDomains: with 2 zones for minDomains 3 the global minimum is 0,"
                + " so each zone takes maxSkew pods and the rest stay pending",
            twoZoneGroups().pods(web("web").spread(zoneSpread(1, 3)).times(4)),
            Map.of("a", 1, "b", 1),
            Map.of("a", 1, "b", 1),
            2,
            Map.of("a", SPREAD, "b", SPREAD)),
        new Case(
            "PodTopologySpread minDomains: maxSkew 2 lets each of the 2 zones take 2",
            twoZoneGroups().pods(web("web").spread(zoneSpread(2, 3)).times(6)),
            Map.of("a", 1, "b", 1),
            Map.of("a", 2, "b", 2),
            2,
            Map.of("a", SPREAD, "b", SPREAD)),
        new Case(
            "PodTopologySpread minDomains: when 3 zones can grow the spread targets plan every pod",
            twoZoneGroups()
                .groups(group("c").template(template().cpu("4").memory("16Gi").zone("c")))
                .pods(web("web").spread(zoneSpread(1, 3)).times(6)),
            Map.of("a", 1, "b", 1, "c", 1),
            Map.of("a", 2, "b", 2, "c", 2),
            0,
            Map.of()),
        new Case(
            "PodTopologySpread minDomains: an existing zone counts towards minDomains",
            twoZoneGroups()
                .groups(group("c").max(1))
                .nodes(node("c1").zone("c").inGroup("c"))
                .pods(pod("busy").cpu("4").on("c1"), web("web").spread(zoneSpread(1, 3)).times(4)),
            Map.of("a", 1, "b", 1),
            Map.of("a", 1, "b", 1),
            2,
            Map.of("a", SPREAD, "b", SPREAD, "c", "max node group size reached")));
  }

  static Stream<Case> domainsThatCannotHostThePod() {
    return Stream.of(
        new Case(
            "PodTopologySpread counts an eligible zone whatever its room: a zone whose group is too"
                + " small holds the global minimum at 0, so no node is bought past the skew",
            cluster()
                .groups(
                    group("a").template(template().cpu("4").memory("16Gi").zone("a")),
                    group("b").template(template().cpu("4").memory("16Gi").zone("b")),
                    group("c"))
                .nodes(node("c1").cpu("1").memory("4Gi").zone("c").inGroup("c"))
                .pods(
                    pod("web")
                        .cpu("3")
                        .memory("1Gi")
                        .label("app", "web")
                        .spread(zoneSpread(1, 1))
                        .times(6)),
            Map.of("a", 1, "b", 1),
            Map.of("a", 1, "b", 1),
            4,
            Map.of("a", SPREAD, "b", SPREAD, "c", "Insufficient cpu")),
        new Case(
            "PodTopologySpread: a zone whose group fits the pod grows with the others",
            cluster()
                .groups(
                    group("a").template(template().cpu("4").memory("16Gi").zone("a")),
                    group("b").template(template().cpu("4").memory("16Gi").zone("b")),
                    group("c"))
                .nodes(node("c1").cpu("4").memory("16Gi").zone("c").inGroup("c"))
                .pods(
                    pod("busy").cpu("4").on("c1"),
                    pod("web")
                        .cpu("3")
                        .memory("1Gi")
                        .label("app", "web")
                        .spread(zoneSpread(1, 1))
                        .times(6)),
            Map.of("a", 2, "b", 2, "c", 2),
            Map.of("a", 2, "b", 2, "c", 2),
            0,
            Map.of()));
  }

  static Stream<Case> finalState() {
    return Stream.of(
        new Case(
            "PodTopologySpread in the final state: zone a's group takes one pod at most, so zone b"
                + " holds two, and no node is bought for pods past the skew",
            cluster()
                .groups(
                    group("a").max(1).template(template().cpu("2").memory("16Gi").zone("a")),
                    group("b").template(template().cpu("4").memory("16Gi").zone("b")))
                .pods(
                    pod("web")
                        .cpu("1500m")
                        .memory("1Gi")
                        .label("app", "web")
                        .spread(zoneSpread(1, 1))
                        .times(8)),
            Map.of("a", 1, "b", 1),
            Map.of("a", 1, "b", 2),
            5,
            Map.of("a", "max node group size reached", "b", SPREAD)),
        new Case(
            "PodTopologySpread on the hostname: each new node is a domain, so it takes maxSkew pods",
            cluster()
                .groups(group("ng").template(template().cpu("4").memory("16Gi").zone("a")))
                .pods(
                    pod("web")
                        .cpu("500m")
                        .label("app", "web")
                        .spread(Node.HOSTNAME_LABEL, 1, "app", "web")
                        .times(3)),
            Map.of("ng", 3),
            Map.of("ng", 3),
            0,
            Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("finalState")
  void theFinalStateKeepsTheSkew(Case c) {
    check(c);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("terminatingPods")
  void terminatingPodsAreNotCountedBySpread(Case c) {
    check(c);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("minDomains")
  void minDomainsHoldsUnderSpreadTargets(Case c) {
    check(c);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("domainsThatCannotHostThePod")
  void aDomainThatCannotHostThePodIsFixed(Case c) {
    check(c);
  }

  private static void check(Case c) {
    Plan plan =
        Autoscaler.runOnce(
            c.cluster().build(), AutoscalerState.EMPTY, AutoscalerOptions.defaults(), Rule.NOW);
    assertThat(Rule.deltas(plan)).as("scale-ups").isEqualTo(new TreeMap<>(c.scaleUps()));
    Map<String, Integer> placed = new TreeMap<>();
    for (ScaleUp s : plan.scaleUps()) {
      placed.put(s.nodeGroup(), s.pods().size());
    }
    assertThat(placed).as("pods on new nodes").isEqualTo(new TreeMap<>(c.podsPerGroup()));
    assertThat(plan.noScaleUps()).as("pods left pending").hasSize(c.pending());
    for (NoScaleUp n : plan.noScaleUps()) {
      assertThat(n.reasons()).as("reasons for " + n.pod()).isEqualTo(c.reasons());
    }
  }
}
