package dev.skyscaler.cli.simulate;

import static dev.skyscaler.cli.simulate.Scenarios.minutes;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every action type carried out in the simulated world, scripted at known times without the planner
 * (which would react to them): what scale-up, scale-down, health and interruption planning emit.
 */
class ActuatorTest {
  private static final String N2 = "aws:///eu-west-1a/i-n2";
  private static final Taint TO_BE_DELETED =
      new Taint("ToBeDeletedByClusterAutoscaler", "1748858520", TaintEffect.NO_SCHEDULE);
  private static final Duration SCAN = Duration.ofSeconds(10);

  private static ClusterSnapshot twoNodes(PodDisruptionBudget... pdbs) {
    var spec =
        cluster()
            .nodes(
                node("n1").cpu("4").memory("16Gi").inGroup("ng"),
                node("n2").cpu("4").memory("16Gi").inGroup("ng"))
            .groups(group("ng").min(1).max(5))
            .pods(pod("web").cpu("500m").label("app", "web").on("n2").times(4));
    for (PodDisruptionBudget pdb : pdbs) {
      spec.pdb(pdb);
    }
    return spec.build();
  }

  private static SimulationResult run(ClusterSnapshot c, ScriptedPlanner planner) {
    return Scenarios.on(c)
        .duration(minutes(6))
        .boot("ng", minutes(2), Duration.ofSeconds(20))
        .run(planner);
  }

  @Test
  void aDrainTaintsEvictsAndTheRemovalDeletesTheInstanceAndLowersTheTarget() {
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(
                minutes(2),
                s -> with(new TaintNode("n2", TO_BE_DELETED), ScriptedPlanner.evictAll(s, "n2")))
            .at(minutes(3), new DeleteInstance("ng", "n2", N2, true, "scale-down: empty"));
    SimulationResult r = run(twoNodes(), planner);

    assertThat(lines(r, minutes(2), minutes(3)))
        .containsExactly(
            "00:02:00 taint taint n2 with ToBeDeletedByClusterAutoscaler=1748858520:NoSchedule",
            "00:02:00 evict evicted 4 pods from n2: default/web-0, default/web-1, default/web-2"
                + " and 1 more",
            "00:03:00 remove removed n2 of ng (scale-down: empty): 0 pods on it");
    ClusterSnapshot after = planner.seenAt(minutes(2).plus(SCAN));
    assertThat(nodeIn(after, "n2").taints()).contains(TO_BE_DELETED);
    assertThat(webPods(after)).hasSize(4).allMatch(p -> p.nodeName().orElseThrow().equals("n1"));
    ClusterSnapshot removed = planner.seenAt(minutes(3).plus(SCAN));
    assertThat(removed.nodes()).extracting(Node::name).containsExactly("n1");
    assertThat(removed.nodeGroups().get(0).targetSize()).isEqualTo(1);
    assertThat(r.summary().count("evictions")).isEqualTo(4);
    assertThat(r.summary().count("nodesRemoved")).isEqualTo(1);
    assertThat(r.samples().pending()[12]).isZero(); // the evicted pods were replaced and bound
  }

  @Test
  void aPodDisruptionBudgetRefusesEvictionsBeyondItsAllowanceUntilReplacementsRun() {
    PodDisruptionBudget pdb =
        new PodDisruptionBudget(
            "default", "web", new LabelSelector(Map.of("app", "web"), List.of()), 1);
    ScriptedPlanner planner =
        ScriptedPlanner.alone().at(minutes(2), s -> ScriptedPlanner.evictAll(s, "n2"));
    SimulationResult r = run(twoNodes(pdb), planner);

    assertThat(lines(r, minutes(2), minutes(2)))
        .containsExactly(
            "00:02:00 evict evicted 1 pod from n2: default/web-0",
            "00:02:00 evict eviction of default/web-1 refused: PodDisruptionBudget default/web"
                + " allows no disruption now (retried next scan)",
            "00:02:00 evict eviction of default/web-2 refused: PodDisruptionBudget default/web"
                + " allows no disruption now (retried next scan)",
            "00:02:00 evict eviction of default/web-3 refused: PodDisruptionBudget default/web"
                + " allows no disruption now (retried next scan)");
    assertThat(r.summary().count("evictionsRefused")).isEqualTo(3);
    assertThat(planner.seenAt(minutes(2).plus(SCAN)).pdbs().get(0).disruptionsAllowed())
        .isEqualTo(1);
  }

