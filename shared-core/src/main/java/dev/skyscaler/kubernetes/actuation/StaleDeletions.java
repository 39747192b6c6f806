package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.UncordonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The cleanup every scan runs before planning (CA only does it at start-up): a node carrying {@code
 * ToBeDeletedByClusterAutoscaler} that no drain in the state owns (its actor died between tainting
 * and recording the drain, or the state was lost), or whose drain is past its deadline, is returned
 * to service: the taint is removed and the autoscaler's cordon (only its own, marked by {@code
 * skyscaler.dev/cordoned-by-autoscaler}) is lifted. Pure: it returns actions for the actuator and
 * the drains to forget for the state.
 *
 * <p>A drain the state records for a node without the taint is left alone: the drain's first step
 * may be to record itself before tainting.
 */
public final class StaleDeletions {
  private StaleDeletions() {}

  /** What cleanup needs from the state: the deadline of each drain in progress. */
  @FunctionalInterface
  public interface DrainLedger {
    /** The deadline of the drain of {@code node}, if one is in progress. */
    Optional<Instant> drainDeadline(String node);
  }

  /**
   * @param actions the Kubernetes actions that return the nodes to service, with an event for each
   *     expired drain
   * @param drainsToForget nodes whose drains the state should drop
   * @param notes one line per node rolled back, for the scan's log
   */
  public record Rollback(List<Action> actions, Set<String> drainsToForget, List<String> notes) {
    public Rollback {
      actions = List.copyOf(actions);
      drainsToForget = Set.copyOf(drainsToForget);
      notes = List.copyOf(notes);
    }
  }

  public static Rollback plan(List<Node> nodes, DrainLedger ledger, Instant now) {
    List<Action> actions = new ArrayList<>();
    Set<String> forget = new LinkedHashSet<>();
    List<String> notes = new ArrayList<>();
    for (Node node : nodes) {
      if (node.taints().stream().noneMatch(t -> t.key().equals(CaTaints.TO_BE_DELETED))) {
        continue;
      }
      Optional<Instant> deadline = ledger.drainDeadline(node.name());
      if (deadline.isPresent() && deadline.get().isAfter(now)) {
        continue;
      }
      actions.add(new RemoveTaint(node.name(), CaTaints.TO_BE_DELETED));
      if (node.annotations().containsKey(NodeEditor.CORDONED_BY_AUTOSCALER)) {
        actions.add(new UncordonNode(node.name()));
      }
      if (deadline.isPresent()) {
        forget.add(node.name());
        String why = "drain did not finish by " + deadline.get() + "; node returned to service";
        actions.add(new RecordEvent("Node", node.name(), "ScaleDownFailed", why, true));
        notes.add(node.name() + ": " + why);
      } else {
        notes.add(
            node.name()
                + ": deletion taint without a drain in the state (an interrupted scan);"
                + " node returned to service");
      }
    }
    return new Rollback(actions, forget, notes);
  }
}
