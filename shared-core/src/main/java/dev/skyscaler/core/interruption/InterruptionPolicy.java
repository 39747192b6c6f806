package dev.skyscaler.core.interruption;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.cloud.TerminationWait;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.config.InterruptionOptions.RebalanceAction;
import dev.skyscaler.core.interruption.NoticeOutcome.Result;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.core.state.InterruptedNode.HookState;
import dev.skyscaler.core.state.InterruptionState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Spot interruptions, rebalance recommendations, lifecycle hooks and preemptions (docs/algorithm.md
 * §24), as a pure function of the snapshot, the kept state, the options, the time and the notices
 * that arrived since the last call.
 *
 * <p>A notice about a node of this cluster (its provider id names the instance; {@link
 * ProviderIds}) is folded into that node's {@link InterruptedNode}; then every interrupted node
 * gets, each scan, what it still needs ({@link NodeActions}): the taint {@value #TAINT_KEY}{@code
 * =<kind>:NoSchedule} and a cordon, evictions that end before the deadline, its lifecycle hook
 * completed once it is drained (or heartbeated while it is not), and for a preempted Azure VM a
 * replacement. Notices about other instances are ignored with a reason: a shared queue carries
 * other clusters' events.
 *
 * <p>A node carrying the taint without a record that holds it (the record was forgotten, or the
 * state lost) is untainted and uncordoned: every taint and cordon the policy sets has an owner in
 * the state, or is rolled back.
 *
 * <p>Idempotent: a redelivered notice (same id) is a duplicate and changes nothing; folding is
 * commutative, so the order notices arrive in, and how they are split over calls, does not change
 * the state reached nor the plans after it; and the actions depend only on that state and the
 * snapshot.
 */
public final class InterruptionPolicy {
  /** The taint on interrupted nodes; its value is the notice kind ({@code spot-warning}, ...). */
  public static final String TAINT_KEY = "skyscaler.dev/interrupted";

  private InterruptionPolicy() {}

  public static InterruptionDecision handle(
      ClusterSnapshot snapshot,
      InterruptionState state,
      InterruptionOptions options,
      Instant now,
      List<InterruptionNotice> notices) {
    return handle(snapshot, state, options, now, notices, List.of());
  }

  /**
   * As {@link #handle(ClusterSnapshot, InterruptionState, InterruptionOptions, Instant, List)},
   * with the instances the cloud holds in a termination hook now: a wait whose notice never came
   * (or whose record is gone) is folded in as that notice; a wait whose hook the state records as
   * completed is completed again, since the completion did not take.
   */
  public static InterruptionDecision handle(
      ClusterSnapshot snapshot,
      InterruptionState state,
      InterruptionOptions options,
      Instant now,
      List<InterruptionNotice> notices,
      List<TerminationWait> waits) {
    return new InterruptionPolicy.Scan(snapshot, state, options, now).run(notices, waits);
  }

  /** One call's working data. */
  private static final class Scan {
    private final ClusterSnapshot snapshot;
    private final Map<String, InterruptedNode> start;
    private Map<String, Node> nodeByName; // on the first interrupted node: most scans have none
    private final InterruptionOptions options;
    private final Instant now;
    private Map<String, Node> nodeByInstance; // on the first notice: most scans have none
    private final Set<String> groups;
    private final Map<String, InterruptedNode> nodes = new TreeMap<>();
    private final Map<String, Instant> seen = new TreeMap<>();
    private final List<NoticeOutcome> outcomes = new ArrayList<>();
    private final List<CompleteLifecycleAction> orphanHooks = new ArrayList<>();

    Scan(ClusterSnapshot snapshot, InterruptionState state, InterruptionOptions o, Instant now) {
      this.snapshot = snapshot;
      this.options = o;
      this.now = now;
      groups = snapshot.nodeGroups().stream().map(NodeGroup::name).collect(Collectors.toSet());
      state
          .nodes()
          .forEach(
              (k, v) -> {
                if (!now.isAfter(forgetAfter(v))) {
                  nodes.put(k, v);
                }
              });
      start = Map.copyOf(nodes);
      state
          .seenNotices()
          .forEach(
              (k, v) -> {
                if (!now.isAfter(v)) {
                  seen.put(k, v);
                }
              });
    }

