package dev.skyscaler.core.scaledown;

import static dev.skyscaler.core.scaledown.Scans.T0;
import static dev.skyscaler.core.scaledown.Scans.events;
import static dev.skyscaler.core.scaledown.Scans.work;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import dev.skyscaler.testkit.PodSpec;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The removal of a node as a state machine over successive scans (docs/algorithm.md §22): taint,
 * evict, delete, forget; and every way it fails, which takes the taint off again.
 */
class DrainStepsTest {
  static final String TAINT = DrainSteps.DELETION_TAINT;
  static final String N2_ID = "aws:///eu-west-1a/i-n2";
  static final Duration START = Duration.ofMinutes(10);
  static final String STARTED_AT = Long.toString(T0.plus(START).getEpochSecond());

  /** n1 (8 cores, 5 used) and n2 (4 cores) with {@code onN2}, in ng1. */
  static ClusterSpec world(NodeSpec n2, PodSpec... onN2) {
    for (PodSpec p : onN2) {
      p.on("n2");
    }
    return cluster()
        .groups(group("ng1"))
        .nodes(node("n1").cpu("8").inGroup("ng1"), n2.inGroup("ng1"))
        .pods(pod("base").cpu("5").on("n1"))
        .pods(onN2);
  }

  static NodeSpec tainted() {
    return node("n2").taint(TAINT, STARTED_AT, TaintEffect.NO_SCHEDULE).cordoned();
  }

  static PodSpec web() {
    return pod("web").cpu("1").grace(30);
  }

  /** Scans that have seen n2 unneeded at T0 and started removing it at T0 + 10m. */
  static Scans started(PodSpec... onN2) {
    Scans s = new Scans();
    s.at(Duration.ZERO, world(node("n2"), onN2).build());
    s.at(START, world(node("n2"), onN2).build());
    return s;
  }

  static Duration after(int seconds) {
    return START.plusSeconds(seconds);
  }

