package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.SetTargetSize;
import java.util.ArrayList;
import java.util.List;

/** Turns planned scale-ups into what the actuators do: set each group's target, say so. */
public final class ScaleUpActions {
  private ScaleUpActions() {}

  /** A {@code SetTargetSize} and CA's {@code ScaledUpGroup} event per scale-up. */
  public static List<Action> of(List<ScaleUp> scaleUps) {
    List<Action> actions = new ArrayList<>();
    for (ScaleUp s : scaleUps) {
      actions.add(new SetTargetSize(s.nodeGroup(), s.currentTarget(), s.newTarget(), "scale-up"));
      actions.add(
          new RecordEvent(
              "ConfigMap",
              "kube-system/cluster-autoscaler-status",
              "ScaledUpGroup",
              "Scale-up: setting group "
                  + s.nodeGroup()
                  + " size to "
                  + s.newTarget()
                  + " instead of "
                  + s.currentTarget(),
              false));
    }
    return actions;
  }
}
