package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.DownRule.NOW;
import static dev.skyscaler.core.scaledown.DownRule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which nodes are scale-down candidates and how utilisation is measured (docs/algorithm.md §18),
 * end to end through {@code Autoscaler.runOnce}.
 */
class EligibilityRulesTest {

  /** n1 (8 cores, 62.5% used, room for 3 cores) and n2 (4 cores) with {@code onN2}, in ng1. */
  static ClusterSpec withN2(NodeSpec n2, PodSpec... onN2) {
    for (PodSpec p : onN2) {
      p.on("n2");
    }
    return withN2Placed(n2, onN2);
  }

  /** Like {@link #withN2(NodeSpec, PodSpec...)}, for pods already bound to n2 (with a phase). */
  static ClusterSpec withN2Placed(NodeSpec n2, PodSpec... onN2) {
    return cluster()
        .groups(group("ng1"))
        .nodes(node("n1").cpu("8").memory("32Gi").inGroup("ng1"), n2.inGroup("ng1"))
        .pods(pod("big").cpu("5").memory("20Gi").on("n1"))
        .pods(onN2);
  }

  static ClusterSpec withN2(PodSpec... onN2) {
    return withN2(node("n2"), onN2);
  }

  static Stream<DownRule> eligibility() {
    return Stream.of(
        rule("a node using a quarter of its cpu is removable and its pod moves")
            .given(withN2(pod("web").cpu("1")))
            .removable("n2")
            .moves("n2", Map.of("default/web", "n1"))
            .keeps("n1", "NotUnderutilized")
            .build(),
        rule("a node using exactly half its cpu is underutilised")
            .given(withN2(pod("web").cpu("2")))
            .removable("n2")
            .build(),
        rule("a node using just over half its cpu is not")
            .given(withN2(pod("web").cpu("2001m")))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("memory counts as much as cpu")
            .given(withN2(pod("web").cpu("100m").memory("9Gi")))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("scale-down-utilization-threshold is configurable")
            .given(withN2(pod("web").cpu("3")))
            .with(o -> o.toBuilder().utilizationThreshold(0.8).build())
            .removable("n2")
            .build(),
        rule("DaemonSet pods count towards utilisation by default")
            .given(withN2(pod("agent").cpu("1500m").daemonSet("agent"), pod("web").cpu("1")))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("ignore-daemonsets-utilization leaves them out of requests and allocatable")
            .given(withN2(pod("agent").cpu("1500m").daemonSet("agent"), pod("web").cpu("1")))
            .with(o -> o.toBuilder().ignoreDaemonSetsUtilization(true).build())
            .removable("n2")
            .build(),
        rule("mirror pods count towards utilisation by default")
            .given(withN2(pod("etcd").cpu("1500m").mirror(), pod("web").cpu("1")))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("ignore-mirror-pods-utilization leaves them out")
            .given(withN2(pod("etcd").cpu("1500m").mirror(), pod("web").cpu("1")))
            .with(o -> o.toBuilder().ignoreMirrorPodsUtilization(true).build())
            .removable("n2")
            .build(),
        rule("a GPU node is measured by its GPUs only")
            .given(gpuNodes(pod("train").cpu("3500m").gpu(1)))
            .removable("g1")
            .moves("g1", Map.of("default/train", "g2"))
            .keeps("g2", "NotUnderutilized")
            .build(),
        rule("scale-down-gpu-utilization-threshold applies to GPU nodes")
            .given(gpuNodes(pod("train").cpu("100m").gpu(1)))
            .with(o -> o.toBuilder().gpuUtilizationThreshold(0.4).build())
            .keeps("g1", "NotUnderutilized")
            .build(),
        rule("a pod terminating past its grace period no longer counts")
            .given(withN2(pod("old").cpu("3").grace(30).deletingAt(NOW.minusSeconds(61))))
            .removable("n2")
            .build(),
        rule("a pod terminating within its grace period still counts")
            .given(withN2(pod("old").cpu("3").grace(30).deletingAt(NOW.minusSeconds(59))))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("a finished pod does not count")
            .given(
                withN2Placed(
                    node("n2"),
                    pod("job").cpu("3").on("n2").phase(PodPhase.SUCCEEDED),
                    pod("web").cpu("1").on("n2")))
            .removable("n2")
            .build(),
        rule("an expendable pod does not count")
            .given(withN2(pod("batch").cpu("3").priority(-11), pod("web").cpu("1")))
            .removable("n2")
            .build(),
        rule("a pod nominated to the node counts there")
            .given(withN2Placed(node("n2"), pod("preemptor").cpu("3").nominatedTo("n2")))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("a node annotated scale-down-disabled stays")
            .given(
                withN2(
                    node("n2").annotation(Eligibility.SCALE_DOWN_DISABLED, "true"),
                    pod("web").cpu("1")))
            .keeps("n2", "ScaleDownDisabledAnnotation")
            .build(),
        rule("the scale-down-disabled annotation must say true")
            .given(
                withN2(
                    node("n2").annotation(Eligibility.SCALE_DOWN_DISABLED, "yes"),
                    pod("web").cpu("1")))
            .removable("n2")
            .build(),
        rule("a group at its minimum size keeps every node")
            .given(
                cluster()
                    .groups(group("ng1").min(2))
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1")))
            .keeps("n1", "NodeGroupMinSizeReached")
            .keeps("n2", "NodeGroupMinSizeReached")
            .build(),
        rule("a node with a deletion taint is already being deleted")
            .given(
                withN2(
                    node("n2").taint(DrainSteps.DELETION_TAINT, "1", TaintEffect.NO_SCHEDULE),
                    pod("web").cpu("1")))
            .keeps("n2", "CurrentlyBeingDeleted")
            .build(),
        rule("an unready node is a candidate with scale-down-unready-enabled")
            .given(withN2(node("n2").notReady(), pod("web").cpu("1")))
            .removable("n2")
            .build(),
        rule("an unready node stays when scale-down-unready-enabled is false")
            .given(withN2(node("n2").notReady(), pod("web").cpu("1")))
            .with(o -> o.toBuilder().unreadyEnabled(false).build())
            .keeps("n2", "ScaleDownUnreadyDisabled")
            .build(),
        rule("a node still starting is not considered")
            .given(withN2(node("n2").notReady().createdAt(NOW.minus(Duration.ofMinutes(3)))))
            .keeps("n2", "NotUnneededOtherReason")
            .build(),
        rule("a node without allocatable cpu cannot be measured")
            .given(withN2(node("n2").cpu("0")))
            .keeps("n2", "UnexpectedError")
            .build(),
        rule("a node found unremovable recently is not checked again")
            .given(withN2(pod("web").cpu("1")))
            .state(recheck("n2", NOW.plusSeconds(60)))
            .keeps("n2", "RecentlyUnremovable")
            .build(),
        rule("a node whose recheck time has come is checked again")
            .given(withN2(pod("web").cpu("1")))
            .state(recheck("n2", NOW))
            .removable("n2")
            .build(),
        rule("scale-down-enabled=false lists no node at all")
            .given(withN2(pod("web").cpu("1")))
            .with(o -> o.toBuilder().enabled(false).build())
            .build());
  }

  /** g1: 2 GPUs, g2: 4 GPUs with 3 used and little cpu; both in gpu. */
  static ClusterSpec gpuNodes(PodSpec onG1) {
    return cluster()
        .groups(group("gpu"))
        .nodes(node("g1").cpu("4").gpu(2).inGroup("gpu"), node("g2").cpu("8").gpu(4).inGroup("gpu"))
        .pods(onG1.on("g1"), pod("busy").cpu("100m").gpu(3).on("g2"));
  }

  static AutoscalerState recheck(String node, java.time.Instant until) {
    return new AutoscalerState(
        Map.of(),
        Map.of(node, until),
        Map.of(),
        AutoscalerState.NEVER,
        AutoscalerState.NEVER,
        AutoscalerState.NEVER);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("eligibility")
  void eligibilityAndUtilisationFollowCa(DownRule rule) {
    rule.check();
  }

  @org.junit.jupiter.api.Test
  void aNodeOutsideEveryManagedGroupIsNeitherRemovableNorListed() {
    var plan =
        rule("unmanaged")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").inGroup("ng1"), node("n9"))
                    .pods(pod("big").cpu("3").on("n1")))
            .build()
            .plan();
    org.assertj.core.api.Assertions.assertThat(DownRule.reasons(plan)).containsOnlyKeys("n1");
    org.assertj.core.api.Assertions.assertThat(plan.scaleDowns()).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void scaleDownDisabledListsNothing() {
    var plan =
        rule("disabled")
            .given(withN2(pod("web").cpu("1")))
            .with(o -> o.toBuilder().enabled(false).build())
            .build()
            .plan();
    org.assertj.core.api.Assertions.assertThat(plan.unremovable()).isEmpty();
    org.assertj.core.api.Assertions.assertThat(plan.state()).isEqualTo(AutoscalerState.EMPTY);
  }
}
