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
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Carries out a plan's actions in the simulated world, in order, the way the Kubernetes and cloud
 * actuators do for real: cloud actions go to the {@link SimulatedCloud}; taints, cordons and
 * evictions change the world (an evicted pod is deleted and its controller replaces it; a
 * PodDisruptionBudget may refuse). Every action is on the timeline; one action on several objects
 * in one scan (nodes tainted, pods evicted from a node, nodes removed) shares an entry.
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
    ScanEntries entries = new ScanEntries();
    for (Action a : plan.actions()) {
      if (a instanceof EvictPod e) {
        evict(e, now, entries);
      } else if (a instanceof RecordEvent e) {
        entries.add(
            "event|" + e.reason() + "|" + e.kind(), "event", e.object(), 0, (o, n) -> event(e, o));
      } else if (a instanceof SetTargetSize s) {
        setTarget(s, plan, entries);
      } else if (a instanceof DeleteInstance d) {
        delete(d, entries);
      } else if (a instanceof RepairInstance r) {
        entries.single("repair", r.describe() + failure(cloud.apply(r)));
        tally.repairs++;
      } else if (a instanceof CompleteLifecycleAction c) {
        entries.single("lifecycle", c.describe() + failure(cloud.apply(c)));
      } else if (a instanceof TaintNode t) {
        String with = " with " + t.taint();
        node(
            t.node(),
            n -> Nodes.tainted(n, t.taint()),
            a,
            "taint|" + t.taint(),
            "taint",
            entries,
            (nodes, sum) -> ScanEntries.onNodes("taint", nodes, with));
      } else if (a instanceof RemoveTaint t) {
        String what = "remove taint " + t.taintKey() + " from";
        node(
            t.node(),
            n -> Nodes.untainted(n, t.taintKey()),
            a,
            "untaint|" + t.taintKey(),
            "untaint",
            entries,
            (nodes, sum) -> ScanEntries.onNodes(what, nodes, ""));
      } else if (a instanceof CordonNode c) {
        node(
            c.node(),
            n -> Nodes.cordoned(n, true),
            a,
            "cordon",
            "cordon",
            entries,
            (nodes, sum) -> ScanEntries.onNodes("cordon", nodes, ""));
      } else if (a instanceof UncordonNode u) {
        node(
            u.node(),
            n -> Nodes.cordoned(n, false),
            a,
            "uncordon",
            "uncordon",
            entries,
            (nodes, sum) -> ScanEntries.onNodes("uncordon", nodes, ""));
      }
    }
    entries.writeTo(timeline, now);
  }

  private void setTarget(SetTargetSize s, Plan plan, ScanEntries entries) {
    Outcome o = cloud.apply(s);
    boolean up = s.to() > s.from();
    String helped =
        plan.scaleUps().stream()
            .filter(u -> u.nodeGroup().equals(s.nodeGroup()))
            .findFirst()
            .map(ScaleUp::pods)
            .map(pods -> " for " + Timeline.plural(pods.size(), "pending pod"))
            .orElse("");
    if (o.status() == Outcome.Status.DONE) {
      if (up) {
        tally.scaleUps++;
        tally.nodesRequested += s.to() - s.from();
      } else {
        tally.targetDecreases++;
      }
    }
    entries.single(
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

  private void delete(DeleteInstance d, ScanEntries entries) {
    int pods = d.node().isEmpty() ? 0 : world.podsOn(d.node()).size();
    Outcome o = cloud.apply(d);
    String what = d.node().isEmpty() ? "instance " + d.providerId() : d.node();
    String verb = d.decrementTarget() ? "removed" : "replaced";
    String kind = d.decrementTarget() ? "remove" : "replace";
    if (o.status() != Outcome.Status.DONE) {
      entries.single(
          kind, verb + " " + what + " of " + d.nodeGroup() + " (" + d.reason() + ")" + failure(o));
      return;
    }
    if (d.decrementTarget()) {
      tally.nodesRemoved++;
    } else {
      tally.replacements++;
    }
    String ofGroup = " of " + d.nodeGroup() + " (" + d.reason() + ")";
    entries.add(
        kind + "|" + d.nodeGroup() + "|" + d.reason(),
        kind,
        what,
        pods,
        (nodes, sum) ->
            nodes.size() == 1
                ? verb
                    + " "
                    + nodes.get(0)
                    + ofGroup
                    + ": "
                    + Timeline.plural(sum, "pod")
                    + " on it"
                : verb
                    + " "
                    + nodes.size()
                    + " nodes"
                    + ofGroup
                    + ": "
                    + String.join(", ", nodes)
                    + "; "
                    + Timeline.plural(sum, "pod")
                    + " on them");
  }

  private void node(
      String name,
      UnaryOperator<Node> change,
      Action a,
      String key,
      String kind,
      ScanEntries entries,
      ScanEntries.Render render) {
    Optional<Node> n = world.node(name);
    if (n.isEmpty()) {
      tally.actionsFailed++;
      entries.single(kind, a.describe() + " — skipped: no such node");
      return;
    }
    world.putNode(change.apply(n.get()));
    entries.add(key, kind, name, 0, render);
  }

  private void evict(EvictPod e, Instant now, ScanEntries entries) {
    Optional<Pod> p = world.pod(e.pod()).filter(x -> x.nodeName().equals(Optional.of(e.node())));
    if (p.isEmpty()) {
      return; // gone already: an eviction is idempotent
    }
    Optional<String> refusing = world.budgetRefusing(p.get());
    if (refusing.isPresent()) {
      tally.evictionsRefused++;
      entries.single(
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
    entries.add(
        "evict|" + e.node(),
        "evict",
        e.pod(),
        0,
        (pods, sum) ->
            "evicted "
                + Timeline.plural(pods.size(), "pod")
                + " from "
                + e.node()
                + ": "
                + Timeline.some(pods));
  }

  private static String event(RecordEvent first, List<String> objects) {
    if (objects.size() == 1) {
      return first.describe();
    }
    return (first.warning() ? "warning " : "event ")
        + first.reason()
        + " on "
        + objects.size()
        + " "
        + first.kind()
        + " objects, e.g. "
        + first.object()
        + ": "
        + first.message();
  }

  private String failure(Outcome o) {
    return switch (o.status()) {
      case DONE -> "";
      case ALREADY_DONE -> " (already done: " + o.message() + ")";
      default -> {
        tally.actionsFailed++;
        yield " — " + o.status().name().toLowerCase(Locale.ROOT) + ": " + o.message();
      }
    };
  }
}
