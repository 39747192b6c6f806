package dev.skyscaler.core;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.headroom.Headroom;
import dev.skyscaler.core.headroom.HeadroomPods;
import dev.skyscaler.core.headroom.HeadroomViews;
import dev.skyscaler.core.health.HealthDecision;
import dev.skyscaler.core.health.NodeGroupBackoffs;
import dev.skyscaler.core.health.NodeHealthPolicy;
import dev.skyscaler.core.interruption.InterruptionDecision;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.interruption.ReplacementAccounting;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.SnapshotWarnings;
import dev.skyscaler.core.plan.NoScaleUp;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.core.scaledown.ScaleDownScan;
import dev.skyscaler.core.scaleup.ScaleUpActions;
import dev.skyscaler.core.scaleup.ScaleUpExplainer;
import dev.skyscaler.core.scaleup.ScaleUpPlanner;
import dev.skyscaler.core.scheduling.NamespaceSelectors;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.DrainStep;
import dev.skyscaler.core.state.NodeGroupBackoff;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The autoscaler loop as a pure function: the same inputs give the same plan. Every front end (the
 * Lambda and Azure functions, the CLI, the benchmarks) calls this and carries out the plan.
 */
public final class Autoscaler {
  private Autoscaler() {}

  /**
   * One scan on a snapshot alone, with nothing observed from the cloud (what {@code skyscaler plan}
   * does): {@link #runOnce(ClusterSnapshot, AutoscalerState, AutoscalerOptions, Instant,
   * CloudObservations)} with {@link CloudObservations#NONE}.
   */
  public static Plan runOnce(
      ClusterSnapshot snapshot, AutoscalerState state, AutoscalerOptions options, Instant now) {
    return runOnce(snapshot, state, options, now, CloudObservations.NONE);
  }

  /**
   * One scan: decide what to do, in this order.
   *
   * <ol>
   *   <li>What is odd in the snapshot is said in the plan's warnings ({@link SnapshotWarnings}).
   *   <li>Interruption notices: the interrupted nodes are tainted, cordoned and drained within
   *       their notice, whatever else happens — they are the cloud's facts.
   *   <li>Node health: repairs, and instances that never registered. When too many nodes are
   *       unready (the circuit breaker) the scan stops here: no scale-up, no scale-down.
   *   <li>Scale-up, on a view of the cluster in which nodes being interrupted no longer count and
   *       their replacements are upcoming, and in which headroom and the snapshot's CapacityBuffers
   *       stand as pending virtual pods. Virtual pods that no group can host are not reported as
   *       pods; a warning names the headroom or buffer that is short.
   *   <li>Scale-down, which tracks unneeded nodes every scan, moves removals under way on by a
   *       step, and starts new removals only when this scan scaled nothing up and no cooldown
   *       holds; headroom that fits existing nodes holds room there.
   * </ol>
   *
   * @param now the scan's time; the core never reads a clock
   */
  public static Plan runOnce(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      CloudObservations cloud) {
    NamespaceSelectors.Resolved resolved = NamespaceSelectors.resolve(snapshot);
    snapshot = resolved.snapshot();
    InterruptionDecision interruptions =
        InterruptionPolicy.handle(
            snapshot,
            state.interruptions(),
            options.interruption(),
            now,
            cloud.notices(),
            cloud.waits());
    HealthDecision health =
        NodeHealthPolicy.evaluate(
            snapshot, state.health(), options.health(), now, cloud.instances());
    Map<String, NodeGroupBackoff> backoffs =
        NodeGroupBackoffs.update(
            state.backoffs(),
            cloud.instances(),
            health.timedOut(),
            options.scaleUp().backoff(),
            now);
    List<Action> actions = new ArrayList<>(interruptions.actions());
    actions.addAll(health.actions());
    List<String> warnings = new ArrayList<>(SnapshotWarnings.of(snapshot));
    warnings.addAll(NodeGroupBackoffs.warnings(backoffs, now));
    warnings.addAll(health.warnings());
    warnings.addAll(resolved.warnings());
    AutoscalerState next =
        state.withPolicies(health.next(), interruptions.next()).withBackoffs(backoffs);
    if (!health.clusterHealthy()) {
      return new Plan(
          List.of(),
          List.of(),
          List.of(),
          List.of(),
          keepHeldCordons(actions, interruptions, next, options),
          warnings,
          next);
    }
    // readiness as scaling sees it; node health judges the kubelet's Ready alone (ADR 0050)
    snapshot = StartupTaintView.of(snapshot, options.scaleUp().taints());
    HeadroomPods headroom =
        Headroom.virtualPods(
            snapshot,
            options.headroom(),
            snapshot.capacityBuffers(),
            options.scaleUp().expendablePodsPriorityCutoff());
    warnings.addAll(headroom.warnings());
    ClusterSnapshot scaleUpView =
        HeadroomViews.forScaleUp(
            ReplacementAccounting.scaleUpView(snapshot, interruptions.nodesLeaving()), headroom);
    ScaleUpPlanner scaleUp =
        new ScaleUpPlanner(
                scaleUpView, options.scaleUp(), now, NodeGroupBackoffs.backedOff(backoffs, now))
            .plan();
    // each is built anew per call (a NoScaleUp per pod left pending): ask once
    List<ScaleUp> scaleUps = scaleUp.scaleUps();
    List<NoScaleUp> noScaleUps = scaleUp.noScaleUps();
    actions.addAll(ScaleUpActions.of(scaleUps));
    warnings.addAll(scaleUp.warnings());
    warnings.addAll(headroom.unmet(noScaleUps));
    boolean scaledUp = !scaleUps.isEmpty();
    ScaleDownScan.Result scaleDown =
        ScaleDownScan.run(
            HeadroomViews.forScaleDown(snapshot, headroom),
            scaledUp ? next.withLastScaleUp(now) : next,
            options,
            now,
            scaledUp,
            running(state, cloud));
    actions.addAll(withoutVirtualEvictions(scaleDown.actions(), headroom));
    return new Plan(
        scaleUps,
        headroom.withoutVirtual(noScaleUps),
        scaleDown.scaleDowns(),
        scaleDown.unremovable(),
        keepHeldCordons(actions, interruptions, scaleDown.state(), options),
        warnings,
        scaleDown.state());
  }

