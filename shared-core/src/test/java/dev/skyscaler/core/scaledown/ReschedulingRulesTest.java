package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.DownRule.NOW;
import static dev.skyscaler.core.scaledown.DownRule.rule;
import static dev.skyscaler.core.scaledown.DrainabilityRulesTest.blocked;
import static dev.skyscaler.core.scaledown.DrainabilityRulesTest.pdb;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rescheduling simulation and the limits of one pass (docs/algorithm.md §20–21): every pod to
 * move must fit elsewhere, earlier removals' pods stay where they went, removed nodes are no
 * destination, pending pods and drains under way take their room first, and PDB budgets, group
 * minimums and cluster minimums hold across the nodes removed together.
 */
class ReschedulingRulesTest {

  /** An 8-core node with 5 cores used: never a candidate, room for 3 cores. */
  static NodeSpec roomy(String name, ClusterSpec c) {
    c.pods(pod(name + "-base").cpu("5").on(name));
    return node(name).cpu("8").inGroup("ng1");
  }

  static ClusterSpec ng1() {
    return cluster().groups(group("ng1"));
  }

  static Stream<DownRule> rescheduling() {
    return Stream.of(
        rule("a node whose pods fit nowhere stays")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("full").cpu("4").on("n1"), pod("web").cpu("2").on("n2")))
            .keeps("n1", "NotUnderutilized")
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        earlierRemovalsTakeTheRoom(),
        rule("a node chosen for removal receives no pods")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("a").cpu("1").on("n1"), pod("b").cpu("1").on("n2")))
            .removable("n1")
            .moves("n1", Map.of("default/a", "n2"))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("pods moved onto a node move again when that node goes too")
            .given(
                ng1()
                    .nodes(
                        node("n1").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").cpu("8").inGroup("ng1"))
                    .pods(
                        pod("a").cpu("1").on("n1"),
                        pod("b").cpu("1500m").on("n2"),
                        pod("c").cpu("4100m").on("n3")))
            .removable("n1", "n2")
            .moves("n1", Map.of("default/a", "n2"))
            .moves("n2", Map.of("default/a", "n3", "default/b", "n3"))
            .keeps("n3", "NotUnderutilized")
            .build(),
        emptyNodesComeFirst(),
        rule("nodes unneeded in the previous scan come before less used ones")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("a").cpu("500m").on("n1"), pod("b").cpu("1").on("n2")))
            .state(unneeded("n2"))
            .removable("n2")
            .keeps("n1", "NoPlaceToMovePods")
            .build(),
        rule("otherwise the less used node goes first")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("a").cpu("1").on("n1"), pod("b").cpu("500m").on("n2")))
            .removable("n2")
            .keeps("n1", "NoPlaceToMovePods")
            .build(),
        rule("a pod repelling its own kind cannot join a sibling")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(
                        pod("full").cpu("2100m").label("app", "web").on("n1"),
                        pod("web")
                            .cpu("1")
                            .label("app", "web")
                            .antiAffinity(
                                dev.skyscaler.core.model.Node.HOSTNAME_LABEL, "app", "web")
                            .on("n2")))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("a pod moves only to a node matching its node selector")
            .given(
                ng1()
                    .nodes(
                        node("n1").cpu("8").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").cpu("8").label("disk", "ssd").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("n3-base").cpu("5").on("n3"),
                        pod("db").cpu("1").nodeSelector("disk", "ssd").on("n2")))
            .removable("n2")
            .moves("n2", Map.of("default/db", "n3"))
            .build(),
        rule("a cordoned node is no destination")
            .given(
                ng1()
                    .nodes(node("n1").cpu("8").cordoned().inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("n1-base").cpu("5").on("n1"), pod("web").cpu("1").on("n2")))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("a tainted node is no destination unless the pod tolerates the taint")
            .given(
                ng1()
                    .nodes(
                        node("n1")
                            .cpu("8")
                            .taint("dedicated", "db", TaintEffect.NO_SCHEDULE)
                            .inGroup("ng1"),
                        node("n2").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("web").cpu("1").on("n2"),
                        pod("db")
                            .cpu("1")
                            .tolerate("dedicated", "db", TaintEffect.NO_SCHEDULE)
                            .on("n2")))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("an unready node is no destination")
            .given(
                ng1()
                    .nodes(node("n1").cpu("8").notReady().inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(pod("n1-base").cpu("5").on("n1"), pod("web").cpu("1").on("n2")))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("pending pods take the room they fit into first")
            .given(
                ng1()
                    .nodes(node("n1").cpu("8").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("waiting").cpu("3"),
                        pod("web").cpu("1").on("n2")))
            .keeps("n2", "NoPlaceToMovePods")
            .build(),
        rule("a pending pod placed on an underused node makes it used")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").cpu("8").inGroup("ng1"))
                    .pods(
                        pod("a").cpu("1").on("n1"),
                        pod("waiting").cpu("2"),
                        pod("n2-base").cpu("5").on("n2")))
            .keeps("n1", "NotUnderutilized")
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("a node over the threshold stays so whatever pending pods wait")
            .given(
                ng1()
                    .nodes(node("n1").inGroup("ng1"), node("n2").cpu("8").inGroup("ng1"))
                    .pods(
                        pod("a").cpu("1").on("n1"),
                        pod("waiting").cpu("5"),
                        pod("n2-base").cpu("5").on("n2")))
            .removable("n1")
            .moves("n1", Map.of("default/a", "n2"))
            .keeps("n2", "NotUnderutilized")
            .build(),
        rule("the pods of a drain under way take their room first")
            .given(
                ng1()
                    .nodes(
                        node("n1").cpu("8").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("web").cpu("1").on("n2"),
                        pod("leaving").cpu("3").on("n3")))
            .state(draining("n3", "ng1"))
            .keeps("n2", "NoPlaceToMovePods")
            .keeps("n3", "CurrentlyBeingDeleted")
            .build(),
        rule("the pods of an interrupted node take their room first")
            .given(
                ng1()
                    .nodes(
                        node("n1").cpu("8").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3")
                            .taint(
                                dev.skyscaler.core.interruption.InterruptionPolicy.TAINT_KEY,
                                "spot-warning",
                                TaintEffect.NO_SCHEDULE)
                            .cordoned()
                            .inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("web").cpu("1").on("n2"),
                        pod("leaving").cpu("3").on("n3")))
            .keeps("n2", "NoPlaceToMovePods")
            .keeps("n3", "CurrentlyBeingDeleted")
            .build(),
        rule("the nodes removed together share a PDB's disruptions")
            .given(
                ng1()
                    .nodes(
                        node("n1").cpu("8").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("web-a").label("app", "web").cpu("1").on("n2"),
                        pod("web-b").label("app", "web").cpu("1").on("n3"))
                    .pdb(pdb("default", "web", 1)))
            .removable("n2")
            .keeps("n3", blocked("default/web-b", "NotEnoughPdb"))
            .build(),
        rule("a node needing more disruptions than a PDB has left stays")
            .given(
                ng1()
                    .nodes(node("n1").cpu("8").inGroup("ng1"), node("n2").inGroup("ng1"))
                    .pods(
                        pod("n1-base").cpu("5").on("n1"),
                        pod("web-a").label("app", "web").cpu("500m").on("n2"),
                        pod("web-b").label("app", "web").cpu("500m").on("n2"))
                    .pdb(pdb("default", "web", 1)))
            .keeps("n2", blocked("default/web-b", "NotEnoughPdb"))
            .build(),
        rule("a group one above its minimum loses one node")
            .given(
                cluster()
                    .groups(group("ng1").min(2))
                    .nodes(
                        node("n1").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").inGroup("ng1")))
            .removable("n1")
            .keeps("n2", "NodeGroupMinSizeReached")
            .keeps("n3", "NodeGroupMinSizeReached")
            .build(),
        rule("removals under way count against the group's minimum")
            .given(
                cluster()
                    .groups(group("ng1").min(1))
                    .nodes(
                        node("n1").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").inGroup("ng1")))
            .state(draining("n3", "ng1"))
            .removable("n1")
            .keeps("n2", "NodeGroupMinSizeReached")
            .build(),
        rule("a removal whose deletion was asked for is already out of the cloud's target")
            .given(
                cluster()
                    .groups(group("ng1").min(1).target(2))
                    .nodes(
                        node("n1").inGroup("ng1"),
                        node("n2").inGroup("ng1"),
                        node("n3").inGroup("ng1")))
            .state(draining("n3", "ng1", DrainStep.DELETING))
            .removable("n1")
            .keeps("n2", "NodeGroupMinSizeReached")
            .build(),
        rule("each group's minimum counts on its own")
            .given(
                cluster()
                    .groups(group("a").min(1), group("b"))
                    .nodes(node("a1").inGroup("a"), node("b1").inGroup("b")))
            .removable("b1")
            .keeps("a1", "NodeGroupMinSizeReached")
            .build(),
        rule("the cores-total minimum holds")
            .given(threeEmptyNodes())
            .withScaleUp(o -> o.toBuilder().coresTotal(new Range(8, 320_000)).build())
            .removable("n1")
            .keeps("n2", "MinimalResourceLimitExceeded")
            .keeps("n3", "MinimalResourceLimitExceeded")
            .build(),
        rule("the memory-total minimum holds")
            .given(threeEmptyNodes())
            .withScaleUp(o -> o.toBuilder().memoryTotal(new Range(48, 6_400_000)).build())
            .keeps("n1", "MinimalResourceLimitExceeded")
            .build(),
        rule("a gpu-total minimum keeps GPU nodes only")
            .given(ng1().nodes(node("g1").gpu(2).inGroup("ng1"), node("n1").inGroup("ng1")))
            .withScaleUp(
                o -> o.toBuilder().gpuTotal(Map.of("nvidia.com/gpu", new Range(2, 8))).build())
            .removable("n1")
            .keeps("g1", "MinimalResourceLimitExceeded")
            .build());
  }

  /** a, b (1.5 cores each) fill x's 3 free cores; c (2 cores) finds x full. */
  static DownRule earlierRemovalsTakeTheRoom() {
    ClusterSpec c = ng1();
    c.nodes(
        roomy("x", c),
        node("a").inGroup("ng1"),
        node("b").inGroup("ng1"),
        node("c").inGroup("ng1"));
    c.pods(pod("pa").cpu("1500m").on("a"), pod("pb").cpu("1500m").on("b"));
    c.pods(pod("pc").cpu("2").on("c"));
    return rule("earlier removals take the room later candidates would use")
        .given(c)
        .removable("a", "b")
        .moves("a", Map.of("default/pa", "x"))
        .moves("b", Map.of("default/pb", "x"))
        .keeps("c", "NoPlaceToMovePods")
        .build();
  }

  static DownRule emptyNodesComeFirst() {
    ClusterSpec c = ng1();
    c.nodes(roomy("x", c), node("n1").inGroup("ng1"), node("n2").inGroup("ng1"));
    c.pods(pod("web").cpu("1").on("n1"), pod("agent").daemonSet("agent").cpu("100m").on("n2"));
    return rule("empty nodes are taken first").given(c).removable("n2", "n1").build();
  }

  static ClusterSpec threeEmptyNodes() {
    return ng1()
        .nodes(node("n1").inGroup("ng1"), node("n2").inGroup("ng1"), node("n3").inGroup("ng1"));
  }

  static AutoscalerState unneeded(String node) {
    return new AutoscalerState(
        Map.of(node, NOW.minusSeconds(60)),
        Map.of(),
        Map.of(),
        AutoscalerState.NEVER,
        AutoscalerState.NEVER,
        AutoscalerState.NEVER);
  }

  static AutoscalerState draining(String node, String group) {
    return draining(node, group, DrainStep.EVICTING);
  }

  static AutoscalerState draining(String node, String group, DrainStep step) {
    Drain d =
        new Drain(
            node,
            group,
            "aws:///eu-west-1a/i-" + node,
            step,
            false,
            "underutilized",
            NOW.minusSeconds(10),
            NOW.plus(Duration.ofMinutes(3)));
    return new AutoscalerState(
        Map.of(),
        Map.of(),
        Map.of(node, d),
        AutoscalerState.NEVER,
        NOW.minusSeconds(10),
        AutoscalerState.NEVER);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rescheduling")
  void reschedulingAndLimitsHoldAcrossThePass(DownRule rule) {
    rule.check();
  }
}
