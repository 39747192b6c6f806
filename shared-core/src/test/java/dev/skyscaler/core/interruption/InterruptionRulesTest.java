package dev.skyscaler.core.interruption;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.config.InterruptionOptions.RebalanceAction;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.InterruptionState;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One row per interruption rule: the actions, the outcome, what leaves and what replaces it. */
class InterruptionRulesTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final String AZURE_ID =
      "azure:///subscriptions/S1/resourceGroups/RG/providers/Microsoft.Compute/"
          + "virtualMachineScaleSets/pool/virtualMachines/3";

  /** n1 runs an ordinary pod, a stateful one, cluster DNS, a DaemonSet pod and a static pod. */
  static ClusterSpec fleet(NodeSpec n1) {
    return cluster()
        .groups(group("ng1"))
        .nodes(n1.inGroup("ng1"), node("n2").inGroup("ng1"))
        .pods(
            pod("web-0").cpu("1").on("n1").grace(30),
            pod("db-0").cpu("1").on("n1").grace(120).priority(100).ownedBy("StatefulSet", "db"),
            pod("dns").cpu("100m").on("n1").grace(30).priority(2_000_000_000),
            pod("logs").cpu("100m").on("n1").daemonSet("logs"),
            pod("etcd").cpu("100m").on("n1").mirror(),
            pod("job").on("n1").phase(PodPhase.SUCCEEDED),
            pod("agent").on("n2").daemonSet("agent"));
  }

  static ClusterSpec fleet() {
    return fleet(node("n1"));
  }

  static InterruptionNotice spot(String id, String instance, Duration in) {
    return InterruptionNotice.of(id, Kind.SPOT_WARNING, instance, NOW.plus(in));
  }

  static InterruptionNotice hook(String id, String instance, String group) {
    return new InterruptionNotice(
        id,
        Kind.LIFECYCLE_TERMINATE,
        instance,
        NOW.plus(Duration.ofHours(1)),
        Optional.of(new LifecycleHook(group, "drain-hook", "tok-1")));
  }

  static final String TAINT_SPOT =
      "taint n1 with skyscaler.dev/interrupted=spot-warning:NoSchedule";

  record Case(
      String name,
      ClusterSpec cluster,
      UnaryOperator<InterruptionOptions> options,
      List<InterruptionNotice> notices,
      List<String> actions,
      String outcome,
      Set<String> leaving,
      Map<String, Integer> replacements) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> rules() {
    return Stream.of(
        new Case(
            "a spot warning taints, cordons and evicts all but DaemonSet and static pods,"
                + " least critical first, grace capped to end before the deadline",
            fleet(),
            o -> o,
            List.of(spot("e1", "i-n1", Duration.ofMinutes(2))),
            List.of(
                "warning SpotInterruption on Node n1: node n1 leaves by 2026-11-21T12:02:00Z:"
                    + " tainted, cordoned and drained",
                TAINT_SPOT,
                "cordon n1",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 105s)",
                "evict default/dns from n1 (grace 30s)"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T12:02:00Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "a deadline closer than the grace periods shortens all of them",
            fleet(),
            o -> o,
            List.of(spot("e1", "aws:///eu-west-1a/i-n1", Duration.ofSeconds(30))),
            List.of(
                "warning SpotInterruption on Node n1: node n1 leaves by 2026-11-21T12:00:30Z:"
                    + " tainted, cordoned and drained",
                TAINT_SPOT,
                "cordon n1",
                "evict default/web-0 from n1 (grace 15s)",
                "evict default/db-0 from n1 (grace 15s)",
                "evict default/dns from n1 (grace 15s)"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T12:00:30Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "a state change to terminated evicts at once",
            fleet(),
            o -> o,
            List.of(
                InterruptionNotice.of(
                    "e1", Kind.STATE_CHANGE, "i-n1", NOW.minus(Duration.ofSeconds(5)))),
            List.of(
                "warning InstanceStateChange on Node n1: node n1 leaves by 2026-11-21T11:59:55Z:"
                    + " tainted, cordoned and drained",
                "taint n1 with skyscaler.dev/interrupted=state-change:NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 0s)",
                "evict default/db-0 from n1 (grace 0s)",
                "evict default/dns from n1 (grace 0s)"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T11:59:55Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "a notice about an instance that is not a node of this cluster is ignored",
            fleet(),
            o -> o,
            List.of(spot("e1", "i-0other", Duration.ofMinutes(2))),
            List.of(),
            "IGNORED instance i-0other is not a node of this cluster",
            Set.of(),
            Map.of()),
        new Case(
            "a rebalance recommendation taints and cordons only, by default",
            fleet(),
            o -> o,
            List.of(InterruptionNotice.of("e1", Kind.REBALANCE, "i-n1", NOW)),
            List.of(
                "warning RebalanceRecommendation on Node n1: node n1 is at risk of interruption:"
                    + " cordon",
                "taint n1 with skyscaler.dev/interrupted=rebalance:NoSchedule",
                "cordon n1"),
            "ACTED node n1 is tainted and cordoned (rebalance-action=cordon)",
            Set.of(),
            Map.of()),
        new Case(
            "rebalance-action=drain evicts too, ordinary pods before critical ones",
            fleet(),
            o -> o.withRebalanceAction(RebalanceAction.DRAIN),
            List.of(InterruptionNotice.of("e1", Kind.REBALANCE, "i-n1", NOW)),
            List.of(
                "warning RebalanceRecommendation on Node n1: node n1 is at risk of interruption:"
                    + " drain",
                "taint n1 with skyscaler.dev/interrupted=rebalance:NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 120s)"),
            "ACTED node n1 is tainted, cordoned and drained (rebalance-action=drain)",
            Set.of(),
            Map.of()),
        new Case(
            "rebalance-action=ignore ignores rebalance recommendations",
            fleet(),
            o -> o.withRebalanceAction(RebalanceAction.IGNORE),
            List.of(InterruptionNotice.of("e1", Kind.REBALANCE, "i-n1", NOW)),
            List.of(),
            "IGNORED rebalance-action=ignore",
            Set.of(),
            Map.of()),
        new Case(
            "critical pods wait while an ordinary pod is still terminating",
            cluster()
                .groups(group("ng1"))
                .nodes(node("n1").inGroup("ng1"))
                .pods(
                    pod("dns").on("n1").priority(2_000_000_000),
                    pod("web-0").on("n1").deletingAt(NOW)),
            o -> o.withRebalanceAction(RebalanceAction.DRAIN),
            List.of(InterruptionNotice.of("e1", Kind.REBALANCE, "i-n1", NOW)),
            List.of(
                "warning RebalanceRecommendation on Node n1: node n1 is at risk of interruption:"
                    + " drain",
                "taint n1 with skyscaler.dev/interrupted=rebalance:NoSchedule",
                "cordon n1"),
            "ACTED node n1 is tainted, cordoned and drained (rebalance-action=drain)",
            Set.of(),
            Map.of()),
        new Case(
            "critical pods leave once the ordinary ones are gone",
            cluster()
                .groups(group("ng1"))
                .nodes(node("n1").inGroup("ng1"))
                .pods(pod("dns").on("n1").priority(2_000_000_000).grace(45)),
            o -> o.withRebalanceAction(RebalanceAction.DRAIN),
            List.of(InterruptionNotice.of("e1", Kind.REBALANCE, "i-n1", NOW)),
            List.of(
                "warning RebalanceRecommendation on Node n1: node n1 is at risk of interruption:"
                    + " drain",
                "taint n1 with skyscaler.dev/interrupted=rebalance:NoSchedule",
                "cordon n1",
                "evict default/dns from n1 (grace 45s)"),
            "ACTED node n1 is tainted, cordoned and drained (rebalance-action=drain)",
            Set.of(),
            Map.of()),
        new Case(
            "a lifecycle hook waits while the node drains, in waves with full grace periods",
            fleet(),
            o -> o,
            List.of(hook("e1", "i-n1", "ng1")),
            List.of(
                "warning ASGLifecycleTermination on Node n1: node n1 leaves: tainted, cordoned"
                    + " and drained",
                "taint n1 with skyscaler.dev/interrupted=lifecycle-terminate:NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 120s)"),
            "ACTED node n1 is tainted, cordoned and drained; then its hook completes",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "a drained node's lifecycle hook is completed",
            fleet(),
            o -> o,
            List.of(hook("e1", "i-n2", "ng1")),
            List.of(
                "warning ASGLifecycleTermination on Node n2: node n2 leaves: tainted, cordoned"
                    + " and drained",
                "taint n2 with skyscaler.dev/interrupted=lifecycle-terminate:NoSchedule",
                "cordon n2",
                "complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n2"),
            "ACTED node n2 is tainted, cordoned and drained; then its hook completes",
            Set.of("n2"),
            Map.of("ng1", 1)),
        new Case(
            "a lifecycle hook for an instance that never became a node is completed at once",
            fleet(),
            o -> o,
            List.of(hook("e1", "i-ghost", "ng1")),
            List.of("complete lifecycle hook drain-hook for i-ghost"),
            "ACTED no node for instance i-ghost: nothing to drain",
            Set.of(),
            Map.of()),
        new Case(
            "a lifecycle hook of another cluster's group is ignored",
            fleet(),
            o -> o,
            List.of(hook("e1", "i-ghost", "someone-elses-asg")),
            List.of(),
            "IGNORED instance i-ghost is not a node of this cluster",
            Set.of(),
            Map.of()),
        new Case(
            "a node already tainted and cordoned is only drained",
            fleet(
                node("n1")
                    .taint(InterruptionPolicy.TAINT_KEY, "spot-warning", TaintEffect.NO_SCHEDULE)
                    .cordoned()),
            o -> o,
            List.of(spot("e1", "i-n1", Duration.ofMinutes(2))),
            List.of(
                "warning SpotInterruption on Node n1: node n1 leaves by 2026-11-21T12:02:00Z:"
                    + " tainted, cordoned and drained",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 105s)",
                "evict default/dns from n1 (grace 30s)"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T12:02:00Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "a notice whose deadline passed longer ago than the retention is ignored",
            fleet(),
            o -> o,
            List.of(spot("e1", "i-n1", Duration.ofMinutes(-16))),
            List.of(),
            "IGNORED expired: its deadline 2026-11-21T11:44:00Z is more than the retention ago",
            Set.of(),
            Map.of()),
        new Case(
            "an Azure preemption matches the node by resource id, whatever the case, and"
                + " replaces the VM",
            cluster()
                .groups(group("pool"))
                .nodes(node("aks-3").inGroup("pool").providerId(AZURE_ID))
                .pods(pod("web-0").on("aks-3")),
            o -> o,
            List.of(
                InterruptionNotice.of(
                    "e1",
                    Kind.AZURE_PREEMPTED,
                    "/subscriptions/s1/resourcegroups/rg/providers/microsoft.compute/"
                        + "virtualmachinescalesets/pool/virtualmachines/3",
                    NOW)),
            List.of(
                "warning VirtualMachinePreempted on Node aks-3: node aks-3 leaves by"
                    + " 2026-11-21T12:00:00Z: tainted, cordoned and drained",
                "taint aks-3 with skyscaler.dev/interrupted=azure-preempted:NoSchedule",
                "cordon aks-3",
                "evict default/web-0 from aks-3 (grace 0s)",
                "replace aks-3 of pool (preempted)"),
            "ACTED node aks-3 is tainted, cordoned and drained before 2026-11-21T12:00:00Z",
            Set.of("aks-3"),
            Map.of("pool", 1)),
        new Case(
            "a PreemptionScheduled node condition acts as a spot warning due 30s after it",
            fleet(node("n1").condition("PreemptionScheduled", "True", NOW.minusSeconds(5))),
            o -> o,
            List.of(),
            List.of(
                "warning PreemptScheduled on Node n1: node n1 leaves by 2026-11-21T12:00:25Z:"
                    + " tainted, cordoned and drained",
                "taint n1 with skyscaler.dev/interrupted=azure-preempt-scheduled:NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 10s)",
                "evict default/db-0 from n1 (grace 10s)",
                "evict default/dns from n1 (grace 10s)"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T12:00:25Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "AKS's VMEventScheduled condition with a Preempt reason counts too",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    node("n1")
                        .inGroup("ng1")
                        .condition("VMEventScheduled", "True", NOW, "PreemptScheduled")),
            o -> o,
            List.of(),
            List.of(
                "warning PreemptScheduled on Node n1: node n1 leaves by 2026-11-21T12:00:30Z:"
                    + " tainted, cordoned and drained",
                "taint n1 with skyscaler.dev/interrupted=azure-preempt-scheduled:NoSchedule",
                "cordon n1"),
            "ACTED node n1 is tainted, cordoned and drained before 2026-11-21T12:00:30Z",
            Set.of("n1"),
            Map.of("ng1", 1)),
        new Case(
            "other VMEventScheduled reasons (a freeze, a reboot) are no interruption",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    node("n1")
                        .inGroup("ng1")
                        .condition("VMEventScheduled", "True", NOW, "FreezeScheduled")),
            o -> o,
            List.of(),
            List.of(),
            null,
            Set.of(),
            Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void interruptionRule(Case c) {
    InterruptionDecision d =
        InterruptionPolicy.handle(
            c.cluster().build(),
            InterruptionState.EMPTY,
            c.options().apply(InterruptionOptions.defaults()),
            NOW,
            c.notices());
    assertThat(d.actions()).extracting(Action::describe).containsExactlyElementsOf(c.actions());
    if (c.outcome() == null) {
      assertThat(d.outcomes()).isEmpty();
    } else {
      assertThat(d.outcomes()).hasSize(1);
      assertThat(d.outcomes().get(0).result() + " " + d.outcomes().get(0).reason())
          .isEqualTo(c.outcome());
    }
    assertThat(d.nodesLeaving()).isEqualTo(c.leaving());
    assertThat(d.expectedReplacements()).isEqualTo(c.replacements());
  }
}
