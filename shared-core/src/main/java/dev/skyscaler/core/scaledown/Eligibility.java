package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Which nodes of managed groups are scale-down candidates (CA's pre-filtering and {@code
 * eligibility} checks), in CA's order: not already being removed, group above its minimum, not
 * found unremovable recently, no {@code scale-down-disabled} annotation, Ready or unready with
 * {@code --scale-down-unready-enabled} (a node still starting is never a candidate), and
 * underutilised.
 */
final class Eligibility {
  static final String SCALE_DOWN_DISABLED = "cluster-autoscaler.kubernetes.io/scale-down-disabled";

  /** A node that may be removed if its pods can move. */
  record Candidate(Node node, NodeGroup group, Utilization utilization, boolean empty) {}

  /** Either the reason a node is not a candidate, or the candidate. */
  record Check(UnremovableReason reason, Candidate candidate) {
    static Check no(UnremovableReason reason) {
      return new Check(Objects.requireNonNull(reason), null);
    }

    static Check yes(Candidate candidate) {
      return new Check(null, Objects.requireNonNull(candidate));
    }

    boolean eligible() {
      return candidate != null;
    }
  }

  private final AutoscalerState state;
  private final ScaleDownOptions options;
  private final Duration startupTime;
  private final Instant now;
  private final List<Node> snapshotNodes;
  private Map<String, Node> nodes; // by name, on the first look-up: most scans need none
  private final Map<String, List<Node>> members = new HashMap<>();

  Eligibility(
      ClusterSnapshot snapshot, AutoscalerState state, AutoscalerOptions options, Instant now) {
    this.state = state;
    this.options = options.scaleDown();
    this.startupTime = options.scaleUp().maxNodeStartupTime();
    this.now = now;
    this.snapshotNodes = snapshot.nodes();
    Map<String, List<Node>> byMember = new HashMap<>();
    for (NodeGroup g : snapshot.nodeGroups()) {
      List<Node> list = new ArrayList<>();
      members.put(g.name(), list);
      g.memberNodes().forEach(m -> byMember.put(m, list));
    }
    for (Node n : snapshot.nodes()) {
      List<Node> list = byMember.get(n.name());
      if (list != null) {
        list.add(n);
      }
    }
  }

  Optional<Node> node(String name) {
    if (nodes == null) {
      nodes = new HashMap<>();
      snapshotNodes.forEach(n -> nodes.put(n.name(), n));
    }
    return Optional.ofNullable(nodes.get(name));
  }

  /** The group's members that are in the snapshot, in snapshot order. */
  List<Node> members(NodeGroup g) {
    List<Node> result = members.get(g.name());
    return result == null ? List.of() : List.copyOf(result);
  }

  /**
   * A node pods may be moved to: Ready, and not being removed (no drain, no deletion taint). The
   * scheduling checks rule out cordoned and tainted nodes on their own.
   */
  boolean isDestination(Node n) {
    return n.ready() && !beingDeleted(n);
  }

  /**
   * Under a drain of ours, carrying a deletion taint (ours from a lost state, or CA's), or
   * interrupted (spot notice, rebalance, lifecycle hook): the interruption policy drains it.
   */
  boolean beingDeleted(Node n) {
    return state.drains().containsKey(n.name())
        || DrainSteps.hasDeletionTaint(n)
        || isInterrupted(n);
  }

  static boolean isInterrupted(Node n) {
    for (Taint t : n.taints()) { // a loop, not a stream: asked for every node in every scan
      if (t.key().equals(InterruptionPolicy.TAINT_KEY)) {
        return true;
      }
    }
    return false;
  }

  /**
   * @param room how many more nodes the group may lose before reaching its minimum
   * @param podsOn the pods on the node now; asked for only when the checks that need no pods pass
   * @param totals what those pods add up to, when known without walking them
   */
  Check check(
      Node n,
      NodeGroup g,
      int room,
      Supplier<List<Pod>> podsOn,
      Optional<PodTotals> totals,
      Drainability rules) {
    if (beingDeleted(n)) {
      return Check.no(UnremovableReason.CURRENTLY_BEING_DELETED);
    }
    if (room <= 0) {
      return Check.no(UnremovableReason.NODE_GROUP_MIN_SIZE_REACHED);
    }
    Instant recheck = state.unremovableUntil().get(n.name());
    if (recheck != null && recheck.isAfter(now)) {
      return Check.no(UnremovableReason.RECENTLY_UNREMOVABLE);
    }
    if ("true".equals(n.annotations().get(SCALE_DOWN_DISABLED))) {
      return Check.no(UnremovableReason.SCALE_DOWN_DISABLED_ANNOTATION);
    }
    if (!n.ready()) {
      if (Duration.between(n.creationTime(), now).compareTo(startupTime) < 0) {
        return Check.no(UnremovableReason.NOT_UNNEEDED_OTHER_REASON);
      }
      if (!options.unreadyEnabled()) {
        return Check.no(UnremovableReason.SCALE_DOWN_UNREADY_DISABLED);
      }
    }
    List<Pod> pods = null;
    Optional<Utilization> u;
    if (totals.isPresent() && Utilization.readableFrom(totals.get(), options)) {
      u = Utilization.of(n, totals.get()); // most nodes: no walk over their pods
    } else {
      pods = podsOn.get();
      u = Utilization.of(n, pods, options, now);
    }
    if (u.isEmpty()) {
      return Check.no(UnremovableReason.UNEXPECTED_ERROR);
    }
    if (!u.get().underutilized(options)) {
      return Check.no(UnremovableReason.NOT_UNDERUTILIZED);
    }
    return Check.yes(
        new Candidate(n, g, u.get(), isEmpty(pods == null ? podsOn.get() : pods, rules)));
  }

  /** Nothing on the node needs a new home or keeps it (DaemonSet, mirror, finished pods only). */
  private static boolean isEmpty(List<Pod> pods, Drainability rules) {
    for (Pod p : pods) {
      Drainability.Outcome o = rules.check(p, null).outcome();
      if (o == Drainability.Outcome.MOVE || o == Drainability.Outcome.BLOCK) {
        return false;
      }
    }
    return true;
  }
}
