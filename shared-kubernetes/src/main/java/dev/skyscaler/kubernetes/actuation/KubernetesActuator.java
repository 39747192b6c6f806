package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventRecorder.EventReport;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Carries out the Kubernetes side of a plan: {@link TaintNode}, {@link RemoveTaint}, {@link
 * CordonNode}, {@link UncordonNode}, {@link EvictPod} (in order, one at a time) and {@link
 * RecordEvent} (all together at the end, grouped and rate-limited by the {@link EventRecorder}).
 * Cloud actions are left to the cloud's actuator and do not appear in the report.
 *
 * <p>A cordon of ours is never left without the taint that owns it ({@link CordonOwnership}): the
 * next scan sees the taint, not the cordon's mark.
 *
 * <p>Every action is idempotent and an API failure never throws: it becomes a {@link Result#FAILED}
 * outcome, and the next scan plans the step again from what the cluster then says. Every write is
 * admitted by the scan's {@link WriteFence} first; once it refuses one (the lease was lost, or
 * cannot be proved), that action and the remaining ones are skipped, since another actor may now be
 * acting on the same nodes.
 */
public final class KubernetesActuator {
  private final NodeEditor nodes;
  private final PodEvictor pods;
  private final EventRecorder events;

  /**
   * @param events writes the events; it must be fenced by the same {@code fence}
   * @param fence admits each write (the scan's {@code HeldLease})
   */
  public KubernetesActuator(
      KubernetesConnection connection, EventRecorder events, WriteFence fence) {
    Objects.requireNonNull(fence, "fence");
    this.nodes = new NodeEditor(connection, fence);
    this.pods = new PodEvictor(connection, fence);
    this.events = Objects.requireNonNull(events, "events");
  }

  /** True for the actions this actuator carries out. */
  public static boolean isKubernetesAction(Action action) {
    return action instanceof TaintNode
        || action instanceof RemoveTaint
        || action instanceof CordonNode
        || action instanceof UncordonNode
        || action instanceof EvictPod
        || action instanceof RecordEvent;
  }

  /**
   * Carries out the Kubernetes actions among {@code actions}.
   *
   * @param targets UIDs and controllers of the objects events are about
   */
  public ActuationReport carryOut(List<Action> actions, EventTargets targets) {
    List<Outcome> outcomes = new ArrayList<>();
    List<RecordEvent> eventActions = new ArrayList<>();
    String refused = null;
    CordonOwnership ownership = new CordonOwnership();
    for (Action action : CordonOwnership.uncordonFirst(actions)) {
      if (!isKubernetesAction(action)) {
        continue;
      }
      if (action instanceof RecordEvent e) {
        eventActions.add(e);
      } else if (refused != null) {
        outcomes.add(skipped(action, refused));
      } else {
        try {
          Optional<Outcome> held = ownership.hold(action);
          Outcome done = held.isPresent() ? held.get() : carryOut(action);
          ownership.record(done);
          outcomes.add(done);
        } catch (WriteRefusedException e) {
          refused = e.getMessage();
          outcomes.add(skipped(action, refused));
        }
      }
    }
    if (!eventActions.isEmpty()) {
      if (refused != null) {
        for (RecordEvent e : eventActions) {
          outcomes.add(skipped(e, refused));
        }
      } else {
        outcomes.addAll(eventOutcomes(eventActions, events.record(eventActions, targets)));
      }
    }
    return new ActuationReport(outcomes);
  }

  private Outcome carryOut(Action action) {
    if (action instanceof TaintNode a) {
      return nodes.taint(a);
    } else if (action instanceof RemoveTaint a) {
      return nodes.removeTaint(a);
    } else if (action instanceof CordonNode a) {
      return nodes.cordon(a);
    } else if (action instanceof UncordonNode a) {
      return nodes.uncordon(a);
    } else if (action instanceof EvictPod a) {
      return pods.evict(a);
    }
    throw new IllegalArgumentException("not a Kubernetes action: " + action);
  }

  private static Outcome skipped(Action action, String refusal) {
    return new Outcome(action, Result.SKIPPED, "the scan's lease does not fence it: " + refusal);
  }

  /** Events share one report; each action gets the batch's summary. */
  private static List<Outcome> eventOutcomes(List<RecordEvent> actions, EventReport report) {
    Result result = report.failures().isEmpty() ? Result.DONE : Result.FAILED;
    String detail =
        report.events()
            + " events as "
            + report.groups()
            + " Kubernetes events: "
            + report.written()
            + " written, "
            + report.rateLimited()
            + " written recently, "
            + report.dropped()
            + " over this scan's budget"
            + (report.failures().isEmpty() ? "" : "; " + String.join("; ", report.failures()));
    return actions.stream().map(a -> new Outcome(a, result, detail)).toList();
  }
}
