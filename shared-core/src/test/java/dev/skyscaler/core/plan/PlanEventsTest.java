package dev.skyscaler.core.plan;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanEventsTest {
  @Test
  void scaleUpsAndNoScaleUpsBecomeCasPerPodEvents() {
    var snapshot =
        cluster()
            .pods(pod("web-1"), pod("web-2"), pod("big"))
            .groups(
                group("ng-a").max(10).template(template().cpu("4").memory("16Gi")),
                group("ng-b").max(5).template(template().cpu("4").memory("16Gi")))
            .build();
    Plan plan =
        Plan.scaleUpOnly(
            List.of(
                new ScaleUp("ng-a", 2, 2, List.of("default/web-1", "default/web-2")),
                new ScaleUp("ng-b", 1, 1, List.of("default/web-2"))),
            List.of(
                new NoScaleUp(
                    "default/big",
                    Map.of(
                        "ng-a", "Insufficient cpu",
                        "ng-b", "max node group size reached",
                        "ng-c", "Insufficient cpu"))),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);

    assertThat(PlanEvents.of(plan, snapshot))
        .extracting(RecordEvent::object, RecordEvent::reason, RecordEvent::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "default/web-1",
                "TriggeredScaleUp",
                "pod triggered scale-up: [{ng-a 2->4 (max: 10)}]"),
            org.assertj.core.groups.Tuple.tuple(
                "default/web-2",
                "TriggeredScaleUp",
                "pod triggered scale-up: [{ng-a 2->4 (max: 10)} {ng-b 1->2 (max: 5)}]"),
            org.assertj.core.groups.Tuple.tuple(
                "default/big",
                "NotTriggerScaleUp",
                "pod didn't trigger scale-up: 1 max node group size reached, 2 Insufficient cpu"));
  }

  @Test
  void headroomAndBufferChunksGetNoEventForTheyAreNotPodsOfTheCluster() {
    var snapshot =
        cluster()
            .pods(pod("web-1"))
            .groups(group("ng-a").max(10).template(template().cpu("4").memory("16Gi")))
            .build();
    Plan plan =
        Plan.scaleUpOnly(
            List.of(
                new ScaleUp(
                    "ng-a",
                    1,
                    2,
                    List.of("default/web-1", "skyscaler-headroom/capacity-buffer-web-spare-0"))),
            List.of(),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);

    assertThat(PlanEvents.of(plan, snapshot))
        .extracting(RecordEvent::object)
        .containsExactly("default/web-1");
  }
}