  @Test
  void aNodeGoesFromTaintToEvictionToDeletionOverSuccessiveScans() {
    Scans s = new Scans();
    Plan first = s.at(Duration.ZERO, world(node("n2"), web()).build());
    assertThat(first.scaleDowns())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.node()).isEqualTo("n2");
              assertThat(d.removableAt()).isEqualTo(T0.plus(START));
            });
    assertThat(work(first)).isEmpty();
    assertThat(s.state().unneededSince()).containsEntry("n2", T0);

    Plan taint = s.at(START, world(node("n2"), web()).build());
    assertThat(work(taint))
        .containsExactly(
            new TaintNode("n2", new Taint(TAINT, STARTED_AT, TaintEffect.NO_SCHEDULE)),
            new CordonNode("n2"));
    assertThat(events(taint))
        .containsExactly(
            new RecordEvent(
                "Node", "n2", "ScaleDown", "marked the node as toBeDeleted/unschedulable", false),
            new RecordEvent(
                "ConfigMap",
                "kube-system/cluster-autoscaler-status",
                "ScaleDown",
                "Scale-down: removing node n2, utilization: 0.25, pods to reschedule: default/web",
                false));
    assertThat(s.state().drains().get("n2").step()).isEqualTo(DrainStep.TAINTING);
    assertThat(s.state().unneededSince()).doesNotContainKey("n2");
    assertThat(s.state().lastScaleDown()).isEqualTo(T0.plus(START));

    Plan evict = s.at(after(10), world(tainted(), web()).build());
    assertThat(work(evict)).containsExactly(new EvictPod("default/web", "n2", 30));
    assertThat(events(evict))
        .containsExactly(
            new RecordEvent(
                "Pod", "default/web", "ScaleDown", "deleting pod for node scale down", false));
    assertThat(s.state().drains().get("n2").step()).isEqualTo(DrainStep.EVICTING);

    Plan waiting = s.at(after(20), world(tainted(), web().deletingAt(T0.plus(after(12)))).build());
    assertThat(work(waiting)).isEmpty();

    Plan delete = s.at(after(30), world(tainted()).pods(pod("web-2").cpu("1").on("n1")).build());
    assertThat(work(delete))
        .containsExactly(new DeleteInstance("ng1", "n2", N2_ID, true, "underutilized"));
    assertThat(events(delete))
        .extracting(RecordEvent::reason, RecordEvent::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ScaleDown", "nodes removed by cluster autoscaler"),
            org.assertj.core.groups.Tuple.tuple(
                "ScaleDown", "Scale-down: node n2 removed with drain"));
    assertThat(s.state().drains().get("n2").step()).isEqualTo(DrainStep.DELETING);

    Plan gone =
        s.at(
            after(40),
            cluster()
                .groups(group("ng1"))
                .nodes(node("n1").cpu("8").inGroup("ng1"))
                .pods(pod("base").cpu("5").on("n1"), pod("web-2").cpu("1").on("n1"))
                .build());
    assertThat(work(gone)).isEmpty();
    assertThat(s.state().drains()).isEmpty();
  }

  @Test
  void anEmptyNodeIsDeletedWithoutEvictions() {
    Scans s = started(pod("agent").daemonSet("agent").cpu("100m"));
    assertThat(s.state().drains().get("n2").empty()).isTrue();

    Plan delete =
        s.at(after(10), world(tainted(), pod("agent").daemonSet("agent").cpu("100m")).build());
    assertThat(work(delete)).containsExactly(new DeleteInstance("ng1", "n2", N2_ID, true, "empty"));
    assertThat(events(delete))
        .extracting(RecordEvent::reason, RecordEvent::message)
        .contains(
            org.assertj.core.groups.Tuple.tuple(
                "ScaleDownEmpty", "Scale-down: empty node n2 removed"));
  }

  @Test
  void anEmptyNodeStartsWithCasEmptyNodeEvent() {
    Scans s = new Scans();
    s.at(Duration.ZERO, world(node("n2")).build());
    Plan taint = s.at(START, world(node("n2")).build());
    assertThat(events(taint))
        .contains(
            new RecordEvent(
                "ConfigMap",
                "kube-system/cluster-autoscaler-status",
                "ScaleDownEmpty",
                "Scale-down: removing empty node \"n2\"",
                false));
  }

  @Test
  void aTaintThatDidNotLandIsAskedForAgain() {
    Scans s = started(web());
    Plan again = s.at(after(10), world(node("n2"), web()).build());
    assertThat(work(again))
        .containsExactly(new TaintNode("n2", taintAt(after(10))), new CordonNode("n2"));
    assertThat(s.state().drains().get("n2").step()).isEqualTo(DrainStep.TAINTING);

    Plan failed = s.at(after(120), world(node("n2"), web()).build());
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .extracting(RecordEvent::message)
        .containsExactly("failed to drain the node: the deletion taint was not applied within 2m");
  }

  static Taint taintAt(Duration after) {
    return new Taint(
        TAINT, Long.toString(T0.plus(after).getEpochSecond()), TaintEffect.NO_SCHEDULE);
  }

  @Test
  void aPodStillThereIsEvictedAgainUntilTheEvictionTimeRunsOut() {
    Scans s = started(web());
    s.at(after(10), world(tainted(), web()).build());
    Plan again = s.at(after(60), world(tainted(), web()).build());
    assertThat(work(again)).containsExactly(new EvictPod("default/web", "n2", 30));

    Plan failed = s.at(after(120), world(tainted(), web()).build());
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .containsExactly(
            new RecordEvent(
                "Pod",
                "default/web",
                "ScaleDownFailed",
                "failed to delete pod for ScaleDown",
                true),
            new RecordEvent(
                "Node",
                "n2",
                "ScaleDownFailed",
                "failed to drain the node: pods not evicted within 2m: default/web",
                true));
    assertThat(s.state().drains()).isEmpty();
    assertThat(s.state().lastScaleDownFailure()).isEqualTo(T0.plus(after(120)));
  }

  @Test
  void afterAFailedDrainNoRemovalStartsUntilTheFailureDelayHasPassed() {
    Scans s = started(web());
    s.at(after(10), world(tainted(), web()).build());
    s.at(after(120), world(tainted(), web()).build());

    Plan cooling = s.at(after(130), world(node("n2"), web()).build());
    assertThat(cooling.scaleDowns()).extracting(d -> d.node()).containsExactly("n2");
    assertThat(work(cooling)).isEmpty();

    Plan cooled = s.at(after(120 + 180), world(node("n2"), web()).build());
    assertThat(work(cooled)).as("unneeded again only since the failure").isEmpty();

    Plan again = s.at(after(130 + 600), world(node("n2"), web()).build());
    assertThat(work(again)).contains(new CordonNode("n2"));
  }

  @Test
  void terminatingPodsAreAwaitedUntilTheDeadlineThenTheNodeIsDeleted() {
    Scans s = new Scans().with(o -> o.toBuilder().maxGracefulTerminationSec(60).build());
    s.at(Duration.ZERO, world(node("n2"), slow()).build());
    s.at(START, world(node("n2"), slow()).build());
    assertThat(s.state().drains().get("n2").deadline())
        .isEqualTo(T0.plus(START).plus(Duration.ofMinutes(2)).plusSeconds(60 + 30));
    s.at(after(10), world(tainted(), slow()).build());
    assertThat(
            work(s.at(after(209), world(tainted(), slow().deletingAt(T0.plus(after(11)))).build())))
        .isEmpty();

    Plan delete = s.at(after(210), world(tainted(), slow().deletingAt(T0.plus(after(11)))).build());
    assertThat(work(delete))
        .containsExactly(new DeleteInstance("ng1", "n2", N2_ID, true, "underutilized"));
  }

  @Test
  void aPodTerminatingPastItsGraceCountsAsGone() {
    Scans s = started(web());
    s.at(after(10), world(tainted(), web()).build());
    PodSpec terminating = web().deletingAt(T0.plus(after(11)));
    assertThat(work(s.at(after(70), world(tainted(), terminating).build()))).isEmpty();

    Plan delete = s.at(after(72), world(tainted(), web().deletingAt(T0.plus(after(11)))).build());
    assertThat(work(delete))
        .containsExactly(new DeleteInstance("ng1", "n2", N2_ID, true, "underutilized"));
  }

  static PodSpec slow() {
    return pod("slow").cpu("1").grace(3600);
  }

  @Test
  void aNodeNeededAgainMidDrainIsUntainted() {
    Scans s = started(web());
    s.at(after(10), world(tainted(), web()).build());
    ClusterSnapshot full = world(tainted(), web()).pods(pod("newcomer").cpu("3").on("n1")).build();

    Plan failed = s.at(after(20), full);
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .extracting(RecordEvent::message)
        .containsExactly(
            "failed to drain the node: the node is needed again: its pods no longer fit on the"
                + " other nodes");
    assertThat(s.state().drains()).isEmpty();
  }

  @Test
  void aPodThatBlocksTheRemovalFailsTheDrain() {
    Scans s = started(web());
    PodSpec pinned = pod("pinned").cpu("100m").annotation(Drainability.SAFE_TO_EVICT, "false");
    Plan failed = s.at(after(10), world(tainted(), web(), pinned).build());
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .extracting(RecordEvent::message)
        .containsExactly(
            "failed to drain the node: pod default/pinned blocks it (NotSafeToEvictAnnotation)");
  }

  @Test
  void anEmptyNodeThatGotAPodIsNotDeleted() {
    Scans s = started();
    Plan failed = s.at(after(10), world(tainted(), web()).build());
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .extracting(RecordEvent::message)
        .containsExactly(
            "failed to delete empty node: the node is not empty any more: default/web runs there");
  }

  @Test
  void aDeletedNodeThatLingersCountsAsAFailedRemoval() {
    Scans s = started();
    s.at(after(10), world(tainted()).build());
    assertThat(work(s.at(after(10 + 299), world(tainted()).build()))).isEmpty();

    Plan failed = s.at(after(10 + 300), world(tainted()).build());
    assertThat(work(failed)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(events(failed))
        .extracting(RecordEvent::message)
        .containsExactly("failed to delete empty node: the node is still there 5m after deletion");
  }

  @Test
  void graceIsCappedAtMaxGracefulTerminationSec() {
    Scans s = new Scans().with(o -> o.toBuilder().maxGracefulTerminationSec(60).build());
    PodSpec slow = pod("slow").cpu("1").grace(3600);
    s.at(Duration.ZERO, world(node("n2"), slow).build());
    s.at(START, world(node("n2"), pod("slow").cpu("1").grace(3600)).build());
    assertThat(s.state().drains().get("n2").deadline())
        .isEqualTo(T0.plus(START).plusSeconds(120 + 60 + 30));

    Plan evict = s.at(after(10), world(tainted(), pod("slow").cpu("1").grace(3600)).build());
    assertThat(work(evict)).containsExactly(new EvictPod("default/slow", "n2", 60));
  }

  @Test
  void daemonSetPodsAreEvictedWithTheOthersUnlessTheyOptOut() {
    Scans s =
        started(
            web(),
            pod("logs").daemonSet("logs").cpu("100m"),
            pod("net")
                .daemonSet("net")
                .cpu("100m")
                .annotation(DrainSteps.ENABLE_DS_EVICTION, "false"));
    Plan evict =
        s.at(
            after(10),
            world(
                    tainted(),
                    web(),
                    pod("logs").daemonSet("logs").cpu("100m"),
                    pod("net")
                        .daemonSet("net")
                        .cpu("100m")
                        .annotation(DrainSteps.ENABLE_DS_EVICTION, "false"))
                .build());
    assertThat(work(evict))
        .containsExactly(
            new EvictPod("default/logs", "n2", 30), new EvictPod("default/web", "n2", 30));
  }

  @Test
  void theNodeIsDeletedOnceOnlyDaemonSetPodsAreLeft() {
    Scans s = started(web(), pod("logs").daemonSet("logs").cpu("100m"));
    s.at(after(10), world(tainted(), web(), pod("logs").daemonSet("logs").cpu("100m")).build());
    Plan delete =
        s.at(after(20), world(tainted(), pod("logs").daemonSet("logs").cpu("100m")).build());
    assertThat(work(delete))
        .containsExactly(new DeleteInstance("ng1", "n2", N2_ID, true, "underutilized"));
  }

  @Test
  void aPdbRefusalIsRetriedNotFailed() {
    ClusterSpec withPdb =
        world(node("n2"), web().label("app", "web"))
            .pdb(
                new PodDisruptionBudget(
                    "default", "web", LabelSelector.of(Map.of("app", "web")), 1));
    Scans s = new Scans();
    s.at(Duration.ZERO, withPdb.build());
    s.at(START, withPdb.build());
    ClusterSpec exhausted =
        world(tainted(), web().label("app", "web"))
            .pdb(
                new PodDisruptionBudget(
                    "default", "web", LabelSelector.of(Map.of("app", "web")), 0));
    Plan evict = s.at(after(10), exhausted.build());
    assertThat(work(evict)).containsExactly(new EvictPod("default/web", "n2", 30));
    Plan retry = s.at(after(30), exhausted.build());
    assertThat(work(retry)).containsExactly(new EvictPod("default/web", "n2", 30));
  }

  @Test
  void aDeletionTaintNoRemovalAccountsForIsTakenOff() {
    Plan plan = new Scans().at(Duration.ZERO, world(tainted(), web()).build());
    assertThat(work(plan)).containsExactly(new RemoveTaint("n2", TAINT), new UncordonNode("n2"));
    assertThat(DownRule.reasons(plan)).containsEntry("n2", "CurrentlyBeingDeleted");
  }

  @Test
  void withoutCordoningTheNodeIsOnlyTaintedAndUntainted() {
    Scans s = new Scans().with(o -> o.toBuilder().cordonNodeBeforeTerminating(false).build());
    s.at(Duration.ZERO, world(node("n2"), web()).build());
    Plan taint = s.at(START, world(node("n2"), web()).build());
    assertThat(work(taint)).containsExactly(new TaintNode("n2", taintAt(START)));
    Plan stale =
        new Scans()
            .with(o -> o.toBuilder().cordonNodeBeforeTerminating(false).build())
            .at(Duration.ZERO, world(tainted(), web()).build());
    assertThat(work(stale)).containsExactly(new RemoveTaint("n2", TAINT));
  }

  @Test
  void aNodeGoneBeforeItsDeletionIsForgotten() {
    Scans s = started(web());
    Plan plan =
        s.at(
            after(10),
            cluster()
                .groups(group("ng1"))
                .nodes(node("n1").cpu("8").inGroup("ng1"))
                .pods(pod("base").cpu("5").on("n1"))
                .build());
    assertThat(work(plan)).isEmpty();
    assertThat(s.state().drains()).isEmpty();
  }

  @Test
  void anUnreadyNodeIsRemovedForBeingUnready() {
    Scans s = new Scans();
    s.at(Duration.ZERO, world(node("n2").notReady(), web()).build());
    assertThat(work(s.at(START, world(node("n2").notReady(), web()).build()))).isEmpty();
    s.at(Duration.ofMinutes(20), world(node("n2").notReady(), web()).build());
    assertThat(s.state().drains().get("n2").reason()).isEqualTo("unready");
  }
}
