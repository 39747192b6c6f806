package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.NOW;
import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.scheduling.SchedulingChecks;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a new node of a group looks like (docs/algorithm.md §8, CA's template node infos): a
 * sanitised copy of a healthy member, else the declared template plus the DaemonSets that would run
 * on it.
 */
class TemplateRulesTest {
  /** Group ng1 whose only member n1 (8 cores) is full, plus the given pods. */
  static ClusterSpec fullMember(NodeSpec n1, PodSpec... pods) {
    return cluster()
        .groups(group("ng1"))
        .nodes(n1.inGroup("ng1"))
        .pods(pod("app").cpu("6").on("n1"))
        .pods(pods);
  }

  static NodeSpec eightCores() {
    return node("n1").cpu("8");
  }

  static Stream<Rule> fromMember() {
    return Stream.of(
        rule("a member's DaemonSet and mirror pods stay on the template; its other pods do not")
            .given(
                fullMember(
                    eightCores(),
                    pod("agent").cpu("1").daemonSet("agent").on("n1"),
                    pod("proxy").cpu("500m").mirror().on("n1"),
                    pod("web").cpu("6500m")))
            .grows("ng1", 1)
            .build(),
        rule("a pod bigger than the member minus its DaemonSet and mirror pods does not fit")
            .given(
                fullMember(
                    eightCores(),
                    pod("agent").cpu("1").daemonSet("agent").on("n1"),
                    pod("proxy").cpu("500m").mirror().on("n1"),
                    pod("web").cpu("6501m")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("a DaemonSet pod being deleted on the member is not overhead")
            .given(
                fullMember(
                    eightCores(),
                    pod("agent").cpu("2").daemonSet("agent").deletingAt(NOW).on("n1"),
                    pod("web").cpu("7")))
            .grows("ng1", 1)
            .build(),
        rule("a member template counts only the DaemonSet pods running on it")
            .given(
                fullMember(eightCores(), pod("web").cpu("8"))
                    .daemonSet("agent", pod("agent").cpu("1")))
            .grows("ng1", 1)
            .build(),
        rule("the member's hostname is not copied to new nodes")
            .given(
                fullMember(
                    eightCores(), pod("web").cpu("3").nodeSelector(Node.HOSTNAME_LABEL, "n1")))
            .reasons("web", Map.of("ng1", SchedulingChecks.NODE_AFFINITY))
            .build(),
        rule("the member's other labels are copied")
            .given(
                fullMember(
                    eightCores().label("pool", "web"),
                    pod("web").cpu("3").nodeSelector("pool", "web")))
            .grows("ng1", 1)
            .build(),
        rule("the member's own taints are copied")
            .given(
                fullMember(
                    eightCores().taint("dedicated", "batch", TaintEffect.NO_SCHEDULE),
                    pod("web").cpu("3")))
            .reasons("web", Map.of("ng1", "node(s) had untolerated taint {dedicated: batch}"))
            .build(),
        rule("a stale not-ready taint on the member is not copied")
            .given(
                fullMember(
                    eightCores().taint("node.kubernetes.io/not-ready", "", TaintEffect.NO_SCHEDULE),
                    pod("web").cpu("3")))
            .grows("ng1", 1)
            .build(),
        rule("a member being deleted is a last resort, without its ToBeDeleted taint")
            .given(
                fullMember(
                    eightCores()
                        .taint(
                            "ToBeDeletedByClusterAutoscaler",
                            "1700000000",
                            TaintEffect.NO_SCHEDULE),
                    pod("web").cpu("3")))
            .grows("ng1", 1)
            .build(),
        rule("the member's allocatable, not its capacity, is the template's size")
            .given(fullMember(eightCores().reserved("500m", "0"), pod("web").cpu("7600m")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("a healthy member is preferred to the declared template")
            .given(
                cluster()
                    .groups(group("ng1").template(template().cpu("16")))
                    .nodes(node("n1").cpu("4").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("8")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("the declared template is preferred to a member that is not ready")
            .given(
                cluster()
                    .groups(group("ng1").template(template().cpu("16")))
                    .nodes(node("n1").cpu("4").notReady().inGroup("ng1"))
                    .pods(pod("web").cpu("8")))
            .grows("ng1", 1)
            .build(),
        rule("the declared template is preferred to a cordoned member")
            .given(
                cluster()
                    .groups(group("ng1").template(template().cpu("16")))
                    .nodes(node("n1").cpu("4").cordoned().inGroup("ng1"))
                    .pods(pod("web").cpu("8")))
            .grows("ng1", 1)
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fromMember")
  void templateFromAMemberNode(Rule r) {
    r.check();
  }

  /** An empty group with a declared 4-core template, a pod of 3.5 cores, and the DaemonSet. */
  static ClusterSpec declared(NodeSpec template, PodSpec daemonSet, PodSpec web) {
    return cluster()
        .groups(group("ng1").template(template.cpu("4")))
        .daemonSet("agent", daemonSet)
        .pods(web.cpu("3500m"));
  }

  static Stream<Rule> fromDeclaredTemplate() {
    return Stream.of(
        rule("a DaemonSet that runs everywhere takes its share of the template")
            .given(declared(template(), pod("agent").cpu("1"), pod("web")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("a DaemonSet whose nodeSelector the template matches takes its share")
            .given(
                declared(
                    template().label("pool", "web"),
                    pod("agent").cpu("1").nodeSelector("pool", "web"),
                    pod("web")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("a DaemonSet whose nodeSelector the template fails takes nothing")
            .given(
                declared(
                    template().label("pool", "web"),
                    pod("agent").cpu("1").nodeSelector("pool", "gpu"),
                    pod("web")))
            .grows("ng1", 1)
            .build(),
        rule("a DaemonSet not tolerating the template's taint takes nothing")
            .given(
                declared(
                    template().taint("dedicated", "batch", TaintEffect.NO_SCHEDULE),
                    pod("agent").cpu("1"),
                    pod("web").tolerate("dedicated", "batch", TaintEffect.NO_SCHEDULE)))
            .grows("ng1", 1)
            .build(),
        rule("a DaemonSet tolerating the template's taint takes its share")
            .given(
                declared(
                    template().taint("dedicated", "batch", TaintEffect.NO_SCHEDULE),
                    pod("agent").cpu("1").tolerateExists("dedicated"),
                    pod("web").tolerate("dedicated", "batch", TaintEffect.NO_SCHEDULE)))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("the declared template's labels select pods")
            .given(
                declared(
                    template().label("pool", "batch"),
                    pod("agent"),
                    pod("web").nodeSelector("pool", "web")))
            .reasons("web", Map.of("ng1", SchedulingChecks.NODE_AFFINITY))
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fromDeclaredTemplate")
  void templateFromTheDeclaredTemplate(Rule r) {
    r.check();
  }
}