  /**
   * The instances the cloud lists as running, by instance key; looked at only while a removal is
   * deleting its instance (most scans have none).
   */
  private static Set<String> running(AutoscalerState state, CloudObservations cloud) {
    if (state.drains().values().stream().noneMatch(d -> d.step() == DrainStep.DELETING)) {
      return Set.of();
    }
    Set<String> running = new HashSet<>();
    for (CloudInstance i : cloud.instances()) {
      if (i.state() == CloudInstance.InstanceState.RUNNING) {
        running.add(ProviderIds.instanceKey(i.providerId()));
      }
    }
    return running;
  }

  /**
   * A node's cordon may have two owners: an interruption and a removal. One of them letting go (a
   * failed removal, a forgotten interruption) must not lift the cordon the other still holds, so an
   * uncordon of a node another owner keeps cordoned after this scan is dropped.
   */
  private static List<Action> keepHeldCordons(
      List<Action> actions,
      InterruptionDecision interruptions,
      AutoscalerState next,
      AutoscalerOptions options) {
    boolean drainsCordon = options.scaleDown().cordonNodeBeforeTerminating();
    if (interruptions.holding().isEmpty() && (!drainsCordon || next.drains().isEmpty())) {
      return actions;
    }
    return actions.stream()
        .filter(
            a ->
                !(a instanceof UncordonNode u
                    && (interruptions.holding().contains(u.node())
                        || drainsCordon && next.drains().containsKey(u.node()))))
        .toList();
  }

  /**
   * Headroom and buffer pods bound to a node being drained exist only in the simulation: there is
   * nothing to evict and no pod to record an event on.
   */
  private static List<Action> withoutVirtualEvictions(List<Action> actions, HeadroomPods headroom) {
    Set<String> virtual = headroom.byKey().keySet();
    return actions.stream()
        .filter(a -> !(a instanceof EvictPod e && virtual.contains(e.pod())))
        .filter(
            a ->
                !(a instanceof RecordEvent e
                    && e.kind().equals("Pod")
                    && virtual.contains(e.object())))
        .toList();
  }

  /**
   * The node health policy alone, for a function that only repairs (the health function): the
   * repairs and deletions of never-registered instances {@link #runOnce} would plan, and the state
   * with only its health part moved on. No scale-up, no scale-down, no interruption handling. Under
   * the circuit breaker the plan holds no action and says why in its warnings.
   *
   * @param now the check's time; the core never reads a clock
   */
  public static Plan checkHealth(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      CloudObservations cloud) {
    HealthDecision health =
        NodeHealthPolicy.evaluate(
            snapshot, state.health(), options.health(), now, cloud.instances());
    return new Plan(
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        health.actions(),
        health.warnings(),
        state
            .withPolicies(health.next(), state.interruptions())
            .withBackoffs(
                NodeGroupBackoffs.update(
                    state.backoffs(),
                    cloud.instances(),
                    health.timedOut(),
                    options.scaleUp().backoff(),
                    now)));
  }

  /**
   * Explains, group by group, why the pod {@code podKey} ({@code namespace/name}) does or does not
   * get a scale-up in the plan {@link #runOnce} would make.
   *
   * @throws IllegalArgumentException when the snapshot has no such pod
   */
  public static PodExplanation explain(
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      Instant now,
      String podKey) {
    ClusterSnapshot resolved =
        StartupTaintView.of(
            NamespaceSelectors.resolve(snapshot).snapshot(), options.scaleUp().taints());
    ScaleUpPlanner scaleUp =
        new ScaleUpPlanner(
                resolved,
                options.scaleUp(),
                now,
                NodeGroupBackoffs.backedOff(state.backoffs(), now))
            .plan();
    return ScaleUpExplainer.explain(scaleUp, resolved, podKey);
  }
}
