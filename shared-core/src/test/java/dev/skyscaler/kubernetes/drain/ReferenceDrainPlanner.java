package dev.skyscaler.kubernetes.drain;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A stand-in for the scale-down state machine (DESIGN §5), just enough to drive the drain harness:
 * record the drain, taint, cordon, evict what is left, delete the instance once the node is empty,
 * forget. It only ever drains {@code target}. The real planner replaces it once it lands.
 */
final class ReferenceDrainPlanner {
  static final Duration DRAIN_TIME = Duration.ofMinutes(10);

  /** The drains in progress: node to deadline. */
  record DrainState(Map<String, Instant> deadlines) {
    static final DrainState EMPTY = new DrainState(Map.of());

    DrainState {
      deadlines = Map.copyOf(deadlines);
    }

    DrainState keepOnly(java.util.Set<String> nodes) {
      Map<String, Instant> kept = new TreeMap<>(deadlines);
      kept.keySet().retainAll(nodes);
      return new DrainState(kept);
    }

    DrainState without(java.util.Collection<String> nodes) {
      Map<String, Instant> kept = new TreeMap<>(deadlines);
      kept.keySet().removeAll(nodes);
      return new DrainState(kept);
    }
  }

  /** What one scan decided. */
  record Step(DrainState state, List<Action> actions) {}

  private final String target;

  ReferenceDrainPlanner(String target) {
    this.target = target;
  }

  Step plan(KubernetesSnapshot snapshot, DrainState state, Instant now) {
    Node node =
        snapshot.nodes().stream().filter(n -> n.name().equals(target)).findFirst().orElse(null);
    if (node == null) {
      return new Step(state.without(List.of(target)), List.of());
    }
    Map<String, Instant> drains = new TreeMap<>(state.deadlines());
    boolean tainted = node.taints().stream().anyMatch(t -> t.key().equals(CaTaints.TO_BE_DELETED));
    if (!drains.containsKey(target) && tainted) {
      return new Step(state, List.of()); // the cleanup rolls this taint back first
    }
    if (!drains.containsKey(target)) {
      if (node.unschedulable()) {
        return new Step(state, List.of()); // drained once and rolled back: leave it be
      }
      drains.put(target, now.plus(DRAIN_TIME));
    }
    List<Action> actions = new ArrayList<>();
    actions.add(new TaintNode(target, CaTaints.toBeDeleted(now)));
    actions.add(new CordonNode(target));
    List<Pod> left =
        snapshot.pods().stream()
            .filter(p -> p.nodeName().map(target::equals).orElse(false))
            .filter(p -> !p.isDaemonSetPod() && !p.isMirror())
            .toList();
    if (left.isEmpty()) {
      // the drain is forgotten once the node is gone, not before: a crash here must not orphan it
      actions.add(new DeleteInstance("ng1", target, "aws:///a/i-" + target, true, "scale-down"));
    } else {
      left.forEach(p -> actions.add(new EvictPod(p.key(), target, 600)));
    }
    return new Step(new DrainState(drains), actions);
  }
}
