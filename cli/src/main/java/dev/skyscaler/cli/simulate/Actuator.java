package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Carries out a plan's actions in the simulated world, in order, the way the Kubernetes and cloud
 * actuators do for real: cloud actions go to the {@link SimulatedCloud}; taints, cordons and
 * evictions change the world (an evicted pod is deleted and its controller replaces it; a
 * PodDisruptionBudget may refuse). Every action becomes a timeline entry; evictions from one node
 * and events with one reason are summed up in one entry per scan.
 */
final class Actuator {
  private final World world;
  private final SimulatedCloud cloud;
  private final Timeline timeline;
  private final Tally tally;

  Actuator(World world, SimulatedCloud cloud, Timeline timeline, Tally tally) {
    this.world = world;
    this.cloud = cloud;
    this.timeline = timeline;
    this.tally = tally;
  }

  void carryOut(Plan plan, Instant now) {
    Map<String, List<String>> evicted = new LinkedHashMap<>();
    Map<String, List<RecordEvent>> events = new LinkedHashMap<>();
    for (Action a : plan.actions()) {
      if (a instanceof EvictPod e) {
        evict(e, now, evicted);
      } else if (a instanceof RecordEvent e) {
        events.computeIfAbsent(e.reason() + "|" + e.kind(), k -> new ArrayList<>()).add(e);
      } else if (a instanceof SetTargetSize s) {
        setTarget(s, plan, now);
      } else if (a instanceof DeleteInstance d) {
        delete(d, now);
      } else if (a instanceof RepairInstance r) {
        cloudAction(r, now, "repair");
        tally.repairs++;
      } else if (a instanceof CompleteLifecycleAction c) {
        cloudAction(c, now, "lifecycle");
      } else if (a instanceof TaintNode t) {
        node(t.node(), n -> Nodes.tainted(n, t.taint()), a, now, "taint");
      } else if (a instanceof RemoveTaint t) {
        node(t.node(), n -> Nodes.untainted(n, t.taintKey()), a, now, "untaint");
      } else if (a instanceof CordonNode c) {
        node(c.node(), n -> Nodes.cordoned(n, true), a, now, "cordon");
      } else if (a instanceof UncordonNode u) {
        node(u.node(), n -> Nodes.cordoned(n, false), a, now, "uncordon");
      }
    }
    evicted.forEach(
        (node, pods) ->
            timeline.add(
                now,
                "evict",
                "evicted "
                    + Timeline.plural(pods.size(), "pod")
                    + " from "
                    + node
                    + ": "
                    + Timeline.some(pods)));
    events.values().forEach(list -> timeline.add(now, "event", describe(list)));
  }

  private void setTarget(SetTargetSize s, Plan plan, Instant now) {
    Outcome o = cloud.apply(s);
    boolean up = s.to() > s.from();
    String helped =
        plan.scaleUps().stream()
            .filter(u -> u.nodeGroup().equals(s.nodeGroup()))
            .findFirst()
            .map(ScaleUp::pods)
            .map(pods -> " for " + Timeline.plural(pods.size(), "pending pod"))
            .orElse("");
    if (ok(o)) {
      if (up) {
        tally.scaleUps++;
        tally.nodesRequested += s.to() - s.from();
      } else {
        tally.targetDecreases++;
      }
    }
    timeline.add(
        now,
        up ? "scale-up" : "scale-down",
        s.nodeGroup()
            + ": target "
            + s.from()
            + " -> "
            + s.to()
            + helped
            + " ("
            + s.reason()
            + ")"
            + failure(o));
  }

  private void delete(DeleteInstance d, Instant now) {
    Outcome o = cloud.apply(d);
    if (o.status() == Outcome.Status.DONE) {
      if (d.decrementTarget()) {
        tally.nodesRemoved++;
      } else {
        tally.replacements++;
      }
    }
    String what = d.node().isEmpty() ? "instance " + d.providerId() : d.node();
    timeline.add(
        now,
        d.decrementTarget() ? "remove" : "replace",
        (d.decrementTarget() ? "removed " : "replaced ")
            + what
            + " of "
            + d.nodeGroup()
            + " ("
            + d.reason()
            + ")"
            + (o.status() == Outcome.Status.DONE ? ": " + o.message() : failure(o)));
  }

  private void cloudAction(Action a, Instant now, String kind) {
    Outcome o = cloud.apply(a);
    timeline.add(now, kind, a.describe() + failure(o));
  }

  private void node(String name, UnaryOperator<Node> change, Action a, Instant now, String kind) {
    Optional<Node> n = world.node(name);
    if (n.isEmpty()) {
      tally.actionsFailed++;
      timeline.add(now, kind, a.describe() + " — skipped: no such node");
      return;
    }
    world.putNode(change.apply(n.get()));
    timeline.add(now, kind, a.describe());
  }

  private void evict(EvictPod e, Instant now, Map<String, List<String>> evicted) {
    Optional<Pod> p = world.pod(e.pod()).filter(x -> x.nodeName().equals(Optional.of(e.node())));
    if (p.isEmpty()) {
      return; // gone already: an eviction is idempotent
    }
    Optional<String> refusing = world.budgetRefusing(p.get());
    if (refusing.isPresent()) {
      tally.evictionsRefused++;
      timeline.add(
          now,
          "evict",
          "eviction of "
              + e.pod()
              + " refused: PodDisruptionBudget "
              + refusing.get()
              + " allows no disruption now (retried next scan)");
      return;
    }
    world.remove(e.pod(), now);
    tally.evictions++;
    evicted.computeIfAbsent(e.node(), k -> new ArrayList<>()).add(e.pod());
  }

  private static String describe(List<RecordEvent> list) {
    RecordEvent first = list.get(0);
    if (list.size() == 1) {
      return first.describe();
    }
    return (first.warning() ? "warning " : "event ")
        + first.reason()
        + " on "
        + list.size()
        + " "
        + first.kind()
        + " objects, e.g. "
        + first.object()
        + ": "
        + first.message();
  }

  private static boolean ok(Outcome o) {
    return o.status() == Outcome.Status.DONE;
  }

  private String failure(Outcome o) {
    return switch (o.status()) {
      case DONE -> "";
      case ALREADY_DONE -> " (already done: " + o.message() + ")";
      default -> {
        tally.actionsFailed++;
        yield " — " + o.status().name().toLowerCase(java.util.Locale.ROOT) + ": " + o.message();
      }
    };
  }
}
