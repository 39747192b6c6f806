package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodsByNode;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The removal of a node as a state machine that outlives a scan (docs/algorithm.md §22, CA's
 * actuator): each scan looks at the node as the snapshot shows it, continues from the recorded
 * {@link DrainStep} and emits that step's actions.
 *
 * <ol>
 *   <li>start: taint {@code ToBeDeletedByClusterAutoscaler=<unix seconds>:NoSchedule} (and cordon);
 *   <li>{@code TAINTING}: once the taint is on the node, an empty node is deleted at once (its
 *       DaemonSet pods evicted first, best effort, with {@code
 *       --daemonset-eviction-for-empty-nodes}), others have their pods evicted (grace capped at
 *       {@code --max-graceful-termination-sec}; DaemonSet pods too, best effort, with {@code
 *       --daemonset-eviction-for-occupied-nodes}). A DaemonSet pod annotated {@code
 *       enable-ds-eviction} is evicted exactly when the annotation is {@code "true"}, whatever the
 *       flag (CA's {@code daemonset.PodsToEvict});
 *   <li>{@code EVICTING}: a pod still there and not terminating is evicted again, until {@code
 *       --max-pod-eviction-time} after the start; when no pod is left to move, or every one left is
 *       terminating and the deadline (eviction time + grace + 30s) has passed, the instance is
 *       deleted and the group's target decremented;
 *   <li>{@code DELETING}: forgotten once the node is gone.
 * </ol>
 *
 * A removal fails when its pods cannot be evicted in time, a pod now blocks it, its pods no longer
 * fit elsewhere, or the node outlives its deletion by {@link #DELETION_TIMEOUT}: the taint comes
 * off (and the cordon), a {@code ScaleDownFailed} event says why, and the failure time starts
 * {@code --scale-down-delay-after-failure}. A deletion taint on a node with no removal in the state
 * (a state lost after the taint was written) is taken off the same way.
 */
final class DrainSteps {
  static final String DELETION_TAINT = "ToBeDeletedByClusterAutoscaler";
  static final String ENABLE_DS_EVICTION = "cluster-autoscaler.kubernetes.io/enable-ds-eviction";

  /** CA's {@code DefaultPodEvictionHeadroom}: time for evicted pods to go after their grace. */
  static final Duration EVICTION_HEADROOM = Duration.ofSeconds(30);

  /** How long a deleted instance's node may linger (CA expects deleted nodes gone in 5 min). */
  static final Duration DELETION_TIMEOUT = Duration.ofMinutes(5);

  private final ScaleDownOptions options;
  private final int expendableCutoff;
  private final Instant now;
  private final List<Node> snapshotNodes;
  private Map<String, Node> nodes; // by name, on the first removal under way: most scans have none
  private final PodsByNode podsByNode;
  private final Map<String, List<Pod>> sortedPods = new HashMap<>();
  private final Map<String, Drain> drains = new TreeMap<>();
  private final List<Action> actions = new ArrayList<>();
  private final Set<String> running;
  private boolean failed;

  /**
   * @param running the instances the cloud lists as running ({@link ProviderIds#instanceKey}): a
   *     removal whose instance is still among them after its deletion was asked asks again
   */
  DrainSteps(
      ClusterSnapshot snapshot,
      ScaleDownOptions options,
      int expendableCutoff,
      Instant now,
      Set<String> running) {
    this.options = options;
    this.running = running;
    this.expendableCutoff = expendableCutoff;
    this.now = now;
    this.snapshotNodes = snapshot.nodes();
    this.podsByNode = snapshot.podsByNode();
  }

  private Map<String, Node> nodes() {
    if (nodes == null) {
      nodes = new HashMap<>();
      snapshotNodes.forEach(n -> nodes.put(n.name(), n));
    }
    return nodes;
  }

  static boolean hasDeletionTaint(Node n) {
    for (Taint t : n.taints()) { // a loop, not a stream: asked for every node in every scan
      if (t.key().equals(DELETION_TAINT)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Moves one removal under way on by a step.
   *
   * @param failure why the planner found that it cannot go on, if it did
   */
  void advance(Drain d, Optional<String> failure) {
    Node n = nodes().get(d.node());
    if (n == null) {
      return; // gone: deleted by us, or by someone else; either way there is nothing left to do
    }
    switch (d.step()) {
      case DELETING -> {
        if (now.isBefore(d.deadline())) {
          drains.put(d.node(), d);
          if (running.contains(ProviderIds.instanceKey(d.providerId()))) {
            // the cloud did not take the deletion (the call failed): ask again, it is idempotent
            actions.add(
                new DeleteInstance(d.nodeGroup(), d.node(), d.providerId(), true, d.reason()));
          }
        } else {
          fail(d, n, "the node is still there " + minutes(DELETION_TIMEOUT) + " after deletion");
        }
      }
      case TAINTING -> tainting(d, n, failure);
      case EVICTING -> evicting(d, n, failure);
    }
  }

  private void tainting(Drain d, Node n, Optional<String> failure) {
    if (failure.isPresent()) {
      fail(d, n, failure.get());
    } else if (!hasDeletionTaint(n)) {
      if (evictionTimeUp(d)) {
        fail(d, n, "the deletion taint was not applied within " + minutes(maxEviction()));
      } else {
        taint(n);
        drains.put(d.node(), d);
      }
    } else if (d.empty()) {
      evictDaemonSetPods(n, options.daemonSetEvictionForEmptyNodes());
      delete(d, n);
    } else if (toMove(n).isEmpty()) {
      delete(d, n);
    } else {
      evict(d.at(DrainStep.EVICTING, d.deadline()), n);
    }
  }

  private void evicting(Drain d, Node n, Optional<String> failure) {
    List<Pod> left = toMove(n);
    List<Pod> notEvicted = left.stream().filter(p -> p.deletionTime().isEmpty()).toList();
    if (left.isEmpty()) {
      delete(d, n);
    } else if (notEvicted.isEmpty()) {
      // every pod left is terminating: wait for them, but not past the deadline
      if (now.isBefore(d.deadline())) {
        drains.put(d.node(), d);
      } else {
        delete(d, n);
      }
    } else if (failure.isPresent()) {
      fail(d, n, failure.get());
    } else if (evictionTimeUp(d)) {
      notEvicted.forEach(p -> actions.add(ScaleDownEvents.notEvicted(p.key())));
      fail(
          d,
          n,
          "pods not evicted within "
              + minutes(maxEviction())
              + ": "
              + notEvicted.stream().map(Pod::key).collect(Collectors.joining(", ")));
    } else {
      evict(d, n);
    }
  }

  /**
   * Starts removing a node the planner found removable: taint (and cordon) now, evict or delete in
   * later scans.
   */
  void start(ScaleDown s, Node n) {
    List<Pod> pods = toMove(n);
    long grace = 0;
    for (Pod p : pods) {
      grace = Math.max(grace, options.cappedGraceSeconds(p.terminationGracePeriodSeconds()));
    }
    Instant deadline = now.plus(maxEviction()).plusSeconds(grace).plus(EVICTION_HEADROOM);
    String reason = s.empty() ? "empty" : n.ready() ? "underutilized" : "unready";
    drains.put(
        n.name(),
        new Drain(
            n.name(),
            s.nodeGroup(),
            n.providerId(),
            DrainStep.TAINTING,
            s.empty(),
            reason,
            now,
            deadline));
    taint(n);
    actions.addAll(ScaleDownEvents.started(n.name(), s));
  }

  /** Takes deletion taints off nodes no removal in the state accounts for. */
  void cleanStaleTaints(Set<String> alreadyHandled) {
    List<Node> stale = new ArrayList<>();
    for (Node n : snapshotNodes) {
      if (hasDeletionTaint(n)
          && !drains.containsKey(n.name())
          && !alreadyHandled.contains(n.name())) {
        stale.add(n);
      }
    }
    stale.sort(Comparator.comparing(Node::name));
    for (Node n : stale) {
      actions.add(new RemoveTaint(n.name(), DELETION_TAINT));
      if (options.cordonNodeBeforeTerminating() && n.unschedulable()) {
        actions.add(new UncordonNode(n.name()));
      }
    }
  }

  List<Action> actions() {
    return actions;
  }

  /** The removals still under way after this scan, by node. */
  Map<String, Drain> drains() {
    return drains;
  }

  /** True when a removal failed in this scan. */
  boolean failed() {
    return failed;
  }

  private void taint(Node n) {
    actions.add(
        new TaintNode(
            n.name(),
            new Taint(
                DELETION_TAINT, Long.toString(now.getEpochSecond()), TaintEffect.NO_SCHEDULE)));
    if (options.cordonNodeBeforeTerminating()) {
      actions.add(new CordonNode(n.name()));
    }
  }

  private void evict(Drain d, Node n) {
    for (Pod p : podsOn(n)) {
      boolean byDefault = options.daemonSetEvictionForOccupiedNodes();
      if (p.deletionTime().isPresent() || !isMovable(p) && !isEvictedDaemonSetPod(p, byDefault)) {
        continue;
      }
      actions.add(
          new EvictPod(
              p.key(), n.name(), options.cappedGraceSeconds(p.terminationGracePeriodSeconds())));
      if (isMovable(p)) {
        actions.add(ScaleDownEvents.evicting(p.key()));
      }
    }
    drains.put(d.node(), d);
  }

  /** Best effort: the node is deleted next whether or not they are gone. */
  private void evictDaemonSetPods(Node n, boolean byDefault) {
    for (Pod p : podsOn(n)) {
      if (p.deletionTime().isEmpty() && !p.isTerminal() && isEvictedDaemonSetPod(p, byDefault)) {
        actions.add(
            new EvictPod(
                p.key(), n.name(), options.cappedGraceSeconds(p.terminationGracePeriodSeconds())));
      }
    }
  }

  private void delete(Drain d, Node n) {
    actions.add(new DeleteInstance(d.nodeGroup(), d.node(), d.providerId(), true, d.reason()));
    actions.addAll(ScaleDownEvents.deleted(d));
    drains.put(d.node(), d.at(DrainStep.DELETING, now.plus(DELETION_TIMEOUT)));
  }

  private void fail(Drain d, Node n, String why) {
    failed = true;
    actions.add(new RemoveTaint(n.name(), DELETION_TAINT));
    if (options.cordonNodeBeforeTerminating()) {
      actions.add(new UncordonNode(n.name()));
    }
    actions.add(ScaleDownEvents.failed(d, why));
  }

  /** Pods a drain waits for: not mirror, DaemonSet, finished, long gone or expendable. */
  private List<Pod> toMove(Node n) {
    return podsOn(n).stream().filter(this::isMovable).toList();
  }

  /** The pods bound to the node, by key (the order of the actions); sorted once per scan. */
  private List<Pod> podsOn(Node n) {
    return sortedPods.computeIfAbsent(n.name(), k -> PodsByNode.byKey(podsByNode.boundTo(k)));
  }

  private boolean isMovable(Pod p) {
    return !p.isMirror()
        && !p.isDaemonSetPod()
        && !p.isTerminal()
        && p.priority() >= expendableCutoff
        && !Drainability.isLongTerminating(p, now);
  }

  private static boolean isEvictedDaemonSetPod(Pod p, boolean byDefault) {
    if (!p.isDaemonSetPod() || p.isMirror()) {
      return false;
    }
    String annotation = p.annotations().get(ENABLE_DS_EVICTION);
    return annotation == null ? byDefault : annotation.equals("true");
  }

  private boolean evictionTimeUp(Drain d) {
    return !now.isBefore(d.started().plus(maxEviction()));
  }

  private Duration maxEviction() {
    return options.maxPodEvictionTime();
  }

  private static String minutes(Duration d) {
    return dev.skyscaler.core.config.GoDuration.format(d);
  }
}