    InterruptionDecision run(List<InterruptionNotice> notices, List<TerminationWait> waits) {
      for (InterruptionNotice n : notices) {
        outcomes.add(fold(n));
      }
      for (TerminationWait w : waits) {
        foldWait(w);
      }
      for (InterruptionNotice n : PreemptionConditions.noticesFrom(snapshot)) {
        NoticeOutcome o = fold(n); // seen again every scan while the condition holds
        if (o.result() == Result.ACTED) {
          outcomes.add(o);
        }
      }
      List<Action> actions = new ArrayList<>();
      orphanHooks.sort(
          Comparator.comparing(CompleteLifecycleAction::nodeGroup)
              .thenComparing(CompleteLifecycleAction::hookName)
              .thenComparing(CompleteLifecycleAction::token));
      actions.addAll(orphanHooks);
      Set<String> leaving = new TreeSet<>();
      Map<String, Integer> replacements = new TreeMap<>();
      // indexes the snapshot's nodes: only when some node is interrupted
      NodeActions planner = nodes.isEmpty() ? null : new NodeActions(snapshot, options, now);
      for (String name : List.copyOf(nodes.keySet())) {
        InterruptedNode e = nodes.get(name);
        Optional<InterruptedNode> old = Optional.ofNullable(start.get(name));
        nodes.put(name, planner.plan(e, old.map(InterruptedNode::kinds).orElse(Set.of()), actions));
        if (e.leaving() && NodeActions.stillThere(nodeByName().get(name), e)) {
          leaving.add(name);
          if (groups.contains(e.nodeGroup())) {
            replacements.merge(e.nodeGroup(), 1, Integer::sum);
          }
        }
      }
      Set<String> holding = new TreeSet<>();
      rollBackUnowned(actions, holding);
      return new InterruptionDecision(
          actions, new InterruptionState(nodes, seen), outcomes, leaving, replacements, holding);
    }

    /**
     * Every node carrying {@value #TAINT_KEY} must have a record in the state that keeps it tainted
     * and cordoned; the others lose the taint and the autoscaler's cordon (the actuator never lifts
     * a cordon a person made). Their record was forgotten ({@code --interruption-notice-retention}
     * after its deadline, e.g. a rebalance recommendation that was never followed by a warning), or
     * the state was lost or reset. Fills {@code holding} with the nodes that keep theirs.
     */
    private void rollBackUnowned(List<Action> actions, Set<String> holding) {
      nodes.forEach(
          (name, e) -> {
            if (holdsNode(e) && NodeActions.stillThere(nodeByName().get(name), e)) {
              holding.add(name);
            }
          });
      List<Node> unowned = new ArrayList<>();
      for (Node n : snapshot.nodes()) {
        if (hasTaint(n) && !holding.contains(n.name())) {
          unowned.add(n);
        }
      }
      unowned.sort(Comparator.comparing(Node::name));
      for (Node n : unowned) {
        actions.add(new RemoveTaint(n.name(), TAINT_KEY));
        if (n.unschedulable()) {
          actions.add(new UncordonNode(n.name()));
        }
        actions.add(
            new RecordEvent(
                "Node",
                n.name(),
                "InterruptionCleared",
                "node "
                    + n.name()
                    + " carries "
                    + TAINT_KEY
                    + " but no interruption in the state: taint removed, cordon lifted",
                false));
      }
    }

    /** The record keeps its node tainted and cordoned (all but an ignored rebalance). */
    private boolean holdsNode(InterruptedNode e) {
      return e.leaving() || options.rebalanceAction() != RebalanceAction.IGNORE;
    }

    private static boolean hasTaint(Node n) {
      for (Taint t : n.taints()) { // a loop, not a stream: asked for every node in every scan
        if (t.key().equals(TAINT_KEY)) {
          return true;
        }
      }
      return false;
    }

    private Map<String, Node> nodeByName() {
      if (nodeByName == null) {
        nodeByName = new HashMap<>();
        snapshot.nodes().forEach(n -> nodeByName.put(n.name(), n));
      }
      return nodeByName;
    }

    private Map<String, Node> nodeByInstance() {
      if (nodeByInstance == null) {
        nodeByInstance = new HashMap<>();
        snapshot
            .nodes()
            .forEach(n -> nodeByInstance.put(ProviderIds.instanceKey(n.providerId()), n));
        nodeByInstance.remove("");
      }
      return nodeByInstance;
    }

