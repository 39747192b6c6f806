package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Decides which nodes are not needed (docs/algorithm.md §18–21, CA's scale-down planner): the
 * candidates that pass {@link Eligibility}, taken empty first, then those unneeded in the previous
 * scan, then by utilisation, are removed one by one in a {@link RemovalSimulation} in which every
 * pod to move must fit elsewhere and earlier removals' pods stay where they went. A removal also
 * respects its group's minimum size (counting removals under way), the cluster-wide minimums and
 * the PDB disruptions left. The result is the whole set removable together, with the reason every
 * other node of a managed group stays.
 *
 * <p>Before the candidates, the pods of drains under way are moved out in the simulation (as CA
 * injects them), so that their room is taken; a drain whose pods no longer fit, or that a pod now
 * blocks, is reported as failed. The pods of interrupted nodes are moved out too, where they fit.
 *
 * <p>One instance plans one scan.
 */
public final class ScaleDownPlanner {
  /**
   * What the planner found.
   *
   * @param removable the nodes removable together, in the order they were chosen
   * @param unremovable every other node of a managed group, with its reason, by node name
   * @param unneededSince the new unneeded-since times: the removable nodes only
   * @param unremovableUntil the new recheck times of nodes the simulation found unremovable
   * @param drainFailures drains under way that cannot go on, and why
   */
  public record Result(
      List<ScaleDown> removable,
      List<Unremovable> unremovable,
      Map<String, Instant> unneededSince,
      Map<String, Instant> unremovableUntil,
      Map<String, String> drainFailures) {
    public Result {
      removable = List.copyOf(removable);
      unremovable = List.copyOf(unremovable);
      unneededSince = Map.copyOf(unneededSince);
      unremovableUntil = Map.copyOf(unremovableUntil);
      drainFailures = Map.copyOf(drainFailures);
    }
  }

  private final ClusterSnapshot snapshot;
  private final AutoscalerState state;
  private final ScaleDownOptions options;
  private final Instant now;
  private final Eligibility eligibility;
  private final Drainability rules;
  private final PdbBudget pdbs;
  private final RemovalSimulation sim;
  private final Map<String, Integer> groupRoom = new HashMap<>();
  private final ClusterMinimums minimums;
  private final List<ScaleDown> removable = new ArrayList<>();
  private final Map<String, Unremovable> unremovable = new LinkedHashMap<>(); // sorted at the end
  private final Map<String, Instant> recheck = new HashMap<>();
  private final Map<String, String> drainFailures = new TreeMap<>();

  public ScaleDownPlanner(
      ClusterSnapshot snapshot, AutoscalerState state, AutoscalerOptions options, Instant now) {
    this.snapshot = snapshot;
    this.state = state;
    this.options = options.scaleDown();
    this.now = now;
    this.eligibility = new Eligibility(snapshot, state, options, now);
    this.pdbs = new PdbBudget(snapshot.pdbs());
    this.rules = Drainability.of(this.options, pdbs, snapshot.pods(), now);
    this.sim =
        RemovalSimulation.of(
            snapshot, eligibility::isDestination, options.scaleUp().expendablePodsPriorityCutoff());
    List<Node> counted = new ArrayList<>();
    for (Node n : snapshot.nodes()) {
      if (!state.drains().containsKey(n.name())) {
        counted.add(n);
      }
    }
    this.minimums = new ClusterMinimums(options.scaleUp(), counted);
    for (NodeGroup g : snapshot.nodeGroups()) {
      // A drain at DELETING asked for its instance's deletion in an earlier scan, which lowered
      // the group's target already (DeleteInstance decrements): counting it again would hold the
      // group's other candidates at its minimum until the node is gone.
      long draining =
          state.drains().values().stream()
              .filter(d -> d.nodeGroup().equals(g.name()))
              .filter(d -> d.step() != DrainStep.DELETING)
              .count();
      groupRoom.put(g.name(), (int) (g.targetSize() - draining - g.minSize()));
    }
  }

  /** Plans the scan; call once. */
  public Result plan() {
    checkDrains();
    moveInterruptedPods();
    if (options.enabled()) {
      List<Eligibility.Candidate> candidates = new ArrayList<>();
      for (NodeGroup g : snapshot.nodeGroups()) {
        for (Node n : eligibility.members(g)) {
          Eligibility.Check check = check(n, g);
          if (check.eligible()) {
            candidates.add(check.candidate());
          } else {
            unremovable.put(n.name(), simple(n, g, check.reason()));
          }
        }
      }
      candidates.sort(order());
      candidates.forEach(this::evaluate);
      state.unremovableUntil().entrySet().stream()
          .filter(e -> e.getValue().isAfter(now) && eligibility.node(e.getKey()).isPresent())
          .forEach(e -> recheck.putIfAbsent(e.getKey(), e.getValue()));
    }
    Map<String, Instant> since = new HashMap<>();
    for (ScaleDown s : removable) {
      since.put(s.node(), s.unneededSince());
    }
    // by node name, as a TreeMap would give them: one sort of an order that is mostly sorted
    // already (the groups' members in snapshot order) instead of a tree insert per node
    List<Unremovable> byNode = new ArrayList<>(unremovable.values());
    byNode.sort(Comparator.comparing(Unremovable::node));
    return new Result(removable, byNode, since, recheck, drainFailures);
  }

  /**
   * {@link Eligibility#check} on the pods on the node in the removal simulation, which places the
   * pending pods first. While they are not placed yet, the node is checked on the pods known on it:
   * a node that is no candidate then is none after the placement either, since pending pods only
   * add to a node and every one of them counts in full in its utilisation (they are no DaemonSet
   * pods and not being deleted) — unless mirror pods are left out of it, where a pending mirror pod
   * would lower the allocatable counted. So only a node that passes is checked again after the
   * placement, and a scan without candidates never builds the simulation.
   */
  private Eligibility.Check check(Node n, NodeGroup g) {
    int room = groupRoom.get(g.name());
    if (sim.pendingUnplaced() && !options.ignoreMirrorPodsUtilization()) {
      Eligibility.Check known =
          eligibility.check(n, g, room, () -> sim.knownPodsOn(n), sim.knownTotals(n), rules);
      if (!known.eligible()) {
        return known;
      }
    }
    // with no pending pod left to place, the pods on the node are the known ones
    Optional<PodTotals> totals = sim.pendingUnplaced() ? Optional.empty() : sim.knownTotals(n);
    return eligibility.check(n, g, room, () -> sim.podsOn(n.name()), totals, rules);
  }

  /** Empty first, then nodes already unneeded (so their time keeps running), then utilisation. */
  private Comparator<Eligibility.Candidate> order() {
    return Comparator.comparing((Eligibility.Candidate c) -> !c.empty())
        .thenComparing(c -> !state.unneededSince().containsKey(c.node().name()))
        .thenComparingDouble(c -> c.utilization().value())
        .thenComparing(c -> c.node().name());
  }

  private void evaluate(Eligibility.Candidate c) {
    Node n = c.node();
    NodeGroup g = c.group();
    if (groupRoom.get(g.name()) <= 0) {
      unremovable.put(n.name(), simple(n, g, UnremovableReason.NODE_GROUP_MIN_SIZE_REACHED));
      return;
    }
    if (!minimums.allowsRemoving(n)) {
      unremovable.put(n.name(), simple(n, g, UnremovableReason.MINIMAL_RESOURCE_LIMIT_EXCEEDED));
      return;
    }
    PdbBudget.Draft draft = pdbs.draft();
    List<Pod> toMove = new ArrayList<>();
    for (Pod p : byKey(sim.podsOn(n.name()))) {
      Drainability.Verdict v = rules.check(p, draft);
      if (v.blocks()) {
        unremovable.put(n.name(), blocked(n, g, p, v.reason()));
        markForRecheck(n);
        return;
      }
      if (v.outcome() == Drainability.Outcome.MOVE) {
        draft.take(p);
        toMove.add(p);
      }
    }
    Optional<Map<String, String>> moves = sim.remove(n.name(), toMove);
    if (moves.isEmpty()) {
      unremovable.put(n.name(), simple(n, g, UnremovableReason.NO_PLACE_TO_MOVE_PODS));
      markForRecheck(n);
      return;
    }
    draft.commit();
    groupRoom.merge(g.name(), -1, Integer::sum);
    minimums.remove(n);
    Instant since = state.unneededSince().getOrDefault(n.name(), now);
    var wait = n.ready() ? options.unneededTime() : options.unreadyTime();
    removable.add(
        new ScaleDown(
            n.name(),
            g.name(),
            toMove.isEmpty(),
            moves.get(),
            c.utilization().value(),
            since,
            since.plus(wait)));
  }

  private void markForRecheck(Node n) {
    if (!options.unremovableNodeRecheckTimeout().isZero()) {
      recheck.put(n.name(), now.plus(options.unremovableNodeRecheckTimeout()));
    }
  }

  /**
   * Moves the pods of every drain under way out of its node, so the candidates see the room they
   * will take; a drain that a pod now blocks, or whose pods fit nowhere, fails.
   */
  private void checkDrains() {
    for (Drain d : state.drains().values()) {
      Optional<Node> node = eligibility.node(d.node());
      if (node.isEmpty() || d.step() == DrainStep.DELETING) {
        continue;
      }
      List<Pod> toMove = new ArrayList<>();
      String failure = null;
      for (Pod p : byKey(sim.podsOn(d.node()))) {
        Drainability.Verdict v = rules.check(p, null);
        if (v.blocks()) {
          failure = "pod " + p.key() + " blocks it (" + v.reason().caName() + ")";
          break;
        }
        if (v.outcome() == Drainability.Outcome.MOVE && p.deletionTime().isEmpty()) {
          toMove.add(p);
        }
      }
      if (failure == null && d.empty() && !toMove.isEmpty()) {
        failure = "the node is not empty any more: " + toMove.get(0).key() + " runs there";
      }
      if (failure == null && sim.move(d.node(), toMove).isEmpty()) {
        failure = "the node is needed again: its pods no longer fit on the other nodes";
      }
      if (failure != null) {
        drainFailures.put(d.node(), failure);
      }
    }
  }

  /**
   * The pods of interrupted nodes will be evicted by the interruption policy: where they fit, they
   * take their room before the candidates (their replacement node, still booting, is no
   * destination).
   */
  private void moveInterruptedPods() {
    for (Node n : snapshot.nodes()) {
      if (!Eligibility.isInterrupted(n) || state.drains().containsKey(n.name())) {
        continue;
      }
      List<Pod> leaving = new ArrayList<>();
      for (Pod p : byKey(sim.podsOn(n.name()))) {
        if (p.deletionTime().isEmpty()
            && rules.check(p, null).outcome() == Drainability.Outcome.MOVE) {
          leaving.add(p);
        }
      }
      sim.move(n.name(), leaving);
    }
  }

  private static List<Pod> byKey(List<Pod> pods) {
    return PodsByNode.byKey(pods);
  }

  private static Unremovable simple(Node n, NodeGroup g, UnremovableReason reason) {
    return new Unremovable(n.name(), g.name(), reason.caName(), Optional.empty(), Optional.empty());
  }

  private static Unremovable blocked(Node n, NodeGroup g, Pod p, BlockingPodReason reason) {
    return new Unremovable(
        n.name(),
        g.name(),
        UnremovableReason.BLOCKED_BY_POD.caName(),
        Optional.of(p.key()),
        Optional.of(reason.caName()));
  }
}
