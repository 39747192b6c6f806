package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.kubernetes.actuation.KubernetesActuator;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Carries a plan's actions out in the plan's order, the Kubernetes ones through the {@link
 * KubernetesActuator} and the others through the cloud's {@link NodeGroupProvider}. Order matters
 * across the two: a drain's evictions come before its instance's deletion, an interruption's
 * evictions before its lifecycle completion. Events go last, as one batch, so their rate limit sees
 * the whole scan.
 *
 * <p>Nothing here throws for a failed action: a provider exception becomes a {@link Status#FAILED}
 * outcome and the next scan plans the step again. Every cloud action is admitted by the scan's
 * {@link WriteFence} first and given the time it grants ({@link NodeGroupProvider#apply(Action,
 * Duration)}); once the fence refuses one, the remaining actions are skipped.
 */
final class PlanActuator {
  private final KubernetesActuator kubernetes;
  private final NodeGroupProvider cloud;
  private final WriteFence fence;

  PlanActuator(KubernetesActuator kubernetes, NodeGroupProvider cloud, WriteFence fence) {
    this.kubernetes = kubernetes;
    this.cloud = cloud;
    this.fence = fence;
  }

  /** What happened, on each side. */
  record Result(List<Outcome> kubernetes, List<CloudOutcome> cloud) {}

  Result carryOut(List<Action> actions, EventTargets targets) {
    List<Outcome> k8s = new ArrayList<>();
    List<CloudOutcome> cloudOutcomes = new ArrayList<>();
    List<Action> run = new ArrayList<>();
    List<Action> events = new ArrayList<>();
    for (Action action : actions) {
      if (action instanceof RecordEvent) {
        events.add(action);
      } else if (KubernetesActuator.isKubernetesAction(action)) {
        run.add(action);
      } else {
        k8s.addAll(flush(run, targets));
        cloudOutcomes.add(new CloudOutcome(action, apply(action)));
      }
    }
    k8s.addAll(flush(run, targets));
    k8s.addAll(flush(events, targets));
    return new Result(k8s, cloudOutcomes);
  }

  private List<Outcome> flush(List<Action> run, EventTargets targets) {
    if (run.isEmpty()) {
      return List.of();
    }
    List<Outcome> outcomes = kubernetes.carryOut(List.copyOf(run), targets).outcomes();
    run.clear();
    return outcomes;
  }

  private NodeGroupProvider.Outcome apply(Action action) {
    Duration budget;
    try {
      budget = fence.admit(action.describe());
    } catch (WriteRefusedException e) {
      return new NodeGroupProvider.Outcome(
          Status.RETRY, "the scan's lease does not fence it: " + e.getMessage());
    }
    try {
      return cloud.apply(action, budget);
    } catch (RuntimeException e) {
      return new NodeGroupProvider.Outcome(Status.FAILED, String.valueOf(e.getMessage()));
    }
  }
}