  @Test
  void cordonsAndTaintsChangeTheNodeAndAreUndone() {
    Taint maintenance = new Taint("example.com/maintenance", "", TaintEffect.NO_SCHEDULE);
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(
                minutes(1),
                new CordonNode("n2"),
                new TaintNode("n2", maintenance),
                new CordonNode("n9"))
            .at(
                minutes(2),
                new UncordonNode("n2"),
                new RemoveTaint("n2", "example.com/maintenance"));
    SimulationResult r = run(twoNodes(), planner);

    Node cordoned = nodeIn(planner.seenAt(minutes(1).plus(SCAN)), "n2");
    assertThat(cordoned.unschedulable()).isTrue();
    assertThat(cordoned.taints()).containsExactly(maintenance);
    Node back = nodeIn(planner.seenAt(minutes(2).plus(SCAN)), "n2");
    assertThat(back.unschedulable()).isFalse();
    assertThat(back.taints()).isEmpty();
    assertThat(lines(r, minutes(1), minutes(2)))
        .containsExactly(
            "00:01:00 cordon cordon n2",
            "00:01:00 taint taint n2 with example.com/maintenance:NoSchedule",
            "00:01:00 cordon cordon n9 — skipped: no such node",
            "00:02:00 uncordon uncordon n2",
            "00:02:00 untaint remove taint example.com/maintenance from n2");
    assertThat(r.summary().count("actionsFailed")).isEqualTo(1);
  }

  @Test
  void aReplacementKeepsTheTargetAndANewNodeBootsInItsPlace() {
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(minutes(1), new DeleteInstance("ng", "n2", N2, false, "unhealthy"));
    SimulationResult r = run(twoNodes(), planner);

    assertThat(lines(r, minutes(1), minutes(4)))
        .containsExactly(
            "00:01:00 replace replaced n2 of ng (unhealthy): 4 pods on it",
            "00:02:40 node ng-1 of ng registered, NotReady",
            "00:03:00 node ng-1 of ng Ready, 2m after launch");
    assertThat(r.samples().instances()[0][6]).isEqualTo(2);
    assertThat(r.samples().ready()[0][6]).isEqualTo(1);
    assertThat(r.samples().ready()[0][18]).isEqualTo(2);
    assertThat(webPods(planner.seenAt(minutes(1).plus(SCAN))))
        .hasSize(4)
        .allMatch(p -> p.nodeName().orElseThrow().equals("n1"));
    assertThat(r.summary().count("replacements")).isEqualTo(1);
  }

  @Test
  void aRestartRepairsAFailedNodeAfterItsBootTimeAndItKeepsItsPods() {
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(minutes(2), new RepairInstance("ng", "n2", N2, RepairInstance.Level.RESTART));
    SimulationResult r =
        Scenarios.on(twoNodes())
            .duration(minutes(8))
            .boot("ng", minutes(2), Duration.ofSeconds(20))
            .event(failure(minutes(1), "n2"))
            .run(planner);

    Node failed = nodeIn(planner.seenAt(minutes(1).plus(SCAN)), "n2");
    assertThat(failed.ready()).isFalse();
    assertThat(failed.condition("Ready").orElseThrow().status()).isEqualTo("Unknown");
    assertThat(lines(r, minutes(1), minutes(8)))
        .containsExactly(
            "00:01:00 failure n2 of ng stopped reporting (scenario event): Ready is Unknown,"
                + " tainted unreachable",
            "00:02:00 repair restart n2 of ng",
            "00:04:00 node n2 of ng Ready again, 2m after the restart");
    assertThat(r.samples().ready()[0][23]).isEqualTo(1);
    assertThat(r.samples().ready()[0][24]).isEqualTo(2);
    assertThat(r.summary().count("repairs")).isEqualTo(1);
    assertThat(r.summary().count("podsDeletedFromUnreachableNodes")).isZero();
    assertThat(webPods(planner.seenAt(minutes(7))))
        .allMatch(p -> p.nodeName().orElseThrow().equals("n2"));
  }

