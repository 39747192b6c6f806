package dev.skyscaler.cli.simulate;

import static dev.skyscaler.cli.simulate.ActuatorTest.lines;
import static dev.skyscaler.cli.simulate.Scenarios.minutes;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.time.Duration;
import java.time.LocalTime;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What happens to the simulated world: interruptions, failures at a rate, Jobs, daily patterns. */
class WorldEventsTest {
  private static final Duration SCAN = Duration.ofSeconds(10);

  private static final ClusterSnapshot TWO_NODES =
      cluster()
          .nodes(
              node("n1").cpu("4").memory("16Gi").inGroup("ng"),
              node("n2").cpu("4").memory("16Gi").inGroup("ng"))
          .groups(group("ng").min(1).max(5))
          .pods(pod("web").cpu("500m").label("app", "web").on("n2").times(4))
          .build();

  private static ScenarioEvent trouble(
      Duration at, ScenarioEvent.NodeTrouble.Kind kind, String node, String group) {
    return new ScenarioEvent.NodeTrouble(
        at, kind, Optional.ofNullable(node), Optional.ofNullable(group));
  }

  @Test
  void anInterruptionNoticeReachesThePolicyWhichDrainsTheNodeBeforeTheInstanceGoes() {
    ScriptedPlanner planner = new ScriptedPlanner();
    SimulationResult r =
        Scenarios.on(TWO_NODES)
            .duration(minutes(6))
            .boot("ng", minutes(2), Duration.ofSeconds(20))
            .event(trouble(minutes(1), ScenarioEvent.NodeTrouble.Kind.INTERRUPT, "n2", null))
            .run(planner);

    assertThat(lines(r, Duration.ZERO, minutes(6)))
        .containsExactly(
            "00:01:00 interruption spot interruption notice for n2 of ng (scenario event): the"
                + " instance goes in 2m",
            "00:01:00 event warning SpotInterruption on Node n2: node n2 leaves by"
                + " 2025-06-02T10:03:00Z: tainted, cordoned and drained",
            "00:01:00 taint taint n2 with skyscaler.dev/interrupted=spot-warning:NoSchedule",
            "00:01:00 cordon cordon n2",
            "00:01:00 evict evicted 4 pods from n2: default/web-0, default/web-1, default/web-2"
                + " and 1 more",
            "00:03:00 interruption spot instance of n2 reclaimed: node gone, 0 pods to"
                + " reschedule; ng launches a replacement",
            "00:04:40 node ng-1 of ng registered, NotReady",
            "00:05:00 node ng-1 of ng Ready, 2m after launch");
    assertThat(planner.seenAt(minutes(1).plus(SCAN)).pods())
        .filteredOn(p -> "web".equals(p.labels().get("app")))
        .hasSize(4)
        .allMatch(p -> p.nodeName().orElseThrow().equals("n1"));
    assertThat(r.summary().count("interruptions")).isEqualTo(1);
  }

  @Test
  void aFailedNodeIsRepairedByTheHealthPolicy() {
    SimulationResult r =
        Scenarios.on(TWO_NODES)
            .duration(minutes(15))
            .boot("ng", minutes(2), Duration.ofSeconds(20))
            .event(trouble(minutes(1), ScenarioEvent.NodeTrouble.Kind.FAIL, "n2", null))
            .run();
    r.timeline()
        .forEach(
            e ->
                System.out.println(
                    "TL " + TimelineEntry.clock(e.at()) + " " + e.kind() + " " + e.message()));
  }

  @Test
  void interruptionsAtARateAreDrawnFromTheSeedAndCounted() {
    ClusterSnapshot five =
        cluster()
            .nodes(
                node("a").inGroup("spot"),
                node("b").inGroup("spot"),
                node("c").inGroup("spot"),
                node("d").inGroup("spot"),
                node("e").inGroup("spot"))
            .groups(group("spot").min(0).max(10))
            .build();
    GroupBehaviour spot =
        GroupBehaviour.defaults("spot").withRates(12, 0).withBootDelay(minutes(2), Duration.ZERO);
    // scale-down off: the nodes are empty, and this is about interruptions
    AutoscalerOptions noScaleDown =
        AutoscalerOptions.defaults()
            .withScaleDown(ScaleDownOptions.defaults().toBuilder().enabled(false).build());
    Scenarios scenario =
        Scenarios.on(five).duration(minutes(60)).group("spot", spot).options(noScaleDown);
    SimulationResult one = scenario.run();
    SimulationResult again = scenario.run();

    long notices =
        one.timeline().stream()
            .filter(e -> e.message().startsWith("spot interruption notice"))
            .count();
    assertThat(notices).isPositive().isEqualTo(one.summary().count("interruptions"));
    assertThat(again.timeline()).isEqualTo(one.timeline());
    assertThat(one.summary().groups().get(0).nodesAtEnd()).isEqualTo(5);
  }

