package dev.skyscaler.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.AutoscalerState;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.plan.ScaleUp;
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