    private NoticeOutcome fold(InterruptionNotice n) {
      if (seen.containsKey(n.id())) {
        return new NoticeOutcome(n.id(), Result.DUPLICATE, "", "already handled");
      }
      if (now.isAfter(n.deadline().plus(options.noticeRetention()))) {
        return new NoticeOutcome(
            n.id(),
            Result.IGNORED,
            "",
            "expired: its deadline " + n.deadline() + " is more than the retention ago");
      }
      Node node = nodeByInstance().get(ProviderIds.instanceKey(n.instanceId()));
      if (node == null) {
        return withoutNode(n);
      }
      InterruptedNode existing = nodes.get(node.name());
      if (existing == null
          && n.kind() == Kind.REBALANCE
          && options.rebalanceAction() == RebalanceAction.IGNORE) {
        return new NoticeOutcome(n.id(), Result.IGNORED, node.name(), "rebalance-action=ignore");
      }
      InterruptedNode merged =
          existing == null
              ? InterruptedNode.first(node.name(), node.providerId(), groupOf(node), n)
              : existing.merge(n);
      seen.put(n.id(), n.deadline().plus(options.noticeRetention()));
      if (merged.equals(existing)) {
        return new NoticeOutcome(
            n.id(), Result.DUPLICATE, node.name(), "nothing new about node " + node.name());
      }
      nodes.put(node.name(), merged);
      return new NoticeOutcome(n.id(), Result.ACTED, node.name(), handling(node.name(), merged));
    }

    /**
     * An instance waiting in a termination hook of one of our groups. Without a record for its node
     * (the notice was lost, or its record forgotten) it is the hook's notice, seen now; with a
     * record whose hook is completed it waits for a completion that did not take, so the hook is
     * completed again. Without a node, the hook is completed: there is nothing to drain.
     */
    private void foldWait(TerminationWait w) {
      if (!groups.contains(w.hook().nodeGroup())) {
        return;
      }
      InterruptionNotice n =
          new InterruptionNotice(
              w.noticeId(), Kind.LIFECYCLE_TERMINATE, w.instanceId(), now, Optional.of(w.hook()));
      Node node = nodeByInstance().get(ProviderIds.instanceKey(w.instanceId()));
      if (node == null) {
        withoutNode(n);
        return;
      }
      InterruptedNode existing = nodes.get(node.name());
      if (existing == null) {
        seen.remove(n.id()); // a wait is a fact of this scan, not a redelivered event
        NoticeOutcome o = fold(n);
        if (o.result() == Result.ACTED) {
          outcomes.add(o);
        }
      } else if (existing.hook().isEmpty()) {
        nodes.put(node.name(), existing.merge(n));
      } else if (existing.hook().get().completed() && sameHook(existing.hook().get(), w)) {
        HookState h = existing.hook().get();
        Instant expires = h.expiresAt().isAfter(now) ? h.expiresAt() : now;
        nodes.put(node.name(), existing.withHook(new HookState(h.hook(), expires, false)));
      }
    }

    private static boolean sameHook(HookState h, TerminationWait w) {
      return h.hook().nodeGroup().equals(w.hook().nodeGroup())
          && h.hook().name().equals(w.hook().name());
    }

    /** A lifecycle hook of one of our groups for an instance that never became a node. */
    private NoticeOutcome withoutNode(InterruptionNotice n) {
      if (n.hook().isPresent() && groups.contains(n.hook().get().nodeGroup())) {
        var hook = n.hook().get();
        orphanHooks.add(
            new CompleteLifecycleAction(
                hook.nodeGroup(),
                n.instanceId(),
                hook.name(),
                hook.token(),
                CompleteLifecycleAction.Result.CONTINUE));
        seen.put(n.id(), n.deadline().plus(options.noticeRetention()));
        return new NoticeOutcome(
            n.id(),
            Result.ACTED,
            "",
            "no node for instance " + n.instanceId() + ": nothing to drain");
      }
      return new NoticeOutcome(
          n.id(),
          Result.IGNORED,
          "",
          "instance " + n.instanceId() + " is not a node of this cluster");
    }

    private String groupOf(Node node) {
      return snapshot.groupOf(node.name()).map(NodeGroup::name).orElse("");
    }

    private String handling(String node, InterruptedNode e) {
      if (e.leaving()) {
        return e.hardDeadline()
            .map(d -> "node " + node + " is tainted, cordoned and drained before " + d)
            .orElse("node " + node + " is tainted, cordoned and drained; then its hook completes");
      }
      return options.rebalanceAction() == RebalanceAction.DRAIN
          ? "node " + node + " is tainted, cordoned and drained (rebalance-action=drain)"
          : "node " + node + " is tainted and cordoned (rebalance-action=cordon)";
    }

    private Instant forgetAfter(InterruptedNode e) {
      Instant last = e.lastDeadline();
      if (e.hook().isPresent() && e.hook().get().expiresAt().isAfter(last)) {
        last = e.hook().get().expiresAt();
      }
      return last.plus(options.noticeRetention());
    }
  }
}
