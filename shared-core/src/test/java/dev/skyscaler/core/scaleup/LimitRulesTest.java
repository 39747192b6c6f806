package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.rule;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;

import dev.skyscaler.core.config.ScaleUpOptions.Range;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Limits on scale-up (docs/algorithm.md §10, CA's scale-up resource limits): each caps the delta
 * and names itself in the reason of the pods left pending. Every pod here needs a whole 4-core
 * node.
 */
class LimitRulesTest {

  static Stream<Rule> limits() {
    return Stream.of(
        rule("the group's max size caps the delta")
            .given(
                cluster()
                    .groups(group("ng1").max(3).template(template().cpu("4")))
                    .pods(pod("w").cpu("4").times(5)))
            .grows("ng1", 3)
            .reasons("w-4", Map.of("ng1", "max node group size reached"))
            .build(),
        rule("max-nodes-total counts registered and booting nodes")
            .given(
                cluster()
                    .groups(group("ng1").target(2))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("w").cpu("4").times(4)))
            .with(o -> o.toBuilder().maxNodesTotal(3).build())
            .grows("ng1", 1)
            .reasons("w-3", Map.of("ng1", "exceeded quota: max-nodes-total (3)"))
            .build(),
        rule("max-nodes-total is shared by all groups in one scan")
            .given(
                cluster()
                    .groups(
                        group("a").max(1).template(template().cpu("4")),
                        group("b").template(template().cpu("4")))
                    .pods(pod("w").cpu("4").times(4)))
            .with(o -> o.toBuilder().maxNodesTotal(3).build())
            .grows("a", 1)
            .grows("b", 2)
            .reasons(
                "w-3",
                Map.of(
                    "a", "max node group size reached",
                    "b", "exceeded quota: max-nodes-total (3)"))
            .build(),
        rule("cores-total is in cores and counts existing nodes")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").cpu("4").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("w").cpu("4").times(4)))
            .with(o -> o.toBuilder().coresTotal(new Range(0, 12)).build())
            .grows("ng1", 2)
            .reasons("w-3", Map.of("ng1", "exceeded quota: cluster-wide cores"))
            .build(),
        rule("memory-total is in GiB and counts existing nodes")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").memory("16Gi").inGroup("ng1"))
                    .pods(pod("busy").memory("15Gi").on("n1"), pod("w").memory("15Gi").times(3)))
            .with(o -> o.toBuilder().memoryTotal(new Range(0, 40)).build())
            .grows("ng1", 1)
            .reasons("w-2", Map.of("ng1", "exceeded quota: cluster-wide memory"))
            .build(),
        rule("memory-total fits exactly when the last node reaches it")
            .given(
                cluster()
                    .groups(group("ng1"))
                    .nodes(node("n1").memory("16Gi").inGroup("ng1"))
                    .pods(pod("busy").memory("15Gi").on("n1"), pod("w").memory("15Gi").times(3)))
            .with(o -> o.toBuilder().memoryTotal(new Range(0, 48)).build())
            .grows("ng1", 2)
            .build(),
        rule("gpu-total caps GPU nodes per GPU resource")
            .given(
                cluster()
                    .groups(group("gpu").template(template().cpu("8").gpu(1)))
                    .pods(pod("train").cpu("1").gpu(1).times(4)))
            .with(o -> o.toBuilder().gpuTotal(Map.of("nvidia.com/gpu", new Range(0, 2))).build())
            .grows("gpu", 2)
            .reasons("train-3", Map.of("gpu", "exceeded quota: cluster-wide nvidia.com/gpu"))
            .build(),
        rule("gpu-total does not limit groups without that GPU")
            .given(
                cluster()
                    .groups(group("ng1").template(template().cpu("4")))
                    .pods(pod("w").cpu("4").times(3)))
            .with(o -> o.toBuilder().gpuTotal(Map.of("nvidia.com/gpu", new Range(0, 0))).build())
            .grows("ng1", 3)
            .build(),
        rule("max-nodes-per-scaleup caps one scale-up")
            .given(
                cluster()
                    .groups(group("ng1").template(template().cpu("4")))
                    .pods(pod("w").cpu("4").times(5)))
            .with(o -> o.toBuilder().maxNodesPerScaleUp(2).build())
            .grows("ng1", 2)
            .reasons("w-4", Map.of("ng1", "max-nodes-per-scaleup reached (2)"))
            .build(),
        rule("a group already at its max takes nothing, whatever the pod")
            .given(
                cluster()
                    .groups(group("ng1").max(1))
                    .nodes(node("n1").inGroup("ng1"))
                    .pods(pod("busy").cpu("4").on("n1"), pod("w").cpu("64")))
            .reasons("w", Map.of("ng1", "max node group size reached"))
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("limits")
  void limitsCapTheScaleUpAndNameThemselves(Rule r) {
    r.check();
  }
}
