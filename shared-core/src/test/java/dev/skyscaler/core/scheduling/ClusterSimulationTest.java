package dev.skyscaler.core.scheduling;

import static dev.skyscaler.core.scheduling.Check.row;
import static dev.skyscaler.core.scheduling.PodTopologySpreadTest.web;
import static dev.skyscaler.core.scheduling.PodTopologySpreadTest.webOn;
import static dev.skyscaler.core.scheduling.SchedulingChecks.AFFINITY;
import static dev.skyscaler.core.scheduling.SchedulingChecks.ANTI_AFFINITY;
import static dev.skyscaler.core.scheduling.SchedulingChecks.EXISTING_ANTI_AFFINITY;
import static dev.skyscaler.core.scheduling.SchedulingChecks.HOST_PORTS;
import static dev.skyscaler.core.scheduling.SchedulingChecks.SPREAD;
import static dev.skyscaler.core.scheduling.SchedulingChecks.SPREAD_MISSING_LABEL;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * kube-scheduler's filters that depend on other pods, one table each: NodePorts and
 * InterPodAffinity, and the order filters are reported in. PodTopologySpread is in {@link
 * PodTopologySpreadTest}; bulk counts and the scratch layer are in {@link
 * ClusterSimulationFitTest}.
 */
class ClusterSimulationTest {
  static final String ZONE = Node.ZONE_LABEL;
  static final String HOST = Node.HOSTNAME_LABEL;

