package dev.skyscaler.core.interruption;

import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.config.InterruptionOptions.RebalanceAction;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.core.state.InterruptedNode.HookState;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one interrupted node still needs this scan, derived from its record and the snapshot only
 * (so the same inputs give the same actions): an event per newly learnt kind, the taint and the
 * cordon if missing, the evictions ({@link DrainPlan}), the lifecycle hook's completion or
 * heartbeat, and a one-time replacement of a preempted Azure VM.
 */
final class NodeActions {
  private final InterruptionOptions options;
  private final Instant now;
  private final Map<String, Node> nodes = new HashMap<>();
  private final PodsByNode podsByNode;

  NodeActions(ClusterSnapshot snapshot, InterruptionOptions options, Instant now) {
    this.options = options;
    this.now = now;
    snapshot.nodes().forEach(n -> nodes.put(n.name(), n));
    this.podsByNode = snapshot.podsByNode();
  }

  /** Adds the node's actions to {@code out}; returns its record as it stands after them. */
  InterruptedNode plan(InterruptedNode e, Set<Kind> knownKinds, List<Action> out) {
    Node node = nodes.get(e.node());
    if (!stillThere(node, e)) {
      return completeHook(e, out);
    }
    for (Kind k : e.kinds()) {
      if (!knownKinds.contains(k)) {
        out.add(event(e, k));
      }
    }
    boolean rebalanceOnly = !e.leaving();
    if (rebalanceOnly && options.rebalanceAction() == RebalanceAction.IGNORE) {
      return e;
    }
    taintAndCordon(node, e, out);
    if (rebalanceOnly && options.rebalanceAction() == RebalanceAction.CORDON) {
      return e;
    }
    DrainPlan.Result drain =
        DrainPlan.plan(
            node.name(),
            podsByNode.boundTo(node.name()),
            e.hardDeadline(),
            options.drainMargin(),
            now);
    out.addAll(drain.evictions());
    InterruptedNode next = lifecycle(e, drain.drained(), out);
    if (e.kinds().contains(Kind.AZURE_PREEMPTED) && !e.replaced() && !e.nodeGroup().isEmpty()) {
      out.add(new DeleteInstance(e.nodeGroup(), e.node(), e.providerId(), false, "preempted"));
      next = next.withReplaced();
    }
    return next;
  }

  /** The interrupted instance still has its node: the name alone may be reused by a new one. */
  static boolean stillThere(Node node, InterruptedNode e) {
    return node != null && ProviderIds.sameInstance(node.providerId(), e.providerId());
  }

  private void taintAndCordon(Node node, InterruptedNode e, List<Action> out) {
    Taint taint =
        new Taint(
            InterruptionPolicy.TAINT_KEY, e.dominantKind().taintValue(), TaintEffect.NO_SCHEDULE);
    if (!node.taints().contains(taint)) {
      out.add(new TaintNode(node.name(), taint));
    }
    if (!node.unschedulable()) {
      out.add(new CordonNode(node.name()));
    }
  }

  /**
   * CONTINUE once nothing is left to wait for (drained, or the hard deadline is upon us); otherwise
   * a heartbeat when less than half the hook's timeout is left.
   */
  private InterruptedNode lifecycle(InterruptedNode e, boolean drained, List<Action> out) {
    if (e.hook().isEmpty() || e.hook().get().completed()) {
      return e;
    }
    boolean outOfTime =
        e.hardDeadline().map(d -> !now.isBefore(d.minus(options.drainMargin()))).orElse(false);
    if (drained || outOfTime) {
      return completeHook(e, out);
    }
    HookState h = e.hook().get();
    Duration left = Duration.between(now, h.expiresAt());
    if (left.compareTo(options.lifecycleHeartbeatTimeout().dividedBy(2)) <= 0) {
      out.add(hookAction(e, CompleteLifecycleAction.Result.HEARTBEAT));
      return e.withHook(
          new HookState(h.hook(), now.plus(options.lifecycleHeartbeatTimeout()), false));
    }
    return e;
  }

  private InterruptedNode completeHook(InterruptedNode e, List<Action> out) {
    if (e.hook().isEmpty() || e.hook().get().completed()) {
      return e;
    }
    out.add(hookAction(e, CompleteLifecycleAction.Result.CONTINUE));
    HookState h = e.hook().get();
    return e.withHook(new HookState(h.hook(), h.expiresAt(), true));
  }

  private static CompleteLifecycleAction hookAction(
      InterruptedNode e, CompleteLifecycleAction.Result result) {
    var hook = e.hook().orElseThrow().hook();
    return new CompleteLifecycleAction(
        hook.nodeGroup(), e.providerId(), hook.name(), hook.token(), result);
  }

  private RecordEvent event(InterruptedNode e, Kind k) {
    String deadline = k.hardDeadline() ? " by " + e.hardDeadline().orElseThrow() : "";
    String what =
        k.terminates()
            ? "leaves" + deadline + ": tainted, cordoned and drained"
            : "is at risk of interruption: " + options.rebalanceAction().flagName();
    return new RecordEvent(
        "Node", e.node(), k.eventReason(), "node " + e.node() + " " + what, true);
  }
}
