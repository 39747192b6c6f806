package dev.skyscaler.core.scheduling;

import static dev.skyscaler.core.scheduling.Check.row;
import static dev.skyscaler.core.scheduling.ClusterSimulationTest.HOST;
import static dev.skyscaler.core.scheduling.ClusterSimulationTest.ZONE;
import static dev.skyscaler.core.scheduling.SchedulingChecks.SPREAD;
import static dev.skyscaler.core.scheduling.SchedulingChecks.SPREAD_MISSING_LABEL;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * kube-scheduler's PodTopologySpread filter (DoNotSchedule constraints): which nodes are domains,
 * the global minimum, and the skew with and without the pod itself.
 */
class PodTopologySpreadTest {
  static PodSpec web() {
    return pod("web").label("app", "web");
  }

  static PodSpec webOn(String node, int count) {
    return pod("web-on-" + node).label("app", "web").on(node).times(count);
  }

  static TopologySpreadConstraint spread(
      String key, int maxSkew, int minDomains, boolean honorAffinity, boolean honorTaints) {
    return new TopologySpreadConstraint(
        maxSkew,
        key,
        true,
        LabelSelector.of(Map.of("app", "web")),
        minDomains,
        honorAffinity,
        honorTaints);
  }

  static Stream<Check> podTopologySpread() {
    NodeSpec a1 = node("a1").zone("a");
    NodeSpec a2 = node("a2").zone("a");
    NodeSpec b1 = node("b1").zone("b");
    return Stream.of(
        row("the first pod may go to any zone")
            .nodes(a1, b1)
            .pod(web().spread(ZONE, 1, "app", "web"))
            .fits(),
        row("maxSkew 1: a zone one pod ahead refuses another")
            .nodes(a1, b1)
            .running(webOn("a1", 1))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("maxSkew 1: the zone behind accepts")
            .nodes(a1, b1)
            .running(webOn("a1", 1))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("b1")
            .fits(),
        row("maxSkew 2: a zone one pod ahead accepts another")
            .nodes(a1, b1)
            .running(webOn("a1", 1))
            .pod(web().spread(ZONE, 2, "app", "web"))
            .on("a1")
            .fits(),
        row("maxSkew 2: a zone two pods ahead refuses another")
            .nodes(a1, b1)
            .running(webOn("a1", 2))
            .pod(web().spread(ZONE, 2, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("the skew is per zone, not per node: another node of a full zone refuses")
            .nodes(a1, a2, b1)
            .running(webOn("a1", 1))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a2")
            .refused(SPREAD),
        row("a zone whose nodes hold no matching pod is a domain with count 0")
            .nodes(a1, b1, node("c1").zone("c"))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("a node failing the pod's node affinity is no domain (nodeAffinityPolicy Honor)")
            .nodes(
                node("a1").zone("a").label("pool", "web"),
                node("b1").zone("b").label("pool", "web"),
                node("c1").zone("c").label("pool", "batch"))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().nodeSelector("pool", "web").spread(ZONE, 1, "app", "web"))
            .on("a1")
            .fits(),
        row("with nodeAffinityPolicy Ignore that node is a domain again")
            .nodes(
                node("a1").zone("a").label("pool", "web"),
                node("b1").zone("b").label("pool", "web"),
                node("c1").zone("c").label("pool", "batch"))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().nodeSelector("pool", "web").spread(spread(ZONE, 1, 1, false, false)))
            .on("a1")
            .refused(SPREAD),
        row("a node with an untolerated taint is still a domain (nodeTaintsPolicy Ignore)")
            .nodes(
                a1, b1, node("c1").zone("c").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("with nodeTaintsPolicy Honor the tainted node is no domain")
            .nodes(
                a1, b1, node("c1").zone("c").taint("dedicated", "batch", TaintEffect.NO_SCHEDULE))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(spread(ZONE, 1, 1, true, true)))
            .on("a1")
            .fits(),
        row("minDomains above the domain count makes the global minimum 0")
            .nodes(a1, b1)
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(spread(ZONE, 1, 3, true, false)))
            .on("a1")
            .refused(SPREAD),
        row("minDomains equal to the domain count keeps the real minimum")
            .nodes(a1, b1)
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(spread(ZONE, 1, 2, true, false)))
            .on("a1")
            .fits(),
        row("a node without the topology label fails with (missing required label)")
            .nodes(a1, node("x1"))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("x1")
            .refused(SPREAD_MISSING_LABEL),
        row("ScheduleAnyway is ignored, however skewed")
            .nodes(a1, b1)
            .running(webOn("a1", 5))
            .pod(
                web()
                    .spread(
                        new TopologySpreadConstraint(
                            1,
                            ZONE,
                            false,
                            LabelSelector.of(Map.of("app", "web")),
                            1,
                            true,
                            false)))
            .on("a1")
            .fits(),
        row("ScheduleAnyway does not need the topology label")
            .nodes(a1, node("x1"))
            .pod(
                web()
                    .spread(
                        new TopologySpreadConstraint(
                            1,
                            ZONE,
                            false,
                            LabelSelector.of(Map.of("app", "web")),
                            1,
                            true,
                            false)))
            .on("x1")
            .fits(),
        row("a selector not matching the pod itself: skew counts without the pod")
            .nodes(a1, b1)
            .running(webOn("a1", 1))
            .pod(pod("api").label("app", "api").spread(ZONE, 1, "app", "web"))
            .on("a1")
            .fits(),
        row("a selector not matching the pod itself still refuses a zone already too far ahead")
            .nodes(a1, b1)
            .running(webOn("a1", 2))
            .pod(pod("api").label("app", "api").spread(ZONE, 1, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("a pod being deleted does not count (kube-scheduler skips a deletionTimestamp)")
            .nodes(a1, b1)
            .running(webOn("a1", 1).deletingAt(Instant.EPOCH))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a1")
            .fits(),
        row("only pods in the pod's namespace count")
            .nodes(a1, b1)
            .running(pod("other").namespace("other").label("app", "web").on("a1").times(3))
            .pod(web().spread(ZONE, 1, "app", "web"))
            .on("a1")
            .fits(),
        row("hostname spread: each node is its own domain")
            .nodes(a1, a2)
            .running(webOn("a1", 1))
            .pod(web().spread(HOST, 1, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("a node lacking another constraint's key is no domain for any constraint")
            .nodes(a1, b1, node("x1"))
            .running(webOn("a1", 1), webOn("b1", 1))
            .pod(web().spread(ZONE, 1, "app", "web").spread(HOST, 1, "app", "web"))
            .on("a1")
            .fits());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podTopologySpread")
  void podTopologySpreadFilter(Check c) {
    c.assertVerdict();
  }
}
