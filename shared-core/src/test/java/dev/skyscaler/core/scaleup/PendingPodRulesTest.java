package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.NOW;
import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which pending pods scale-up helps (CA's pod list processors, docs/algorithm.md §6) and how nodes
 * that are already booting absorb them (§4.2), end to end through {@code Autoscaler.runOnce} and
 * {@code explain}.
 */
class PendingPodRulesTest {
  static final String DELAY = PendingPods.SCALE_UP_DELAY_ANNOTATION;

  /** One empty group of 4-core nodes and the given pods. */
  static ClusterSpec emptyGroupWith(PodSpec... pods) {
    return cluster().groups(group("ng1").template(template().cpu("4"))).pods(pods);
  }

  static Stream<Rule> pendingPods() {
    return Stream.of(
        rule("a pod the scheduler marked unschedulable is helped")
            .given(emptyGroupWith(pod("web").cpu("1")))
            .grows("ng1", 1)
            .summary("web", "helped by a scale-up of ng1")
            .build(),
        rule("a pod not yet marked unschedulable waits for the scheduler")
            .given(emptyGroupWith(pod("web").cpu("1").unprocessed()))
            .summary("web", "not considered: not marked unschedulable by the scheduler yet")
            .build(),
        rule("a pod nominated to a node waits for preemption there")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(
                        pod("low").cpu("4").priority(-5).on("n1"),
                        pod("web").cpu("2").nominatedTo("n1")))
            .summary("web", "not considered: nominated to node n1 (waiting for preemption)")
            .build(),
        rule("a nominated pod takes its room on the node it waits for")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("big").cpu("3").nominatedTo("n1"), pod("web").cpu("2")))
            .grows("ng1", 1)
            .summary("web", "helped by a scale-up of ng1")
            .build(),
        rule("a DaemonSet pod cannot be helped by new nodes")
            .given(emptyGroupWith(pod("agent").cpu("1").daemonSet("agent")))
            .summary("agent", "not considered: DaemonSet pods cannot be helped by new nodes")
            .build(),
        rule("a pod below the expendable cutoff is ignored")
            .given(emptyGroupWith(pod("batch").cpu("1").priority(-11)))
            .summary(
                "batch",
                "not considered: expendable: priority -11 is below"
                    + " --expendable-pods-priority-cutoff=-10")
            .build(),
        rule("a pod exactly at the expendable cutoff is helped")
            .given(emptyGroupWith(pod("batch").cpu("1").priority(-10)))
            .grows("ng1", 1)
            .build(),
        rule("the expendable cutoff is configurable")
            .given(emptyGroupWith(pod("batch").cpu("1").priority(-1)))
            .with(o -> o.toBuilder().expendablePodsPriorityCutoff(0).build())
            .summary(
                "batch",
                "not considered: expendable: priority -1 is below"
                    + " --expendable-pods-priority-cutoff=0")
            .build(),
        rule("an expendable pod running on a node leaves its room free for pending pods")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("batch").cpu("4").priority(-100).on("n1"), pod("web").cpu("2")))
            .summary("web", "pending, but fits existing node n1: no scale-up needed")
            .build(),
        rule("a pod younger than new-pod-scale-up-delay waits")
            .given(emptyGroupWith(pod("web").cpu("1").createdAt(NOW.minusSeconds(10))))
            .with(o -> o.toBuilder().newPodScaleUpDelay(Duration.ofSeconds(30)).build())
            .summary("web", "not considered: younger than the scale-up delay (10s < 30s)")
            .build(),
        rule("a pod older than new-pod-scale-up-delay is helped")
            .given(emptyGroupWith(pod("web").cpu("1").createdAt(NOW.minusSeconds(31))))
            .with(o -> o.toBuilder().newPodScaleUpDelay(Duration.ofSeconds(30)).build())
            .grows("ng1", 1)
            .build(),
        rule("the pod-scale-up-delay annotation lengthens the delay")
            .given(
                emptyGroupWith(
                    pod("web").cpu("1").annotation(DELAY, "2m").createdAt(NOW.minusSeconds(60))))
            .with(o -> o.toBuilder().newPodScaleUpDelay(Duration.ofSeconds(30)).build())
            .summary("web", "not considered: younger than the scale-up delay (60s < 120s)")
            .build(),
        rule("the pod-scale-up-delay annotation cannot shorten the delay")
            .given(
                emptyGroupWith(
                    pod("web").cpu("1").annotation(DELAY, "10s").createdAt(NOW.minusSeconds(20))))
            .with(o -> o.toBuilder().newPodScaleUpDelay(Duration.ofSeconds(30)).build())
            .summary("web", "not considered: younger than the scale-up delay (20s < 30s)")
            .build(),
        rule("the pod-scale-up-delay annotation applies when the flag is 0")
            .given(
                emptyGroupWith(
                    pod("web").cpu("1").annotation(DELAY, "10s").createdAt(NOW.minusSeconds(5))))
            .summary("web", "not considered: younger than the scale-up delay (5s < 10s)")
            .build(),
        rule("an unparsable pod-scale-up-delay annotation falls back to the flag")
            .given(
                emptyGroupWith(
                    pod("web").cpu("1").annotation(DELAY, "soon").createdAt(NOW.minusSeconds(5))))
            .grows("ng1", 1)
            .build(),
        rule("a succeeded pod is finished")
            .given(emptyGroupWith(pod("job").cpu("1").phase(PodPhase.SUCCEEDED)))
            .summary("job", "finished (Succeeded); ignored")
            .build(),
        rule("a failed pod is finished")
            .given(emptyGroupWith(pod("job").cpu("1").phase(PodPhase.FAILED)))
            .summary("job", "finished (Failed); ignored")
            .build(),
        rule("a pod being deleted is not helped")
            .given(emptyGroupWith(pod("web").cpu("1").deletingAt(NOW.minusSeconds(1))))
            .summary("web", "not considered: being deleted")
            .build(),
        rule("higher-priority pods take the room on existing nodes first")
            .given(
                cluster()
                    .groups(group("ng1").max(1))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(
                        pod("busy").cpu("2").on("n1"),
                        pod("low").cpu("2"),
                        pod("high").cpu("2").priority(100)))
            .summary("high", "pending, but fits existing node n1: no scale-up needed")
            .reasons("low", Map.of("ng1", "max node group size reached"))
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pendingPods")
  void pendingPodSelection(Rule r) {
    r.check();
  }

  static Stream<Rule> upcomingNodes() {
    return Stream.of(
        rule("a booting node (target above registered members) takes a pending pod")
            .given(
                cluster()
                    .groups(group("ng1").target(2))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("2")))
            .summary("web", "pending; will fit a node of ng1 that is already booting")
            .build(),
        rule("pods beyond the booting nodes' room get new nodes, and only for the rest")
            .given(
                cluster()
                    .groups(group("ng1").target(2))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("3").times(3)))
            .grows("ng1", 2)
            .build(),
        rule("an empty group's target size boots template nodes")
            .given(
                cluster()
                    .groups(group("ng1").target(2).template(template().cpu("4")))
                    .pods(pod("web").cpu("4").times(2)))
            .summary("web-1", "pending; will fit a node of ng1 that is already booting")
            .build(),
        rule("booting nodes carry the template's taints")
            .given(
                cluster()
                    .groups(
                        group("ng1")
                            .target(1)
                            .template(
                                template().taint("dedicated", "batch", TaintEffect.NO_SCHEDULE)))
                    .pods(pod("web").cpu("1")))
            .reasons("web", Map.of("ng1", "node(s) had untolerated taint {dedicated: batch}"))
            .build(),
        rule("booting nodes carry the DaemonSet overhead")
            .given(
                cluster()
                    .groups(group("ng1").target(1).template(template().cpu("4")))
                    .daemonSet("agent", pod("agent").cpu("1"))
                    .pods(pod("web").cpu("3500m")))
            .reasons("web", Map.of("ng1", "Insufficient cpu"))
            .build(),
        rule("booting nodes count towards the group's max size")
            .given(
                cluster()
                    .groups(group("ng1").max(3).target(3))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("4").times(3)))
            .reasons("web-2", Map.of("ng1", "max node group size reached"))
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("upcomingNodes")
  void upcomingNodesAreTemplateNodes(Rule r) {
    r.check();
  }
}