  @Test
  void aFailedNodeLosesItsPodsAfterFiveMinutesButKeepsItsDaemonSetPods() {
    ClusterSnapshot c =
        cluster()
            .nodes(
                node("n1").cpu("4").memory("16Gi").inGroup("ng"),
                node("n2").cpu("4").memory("16Gi").inGroup("ng"))
            .groups(group("ng").min(1).max(5))
            .daemonSet("proxy", pod("proxy").cpu("100m").tolerateAll())
            .pods(
                pod("proxy-n1").daemonSet("proxy").cpu("100m").tolerateAll().on("n1"),
                pod("proxy-n2").daemonSet("proxy").cpu("100m").tolerateAll().on("n2"),
                pod("web").cpu("500m").label("app", "web").on("n2").times(4))
            .build();
    ScriptedPlanner planner = ScriptedPlanner.alone();
    SimulationResult r =
        Scenarios.on(c).duration(minutes(8)).event(failure(minutes(1), "n2")).run(planner);

    assertThat(lines(r, minutes(2), minutes(8)))
        .containsExactly(
            "00:06:00 failure n2 unreachable for 5m: 4 pods deleted by the node lifecycle"
                + " controller");
    ClusterSnapshot after = planner.seenAt(minutes(6).plus(SCAN));
    assertThat(webPods(after)).hasSize(4).allMatch(p -> p.nodeName().orElseThrow().equals("n1"));
    assertThat(after.pods()).anyMatch(p -> p.name().equals("proxy-n2"));
    assertThat(r.summary().count("podsDeletedFromUnreachableNodes")).isEqualTo(4);
  }

  private static ScenarioEvent failure(Duration at, String node) {
    return new ScenarioEvent.NodeTrouble(
        at,
        ScenarioEvent.NodeTrouble.Kind.FAIL,
        java.util.Optional.of(node),
        java.util.Optional.empty());
  }

  @Test
  void cloudActionsOutsideTheGroupsLimitsFailAndATargetDropTerminatesTheNewest() {
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(minutes(1), new SetTargetSize("ng", 2, 11, "test"))
            .at(minutes(2), new SetTargetSize("ng", 2, 1, "test"));
    SimulationResult r = run(twoNodes(), planner);

    assertThat(lines(r, minutes(1), minutes(2)))
        .containsExactly(
            "00:01:00 scale-up ng: target 2 -> 11 (test) — failed: target 11 is outside 1..5",
            "00:02:00 terminate ng terminated 1 instance to meet its target of 1: n2",
            "00:02:00 scale-down ng: target 2 -> 1 (test)");
    assertThat(r.summary().count("actionsFailed")).isEqualTo(1);
    assertThat(r.summary().count("targetDecreases")).isEqualTo(1);
    assertThat(r.samples().instances()[0][6]).isEqualTo(2);
    assertThat(r.samples().instances()[0][12]).isEqualTo(1);
  }

  @Test
  void lifecycleAnswersAndEventsBecomeTimelineEntriesWithEventsOfOneReasonSummedUp() {
    ScriptedPlanner planner =
        ScriptedPlanner.alone()
            .at(
                minutes(1),
                new CompleteLifecycleAction(
                    "ng", N2, "drain-hook", "token-1", CompleteLifecycleAction.Result.CONTINUE),
                new RecordEvent("Node", "n1", "ScaleDown", "marked the node as unneeded", false),
                new RecordEvent("Node", "n2", "ScaleDown", "marked the node as unneeded", false));
    SimulationResult r = run(twoNodes(), planner);

    assertThat(lines(r, minutes(1), minutes(1)))
        .containsExactly(
            "00:01:00 lifecycle complete lifecycle hook drain-hook for " + N2,
            "00:01:00 event event ScaleDown on 2 Node objects, e.g. n1: marked the node as"
                + " unneeded");
  }

  private static List<Action> with(Action first, List<Action> rest) {
    List<Action> all = new ArrayList<>();
    all.add(first);
    all.addAll(rest);
    return all;
  }

  private static Node nodeIn(ClusterSnapshot s, String name) {
    return s.nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<Pod> webPods(ClusterSnapshot s) {
    return s.pods().stream().filter(p -> "web".equals(p.labels().get("app"))).toList();
  }

  /** Timeline lines from {@code from} to {@code to}, both included. */
  static List<String> lines(SimulationResult r, Duration from, Duration to) {
    return r.timeline().stream()
        .filter(e -> e.at().compareTo(from) >= 0 && e.at().compareTo(to) <= 0)
        .map(e -> TimelineEntry.clock(e.at()) + " " + e.kind() + " " + e.message())
        .toList();
  }
}
