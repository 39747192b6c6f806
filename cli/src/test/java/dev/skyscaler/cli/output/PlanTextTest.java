package dev.skyscaler.cli.output;

import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PlanTextTest {
  private static final Map<String, Pod> PODS =
      Stream.of(
              pod("web-5d4f8-aaaaa")
                  .ownedBy("ReplicaSet", "web-5d4f8")
                  .label("pod-template-hash", "5d4f8"),
              pod("web-5d4f8-bbbbb")
                  .ownedBy("ReplicaSet", "web-5d4f8")
                  .label("pod-template-hash", "5d4f8"),
              pod("web-5d4f8-ccccc")
                  .ownedBy("ReplicaSet", "web-5d4f8")
                  .label("pod-template-hash", "5d4f8"),
              pod("solo").noOwner(),
              pod("train-0").ownedBy("StatefulSet", "train"),
              pod("etl-1").ownedBy("Job", "etl"),
              pod("etl-2").ownedBy("Job", "etl"),
              pod("etl-3").ownedBy("Job", "etl"))
          .map(p -> p.build())
          .collect(Collectors.toMap(Pod::key, Function.identity()));

  private static final Map<String, String> TOO_BIG =
      Map.of("ng1", "Insufficient memory", "gpu", "node(s) had untolerated taint {gpu: true}");

  @Test
  void thePlanReadsAsSummaryTableStuckPodsAndWarnings() {
    Plan plan =
        Plan.scaleUpOnly(
            List.of(
                new ScaleUp(
                    "ng1",
                    2,
                    3,
                    List.of(
                        "default/web-5d4f8-aaaaa",
                        "default/solo",
                        "default/web-5d4f8-bbbbb",
                        "default/web-5d4f8-ccccc")),
                new ScaleUp("gpu", 1, 0, List.of("default/train-0"))),
            List.of(
                new NoScaleUp("default/etl-1", TOO_BIG),
                new NoScaleUp("default/etl-2", TOO_BIG),
                new NoScaleUp("default/etl-3", Map.of("ng1", "max node group size reached"))),
            List.of(),
            List.of("plan warning"),
            AutoscalerState.EMPTY);

    String text = PlanText.render(plan, PODS, List.of("snapshot warning", "plan warning"));

    assertThat(text)
        .isEqualTo(
            """
            Scale-up: 2 node groups, +3 nodes for 5 pending pods; 3 pending pods get no scale-up

              NODE GROUP  NODES        PODS
              ng1         3 -> 5 (+2)  3 pods of Deployment default/web
                                       default/solo
              gpu         0 -> 1 (+1)  default/train-0

            No scale-up for 3 pending pods:
              2 pods of Job default/etl:
                gpu: node(s) had untolerated taint {gpu: true}
                ng1: Insufficient memory
              default/etl-3:
                ng1: max node group size reached

            Warnings:
              - snapshot warning
              - plan warning
            """);
  }

  @Test
  void aPlanWithNothingToDoSaysSo() {
    Plan plan = Plan.scaleUpOnly(List.of(), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);
    assertThat(PlanText.render(plan, PODS, List.of()))
        .isEqualTo("Scale-up: none needed; no pending pod waits for a new node\n");
  }

  @Test
  void oneStuckPodIsCountedInTheSingular() {
    Plan plan =
        Plan.scaleUpOnly(
            List.of(),
            List.of(new NoScaleUp("default/solo", Map.of("ng1", "Insufficient cpu"))),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);
    assertThat(PlanText.render(plan, PODS, List.of()))
        .isEqualTo(
            """
            Scale-up: none; 1 pending pod gets no scale-up

            No scale-up for 1 pending pod:
              default/solo:
                ng1: Insufficient cpu
            """);
  }

  private static final java.time.Instant SINCE = java.time.Instant.parse("2025-06-02T09:31:00Z");

  private static Plan scaleDownPlan(List<ScaleDown> removable, List<Unremovable> staying) {
    return new Plan(
        List.of(), List.of(), removable, staying, List.of(), List.of(), AutoscalerState.EMPTY);
  }

  private static Unremovable stays(String node, String reason) {
    return new Unremovable(node, "ng1", reason, Optional.empty(), Optional.empty());
  }

  @Test
  void removableNodesShowWhereEachWorkloadsPodsGo() {
    ScaleDown n3 =
        new ScaleDown(
            "n3",
            "ng1",
            false,
            Map.of(
                "default/web-5d4f8-aaaaa", "n1",
                "default/web-5d4f8-bbbbb", "n4",
                "default/web-5d4f8-ccccc", "n1",
                "default/solo", "n1"),
            0.305,
            SINCE,
            SINCE.plusSeconds(600));
    ScaleDown n5 = new ScaleDown("n5", "ng1", true, Map.of(), 0, SINCE, SINCE.plusSeconds(600));
    Unremovable blocked =
        new Unremovable(
            "n2", "ng1", "BlockedByPod", Optional.of("default/x"), Optional.of("NotReplicated"));

    String text =
        PlanText.render(scaleDownPlan(List.of(n5, n3), List.of(blocked)), PODS, List.of());

    assertThat(text)
        .isEqualTo(
            """
            Scale-up: none needed; no pending pod waits for a new node

            Scale-down: 2 nodes removable together (1 empty); 1 node stays

              NODE  GROUP  UTILIZATION  REMOVABLE AT          PODS
              n5    ng1    0%           2025-06-02T09:41:00Z  (empty)
              n3    ng1    31%          2025-06-02T09:41:00Z  3 pods of Deployment default/web -> n1, n4
                                                              default/solo -> n1

            Nodes that stay:
              BlockedByPod: n2 (default/x: NotReplicated)
            """);
  }

  @Test
  void manyNodesWithOneReasonAreCountedAfterTheFirstTen() {
    List<Unremovable> staying = new java.util.ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      staying.add(stays("n" + i, "NotUnderutilized"));
    }
    staying.add(stays("n13", "NodeGroupMinSizeReached"));

    String text = PlanText.render(scaleDownPlan(List.of(), staying), PODS, List.of());

    assertThat(text)
        .endsWith(
            """
            Scale-down: none; 13 nodes stay

            Nodes that stay:
              NotUnderutilized: n1, n2, n3, n4, n5, n6, n7, n8, n9, n10 and 2 more
              NodeGroupMinSizeReached: n13
            """);
  }

  @Test
  void aPlanThatConsideredNoNodeHasNoScaleDownSection() {
    assertThat(PlanText.render(scaleDownPlan(List.of(), List.of()), PODS, List.of()))
        .doesNotContain("Scale-down");
  }

  @Test
  void podsMissingFromTheSnapshotAreShownByName() {
    assertThat(PodGroups.of(List.of("ns/ghost", "ns/ghost2"), PODS))
        .extracting(PodGroups.Group::describe)
        .containsExactly("ns/ghost", "ns/ghost2");
  }
}
