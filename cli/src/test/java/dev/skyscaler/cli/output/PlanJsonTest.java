package dev.skyscaler.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanJsonTest {

  @Test
  void theJsonContractHasEveryKeyInItsOrder() {
    Plan plan =
        Plan.scaleUpOnly(
            List.of(new ScaleUp("ng2", 1, 3, List.of("default/p-new"))),
            List.of(new NoScaleUp("default/huge", Map.of("ng1", "Insufficient cpu"))),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);

    assertThat(PlanJson.render(plan, List.of("w")))
        .isEqualTo(
            """
            {
              "scaleUp": [
                {
                  "nodeGroup": "ng2",
                  "delta": 1,
                  "targetSize": 4,
                  "pods": [
                    "default/p-new"
                  ]
                }
              ],
              "noScaleUp": [
                {
                  "pod": "default/huge",
                  "reasons": {
                    "ng1": "Insufficient cpu"
                  }
                }
              ],
              "scaleDown": [],
              "unremovable": [],
              "warnings": [
                "w"
              ]
            }
            """);
  }

  @Test
  void scaleDownEntriesHaveEveryKeyInItsOrderAndNullsWhereNoPodBlocks() {
    java.time.Instant since = java.time.Instant.parse("2025-06-02T09:31:00Z");
    Plan plan =
        new Plan(
            List.of(),
            List.of(),
            List.of(
                new dev.skyscaler.core.plan.ScaleDown(
                    "n3", "ng1", true, Map.of(), 1.0 / 3, since, since.plusSeconds(600))),
            List.of(
                new dev.skyscaler.core.plan.Unremovable(
                    "n1", "ng1", "NoPlaceToMovePods", Optional.empty(), Optional.empty())),
            List.of(),
            List.of(),
            AutoscalerState.EMPTY);

    assertThat(PlanJson.render(plan, List.of()))
        .isEqualTo(
            """
            {
              "scaleUp": [],
              "noScaleUp": [],
              "scaleDown": [
                {
                  "node": "n3",
                  "nodeGroup": "ng1",
                  "empty": true,
                  "utilization": 0.3333,
                  "unneededSince": "2025-06-02T09:31:00Z",
                  "removableAt": "2025-06-02T09:41:00Z",
                  "pods": {}
                }
              ],
              "unremovable": [
                {
                  "node": "n1",
                  "nodeGroup": "ng1",
                  "reason": "NoPlaceToMovePods",
                  "pod": null,
                  "podReason": null
                }
              ],
              "warnings": []
            }
            """);
  }

  @Test
  void anEmptyPlanKeepsEveryKey() {
    Plan plan = Plan.scaleUpOnly(List.of(), List.of(), List.of(), List.of(), AutoscalerState.EMPTY);
    assertThat(PlanJson.render(plan, List.of()))
        .isEqualTo(
            """
            {
              "scaleUp": [],
              "noScaleUp": [],
              "scaleDown": [],
              "unremovable": [],
              "warnings": []
            }
            """);
  }

  @Test
  void anExplanationWithoutScaleUpHasANullGroup() {
    PodExplanation e =
        new PodExplanation(
            "default/huge",
            "no node group can host it",
            Map.of("ng1", "Insufficient cpu"),
            Optional.empty());
    assertThat(ExplanationOutput.json(e))
        .isEqualTo(
            """
            {
              "pod": "default/huge",
              "summary": "no node group can host it",
              "scaleUpGroup": null,
              "groups": {
                "ng1": "Insufficient cpu"
              }
            }
            """);
    assertThat(ExplanationOutput.text(e))
        .isEqualTo(
            """
            default/huge: no node group can host it
            Scale-up: none

              NODE GROUP  VERDICT
              ng1         Insufficient cpu
            """);
  }
}
