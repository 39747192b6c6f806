package dev.skyscaler.core.interruption;

import static dev.skyscaler.core.interruption.InterruptionRulesTest.NOW;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.spot;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.InterruptionState;
import dev.skyscaler.testkit.ClusterSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The pods an interrupted node sheds wait for its replacement instead of causing a second node. */
class ReplacementAccountingTest {
  /** Two full 4-CPU nodes; n1 is interrupted. */
  static ClusterSpec twoFullNodes() {
    return cluster()
        .groups(group("ng1").max(10))
        .nodes(node("n1").cpu("4").inGroup("ng1"), node("n2").cpu("4").inGroup("ng1"))
        .pods(
            pod("web").cpu("1").on("n1").times(4),
            pod("api").cpu("1").on("n2").times(4),
            pod("logs").cpu("100m").on("n1").daemonSet("logs"));
  }

  static Map<String, Integer> scaleUps(ClusterSnapshot s) {
    Plan plan = Autoscaler.runOnce(s, AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW);
    return plan.scaleUps().stream().collect(Collectors.toMap(ScaleUp::nodeGroup, ScaleUp::delta));
  }

  static Set<String> leaving(ClusterSnapshot s) {
    return InterruptionPolicy.handle(
            s,
            InterruptionState.EMPTY,
            InterruptionOptions.defaults(),
            NOW,
            List.of(spot("s1", "i-n1", Duration.ofMinutes(2))))
        .nodesLeaving();
  }

  @Test
  void theShedPodsFitTheUpcomingReplacementSoNoSecondNodeIsAsked() {
    ClusterSnapshot s = twoFullNodes().build();
    ClusterSnapshot view = ReplacementAccounting.scaleUpView(s, leaving(s));
    assertThat(view.nodes()).extracting(n -> n.name()).containsExactly("n2");
    NodeGroup ng1 = view.nodeGroups().get(0);
    assertThat(ng1.memberNodes()).containsExactly("n2");
    assertThat(ng1.targetSize()).isEqualTo(2);
    assertThat(view.pods().stream().filter(p -> p.name().startsWith("web")))
        .hasSize(4)
        .allMatch(p -> p.nodeName().isEmpty() && p.unschedulable());
    assertThat(view.pods()).extracting(Pod::name).doesNotContain("logs");
    assertThat(scaleUps(view)).isEmpty();
  }

  @Test
  void withoutTheAccountingTheSamePodsWouldAskForASecondNode() {
    // what the cluster looks like once the pods are evicted and recreated, n1 cordoned
    ClusterSnapshot evicted =
        cluster()
            .groups(group("ng1").max(10))
            .nodes(
                node("n1").cpu("4").inGroup("ng1").cordoned(), node("n2").cpu("4").inGroup("ng1"))
            .pods(pod("web").cpu("1").times(4), pod("api").cpu("1").on("n2").times(4))
            .build();
    assertThat(scaleUps(evicted)).isEqualTo(Map.of("ng1", 1));
    assertThat(scaleUps(ReplacementAccounting.scaleUpView(evicted, leaving(evicted)))).isEmpty();
  }

  @Test
  void aGroupLeftWithoutMembersTakesTheLeavingNodesShapeAsItsTemplate() {
    ClusterSnapshot s =
        cluster()
            .groups(group("spot").max(10))
            .nodes(node("n1").cpu("4").inGroup("spot"))
            .pods(pod("web").cpu("1").on("n1").times(3))
            .build();
    ClusterSnapshot view = ReplacementAccounting.scaleUpView(s, leaving(s));
    NodeGroup spotGroup = view.nodeGroups().get(0);
    assertThat(spotGroup.memberNodes()).isEmpty();
    assertThat(spotGroup.template()).isPresent();
    assertThat(spotGroup.template().get().capacity().cpu()).isEqualTo(4000);
    assertThat(spotGroup.template().get().labels()).doesNotContainKey("kubernetes.io/hostname");
    assertThat(scaleUps(view)).isEmpty();
  }

  @Test
  void podsWithoutAControllerOrAlreadyTerminatingDoNotComeBack() {
    ClusterSnapshot s =
        cluster()
            .groups(group("ng1").max(10))
            .nodes(node("n1").cpu("4").inGroup("ng1"), node("n2").inGroup("ng1"))
            .pods(
                pod("bare").cpu("1").on("n1").noOwner(),
                pod("going").cpu("1").on("n1").deletingAt(NOW),
                pod("web").cpu("1").on("n1"))
            .build();
    ClusterSnapshot view = ReplacementAccounting.scaleUpView(s, Set.of("n1"));
    assertThat(view.pods()).extracting(Pod::name).containsExactly("web");
  }

  @Test
  void nothingLeavingChangesNothing() {
    ClusterSnapshot s = twoFullNodes().build();
    assertThat(ReplacementAccounting.scaleUpView(s, Set.of())).isSameAs(s);
  }
}
