package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps every cordon of ours under the taint that owns it within one scan's node edits. The
 * planners see a node's taints, not the mark our cordon carries ({@link NodeEditor}); they roll
 * back a deletion or interruption taint that no record owns, and its cordon with it. A cordon left
 * without its taint would be seen by no one, and stay for ever. So:
 *
 * <ul>
 *   <li>a {@link CordonNode} whose node's owning taint did not land earlier in the scan is not
 *       made;
 *   <li>an {@link UncordonNode} goes before the {@link RemoveTaint} of the same node, and when it
 *       does not land the taint is kept, for the next scan to roll back again.
 * </ul>
 *
 * <p>Owning taints: {@link CaTaints#TO_BE_DELETED} and {@link InterruptionPolicy#TAINT_KEY}. One
 * instance serves one scan's edits.
 */
final class CordonOwnership {
  static final Set<String> OWNING_TAINTS =
      Set.of(CaTaints.TO_BE_DELETED, InterruptionPolicy.TAINT_KEY);

  private final Set<String> untainted = new HashSet<>();
  private final Set<String> stillCordoned = new HashSet<>();

  /**
   * {@code actions} with each {@link UncordonNode} moved before the first {@link RemoveTaint} of
   * the same node that precedes it; otherwise in their order.
   */
  static List<Action> uncordonFirst(List<Action> actions) {
    List<Action> result = new ArrayList<>(actions);
    for (int i = 0; i < result.size(); i++) {
      if (result.get(i) instanceof UncordonNode u) {
        for (int j = 0; j < i; j++) {
          if (result.get(j) instanceof RemoveTaint r && r.node().equals(u.node())) {
            result.add(j, result.remove(i));
            break;
          }
        }
      }
    }
    return result;
  }

  /** The outcome of {@code action} when it must not be made now; empty when it may. */
  java.util.Optional<Outcome> hold(Action action) {
    if (action instanceof CordonNode c && untainted.contains(c.node())) {
      return java.util.Optional.of(
          new Outcome(
              action,
              Result.SKIPPED,
              "not cordoned: the taint that owns the cordon did not land; the next scan plans again"));
    }
    if (action instanceof RemoveTaint r
        && OWNING_TAINTS.contains(r.taintKey())
        && stillCordoned.contains(r.node())) {
      return java.util.Optional.of(
          new Outcome(
              action,
              Result.SKIPPED,
              "taint kept: the cordon it owns could not be lifted; the next scan rolls it back again"));
    }
    return java.util.Optional.empty();
  }

  /** Notes what {@code outcome} leaves on its node. */
  void record(Outcome outcome) {
    boolean landed =
        outcome.result() == Result.DONE
            || outcome.result() == Result.UNCHANGED
            || outcome.result() == Result.GONE;
    if (outcome.action() instanceof TaintNode t
        && OWNING_TAINTS.contains(t.taint().key())
        && !landed) {
      untainted.add(t.node());
    }
    if (outcome.action() instanceof UncordonNode u && !landed) {
      stillCordoned.add(u.node());
    }
  }
}