  @Test
  void aGroupScaledDownToZeroKeepsItsShapeAsATemplateAndGrowsAgain() {
    ClusterSnapshot one =
        cluster()
            .nodes(node("a").cpu("4").memory("16Gi").zone("eu-west-1a").inGroup("ng"))
            .groups(group("ng").min(0).max(3))
            .build();
    ScriptedPlanner planner = new ScriptedPlanner();
    SimulationResult r =
        Scenarios.on(one)
            .duration(minutes(20))
            .boot("ng", minutes(2), Duration.ofSeconds(20))
            .deployment("web", "1", 0)
            .scale(minutes(15), "web", 2)
            .run(planner);

    assertThat(lines(r, Duration.ZERO, minutes(20)))
        .filteredOn(l -> l.contains(" remove ") || l.contains(" scale-up "))
        .containsExactly(
            "00:10:10 remove removed a of ng (empty): 0 pods on it",
            "00:15:00 scale-up ng: target 0 -> 1 for 2 pending pods (scale-up)");
    var template = planner.seenAt(minutes(15)).nodeGroups().get(0).template().orElseThrow();
    assertThat(template.capacity().cpu()).isEqualTo(4000);
    assertThat(template.labels()).containsEntry("topology.kubernetes.io/zone", "eu-west-1a");
    assertThat(template.labels()).doesNotContainKey("kubernetes.io/hostname");
  }

  @Test
  void aJobRunsItsPodsForTheirDurationAndCompletes() {
    ScriptedPlanner planner = new ScriptedPlanner();
    Pod template =
        Pod.builder("default", "batch").requests(Resources.parse(Map.of("cpu", "500m"))).build();
    SimulationResult r =
        Scenarios.on(TWO_NODES)
            .duration(minutes(8))
            .event(new ScenarioEvent.Job(minutes(1), "default", "batch", 3, minutes(5), template))
            .run(planner);

    assertThat(lines(r, Duration.ZERO, minutes(8)))
        .containsExactly(
            "00:01:00 job Job default/batch started: 3 pods of 5m",
            "00:06:00 job Job default/batch complete after 5m");
    assertThat(jobPods(planner.seenAt(minutes(1)))).hasSize(3).allMatch(Pod::isScheduled);
    assertThat(jobPods(planner.seenAt(minutes(6)))).isEmpty();
    assertThat(r.summary().count("jobsCompleted")).isEqualTo(1);
  }

  private static java.util.List<Pod> jobPods(ClusterSnapshot s) {
    return s.pods().stream()
        .filter(p -> p.owner().map(o -> o.kind().equals("Job")).orElse(false))
        .toList();
  }

  @Test
  void aDailyPatternSetsTheReplicasAtEveryScan() {
    // 10:00 → 4 replicas, 10:30 → 20: a quarter of an hour in, 12.
    DailyPattern daily = DailyPattern.of(Map.of(LocalTime.of(10, 0), 4, LocalTime.of(10, 30), 20));
    Pod template =
        Pod.builder("default", "api")
            .label("app", "api")
            .requests(Resources.parse(Map.of("cpu", "500m")))
            .build();
    ScriptedPlanner planner = new ScriptedPlanner();
    Scenarios.on(TWO_NODES)
        .duration(minutes(40))
        .workload(
            new WorkloadSpec(
                "default", "api", Optional.of(template), OptionalInt.empty(), Optional.of(daily)))
        .run(planner);

    assertThat(apiPods(planner.seenAt(Duration.ZERO))).isEqualTo(4);
    assertThat(apiPods(planner.seenAt(minutes(15)))).isEqualTo(12);
    assertThat(apiPods(planner.seenAt(minutes(30)))).isEqualTo(20);
  }

  private static long apiPods(ClusterSnapshot s) {
    return s.pods().stream().filter(p -> "api".equals(p.labels().get("app"))).count();
  }

  @Test
  void theSchedulerSpreadsPodsOverReadyNodesAndMarksTheRestUnschedulable() {
    ClusterSnapshot c =
        cluster()
            .nodes(node("n1").inGroup("ng"), node("n2").inGroup("ng"), node("n3").notReady())
            .groups(group("ng").min(2).max(2))
            .pods(pod("light").unprocessed().times(10), pod("huge").cpu("8").unprocessed())
            .build();
    ScriptedPlanner planner = new ScriptedPlanner();
    Scenarios.on(c).duration(SCAN).run(planner);

    ClusterSnapshot seen = planner.seenAt(Duration.ZERO);
    Map<String, Long> perNode =
        seen.pods().stream()
            .filter(p -> p.name().startsWith("light"))
            .collect(Collectors.groupingBy(p -> p.nodeName().orElse("-"), Collectors.counting()));
    assertThat(perNode).isEqualTo(Map.of("n1", 5L, "n2", 5L));
    Pod huge = seen.pods().stream().filter(p -> p.name().equals("huge")).findFirst().orElseThrow();
    assertThat(huge.nodeName()).isEmpty();
    assertThat(huge.unschedulable()).isTrue();
  }
}