  static Stream<Check> nodePorts() {
    return Stream.of(
        row("the same port and protocol conflict")
            .running(pod("old").hostPort(8080).on("n1"))
            .pod(pod("web").hostPort(8080))
            .refused(HOST_PORTS),
        row("another port does not conflict")
            .running(pod("old").hostPort(8080).on("n1"))
            .pod(pod("web").hostPort(9090))
            .fits(),
        row("the same port over another protocol does not conflict")
            .running(pod("old").hostPort("UDP", null, 53).on("n1"))
            .pod(pod("dns").hostPort("TCP", null, 53))
            .fits(),
        row("a specific host IP conflicts with 0.0.0.0 on the same port")
            .running(pod("old").hostPort(8080).on("n1"))
            .pod(pod("web").hostPort("TCP", "10.0.0.1", 8080))
            .refused(HOST_PORTS),
        row("0.0.0.0 conflicts with a specific host IP on the same port")
            .running(pod("old").hostPort("TCP", "10.0.0.1", 8080).on("n1"))
            .pod(pod("web").hostPort(8080))
            .refused(HOST_PORTS),
        row("the same specific host IP conflicts")
            .running(pod("old").hostPort("TCP", "10.0.0.1", 8080).on("n1"))
            .pod(pod("web").hostPort("TCP", "10.0.0.1", 8080))
            .refused(HOST_PORTS),
        row("two different specific host IPs do not conflict")
            .running(pod("old").hostPort("TCP", "10.0.0.1", 8080).on("n1"))
            .pod(pod("web").hostPort("TCP", "10.0.0.2", 8080))
            .fits(),
        row("a pod conflicts if any one of its ports does")
            .running(pod("old").hostPort(9090).on("n1"))
            .pod(pod("web").hostPort(8080).hostPort(9090))
            .refused(HOST_PORTS),
        row("ports held on another node do not matter")
            .nodes(node("n1"), node("n2"))
            .running(pod("old").hostPort(8080).on("n2"))
            .pod(pod("web").hostPort(8080))
            .on("n1")
            .fits());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodePorts")
  void nodePortsFilter(Check c) {
    c.assertVerdict();
  }

  /** n1, n2 in zone a; n3 in zone b; n4 without a zone label. */
  static NodeSpec[] zonedNodes() {
    return new NodeSpec[] {
      node("n1").zone("a"), node("n2").zone("a"), node("n3").zone("b"), node("n4")
    };
  }

  static PodAffinityTerm term(String topologyKey, String k, String v, String... namespaces) {
    return new PodAffinityTerm(
        LabelSelector.of(Map.of(k, v)), Set.of(namespaces), false, topologyKey);
  }

  static PodAffinityTerm anyNamespace(String topologyKey, String k, String v) {
    return new PodAffinityTerm(LabelSelector.of(Map.of(k, v)), Set.of(), true, topologyKey);
  }

  static Stream<Check> interPodAffinity() {
    PodSpec db = pod("db").label("app", "db").on("n1");
    return Stream.of(
        row("zone affinity accepts another node in the zone of a matching pod")
            .nodes(zonedNodes())
            .running(db)
            .pod(pod("web").affinity(ZONE, "app", "db"))
            .on("n2")
            .fits(),
        row("zone affinity refuses a node in another zone")
            .nodes(zonedNodes())
            .running(db)
            .pod(pod("web").affinity(ZONE, "app", "db"))
            .on("n3")
            .refused(AFFINITY),
        row("hostname affinity accepts the matching pod's own node")
            .nodes(zonedNodes())
            .running(db)
            .pod(pod("web").affinity(HOST, "app", "db"))
            .on("n1")
            .fits(),
        row("hostname affinity refuses another node of the same zone")
            .nodes(zonedNodes())
            .running(db)
            .pod(pod("web").affinity(HOST, "app", "db"))
            .on("n2")
            .refused(AFFINITY),
        row("a node lacking the topology key fails affinity even when matching pods exist")
            .nodes(zonedNodes())
            .running(db)
            .pod(pod("web").affinity(ZONE, "app", "db"))
            .on("n4")
            .refused(AFFINITY),
        row("affinity to pods that exist nowhere is refused")
            .nodes(zonedNodes())
            .pod(pod("web").affinity(ZONE, "app", "db"))
            .on("n3")
            .refused(AFFINITY),
        row("the first pod of a self-affine group may go to any node with the key")
            .nodes(zonedNodes())
            .pod(pod("web").label("app", "web").affinity(ZONE, "app", "web"))
            .on("n3")
            .fits(),
        row("the first pod of a self-affine group still needs the topology key")
            .nodes(zonedNodes())
            .pod(pod("web").label("app", "web").affinity(ZONE, "app", "web"))
            .on("n4")
            .refused(AFFINITY),
        row("once one self-affine pod runs, the others must join its zone")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").label("app", "web").affinity(ZONE, "app", "web"))
            .on("n3")
            .refused(AFFINITY),
        row("affinity only sees pods in the pod's own namespace by default")
            .nodes(zonedNodes())
            .running(pod("db").namespace("data").label("app", "db").on("n1"))
            .pod(pod("web").affinity(ZONE, "app", "db"))
            .on("n2")
            .refused(AFFINITY),
        row("affinity with the namespace listed sees pods there")
            .nodes(zonedNodes())
            .running(pod("db").namespace("data").label("app", "db").on("n1"))
            .pod(pod("web").affinity(term(ZONE, "app", "db", "data")))
            .on("n2")
            .fits(),
        row("affinity with an all-namespaces selector sees pods everywhere")
            .nodes(zonedNodes())
            .running(pod("db").namespace("data").label("app", "db").on("n1"))
            .pod(pod("web").affinity(anyNamespace(ZONE, "app", "db")))
            .on("n2")
            .fits(),
        row("two affinity terms must be met by one pod, not by one pod each")
            .nodes(zonedNodes())
            .running(
                pod("db").label("app", "db").on("n1"), pod("cache").label("tier", "cache").on("n2"))
            .pod(pod("web").affinity(ZONE, "app", "db").affinity(ZONE, "tier", "cache"))
            .on("n2")
            .refused(AFFINITY),
        row("two affinity terms met by the same pod fit")
            .nodes(zonedNodes())
            .running(pod("db").label("app", "db").label("tier", "cache").on("n1"))
            .pod(pod("web").affinity(ZONE, "app", "db").affinity(HOST, "tier", "cache"))
            .on("n1")
            .fits(),
        row("hostname anti-affinity refuses the node of a matching pod")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(HOST, "app", "web"))
            .on("n1")
            .refused(ANTI_AFFINITY),
        row("hostname anti-affinity accepts another node of the same zone")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(HOST, "app", "web"))
            .on("n2")
            .fits(),
        row("zone anti-affinity refuses every node of the zone")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(ZONE, "app", "web"))
            .on("n2")
            .refused(ANTI_AFFINITY),
        row("zone anti-affinity accepts another zone")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(ZONE, "app", "web"))
            .on("n3")
            .fits(),
        row("anti-affinity is no obstacle on a node lacking the topology key")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(ZONE, "app", "web"))
            .on("n4")
            .fits(),
        row("anti-affinity only sees pods in the pod's own namespace by default")
            .nodes(zonedNodes())
            .running(pod("web-0").namespace("other").label("app", "web").on("n1"))
            .pod(pod("web").antiAffinity(HOST, "app", "web"))
            .on("n1")
            .fits(),
        row("an existing pod's anti-affinity keeps a matching newcomer off its node")
            .nodes(zonedNodes())
            .running(pod("db").antiAffinity(HOST, "app", "web").on("n1"))
            .pod(pod("web").label("app", "web"))
            .on("n1")
            .refused(EXISTING_ANTI_AFFINITY),
        row("an existing pod's zone anti-affinity keeps a matching newcomer out of its zone")
            .nodes(zonedNodes())
            .running(pod("db").antiAffinity(ZONE, "app", "web").on("n1"))
            .pod(pod("web").label("app", "web"))
            .on("n2")
            .refused(EXISTING_ANTI_AFFINITY),
        row("an existing pod's anti-affinity lets a newcomer into another zone")
            .nodes(zonedNodes())
            .running(pod("db").antiAffinity(ZONE, "app", "web").on("n1"))
            .pod(pod("web").label("app", "web"))
            .on("n3")
            .fits(),
        row("an existing pod's anti-affinity ignores newcomers it does not select")
            .nodes(zonedNodes())
            .running(pod("db").antiAffinity(HOST, "app", "web").on("n1"))
            .pod(pod("api").label("app", "api"))
            .on("n1")
            .fits(),
        row("an existing pod's anti-affinity counts in its own namespace, not the newcomer's")
            .nodes(zonedNodes())
            .running(pod("db").namespace("data").antiAffinity(HOST, "app", "web").on("n1"))
            .pod(pod("web").label("app", "web"))
            .on("n1")
            .fits(),
        row("an existing pod's anti-affinity naming the newcomer's namespace applies")
            .nodes(zonedNodes())
            .running(
                pod("db")
                    .namespace("data")
                    .antiAffinity(term(HOST, "app", "web", "default"))
                    .on("n1"))
            .pod(pod("web").label("app", "web"))
            .on("n1")
            .refused(EXISTING_ANTI_AFFINITY));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("interPodAffinity")
  void interPodAffinityFilter(Check c) {
    c.assertVerdict();
  }

  /**
   * When several filters fail, kube-scheduler (and so CA) reports the first in its plugin order:
   * NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit,
   * PodTopologySpread, InterPodAffinity (affinity, anti-affinity, existing pods' anti-affinity).
   */
  static Stream<Check> filterOrder() {
    return Stream.of(
        row("a port conflict is reported before a resource shortage")
            .nodes(node("n1").cpu("1"))
            .running(pod("old").cpu("1").hostPort(8080).on("n1"))
            .pod(pod("web").cpu("1").hostPort(8080))
            .refused(HOST_PORTS),
        row("a resource shortage is reported before topology spread")
            .nodes(node("a1").zone("a").cpu("1"), node("b1").zone("b"))
            .running(webOn("a1", 1).cpu("1"))
            .pod(web().cpu("1").spread(ZONE, 1, "app", "web"))
            .on("a1")
            .refused("Insufficient cpu"),
        row("topology spread is reported before pod anti-affinity")
            .nodes(node("a1").zone("a"), node("b1").zone("b"))
            .running(webOn("a1", 1))
            .pod(web().spread(ZONE, 1, "app", "web").antiAffinity(HOST, "app", "web"))
            .on("a1")
            .refused(SPREAD),
        row("a missing spread label is reported before pod affinity")
            .nodes(node("a1").zone("a"), node("x1"))
            .pod(web().spread(ZONE, 1, "app", "web").affinity(HOST, "app", "db"))
            .on("x1")
            .refused(SPREAD_MISSING_LABEL),
        row("pod affinity is reported before pod anti-affinity")
            .nodes(zonedNodes())
            .running(pod("web-0").label("app", "web").on("n1"))
            .pod(pod("api").affinity(HOST, "app", "db").antiAffinity(HOST, "app", "web"))
            .on("n1")
            .refused(AFFINITY),
        row("the pod's anti-affinity is reported before existing pods' anti-affinity")
            .nodes(zonedNodes())
            .running(pod("db").label("app", "db").antiAffinity(HOST, "app", "web").on("n1"))
            .pod(pod("web").label("app", "web").antiAffinity(HOST, "app", "db"))
            .on("n1")
            .refused(ANTI_AFFINITY));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("filterOrder")
  void reportsTheFirstFailingFilterInKubeSchedulersOrder(Check c) {
    c.assertVerdict();
  }
}
