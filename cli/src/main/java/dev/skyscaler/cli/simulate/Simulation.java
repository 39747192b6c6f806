package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.CloudObservations;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link Scenario} on a virtual clock: at every scan interval the world moves on (scenario
 * events, interruptions and failures, instances booting, controllers, the scheduler), then {@link
 * Autoscaler#runOnce} plans from a snapshot of it and what the cloud observed (its instances, the
 * interruption notices since the last scan), the plan's actions are carried out in the world, and
 * the plan's state is kept for the next scan. Nothing reads a real clock and every random draw
 * comes from the scenario's seed, so a scenario and a seed always give the same result.
 */
public final class Simulation {
  /** Hears how far a run has got; called after every scan. */
  public interface Progress {
    void scanned(int scansDone, int scans, Duration simulated);

    Progress NONE = (done, total, simulated) -> {};
  }

  /** What plans each scan: {@link Autoscaler#runOnce}, or a stand-in in tests. */
  interface Planner {
    Plan plan(
        ClusterSnapshot snapshot,
        AutoscalerState state,
        AutoscalerOptions options,
        Instant now,
        CloudObservations cloud);
  }

  private final Scenario scenario;
  private final Timeline timeline;
  private final Tally tally = new Tally();
  private final World world;
  private final SimulatedCloud cloud;
  private final Workloads workloads;
  private final NodeTroubles troubles;
  private final Binder binder;
  private final Actuator actuator;
  private final Metrics metrics;
  private final NoScaleUpNotes noScaleUps;
  private final List<CloudGroup> groups;
  private final int[] startNodes;
  private final int[] peakNodes;
  private final Planner planner;
  private AutoscalerState state = AutoscalerState.EMPTY;

  private Simulation(Scenario s, Planner planner) {
    this.scenario = s;
    this.planner = planner;
    this.timeline = new Timeline(s.start());
    Names names = new Names(s.seed());
    this.world = new World(s.snapshot(), names);
    this.workloads = new Workloads(world, names, timeline, tally);
    this.metrics = new Metrics(s);
    world.listener(
        new World.Listener() {
          @Override
          public void created(Pod pod) {
            metrics.created(pod);
          }

          @Override
          public void bound(Pod pod, Instant now) {
            metrics.bound(pod, now);
            workloads.bound(pod, now);
          }

          @Override
          public void removed(Pod pod, Instant now) {
            metrics.removed(pod, now);
            workloads.removed(pod);
          }
        });
    this.cloud = new SimulatedCloud(s, world, timeline);
    this.groups = new ArrayList<>(cloud.groups());
    world.unboundPods().forEach(metrics::created);
    s.workloads().forEach(workloads::declare);
    this.troubles = new NodeTroubles(cloud, world, timeline, tally, s.seed());
    this.binder = new Binder(world);
    this.actuator = new Actuator(world, cloud, timeline, tally);
    this.noScaleUps = new NoScaleUpNotes(timeline);
    this.startNodes = groups.stream().mapToInt(g -> g.instances.size()).toArray();
    this.peakNodes = startNodes.clone();
  }

  /** Runs the whole scenario. */
  public static SimulationResult run(Scenario scenario, Progress progress) {
    return run(scenario, progress, Autoscaler::runOnce);
  }

  static SimulationResult run(Scenario scenario, Progress progress, Planner planner) {
    return new Simulation(scenario, planner).runAll(progress);
  }

  private SimulationResult runAll(Progress progress) {
    int scans = scenario.scans();
    int nextEvent = 0;
    List<ScenarioEvent> events = scenario.events();
    for (int k = 0; k < scans; k++) {
      Duration offset = scenario.scanInterval().multipliedBy(k);
      Instant now = scenario.start().plus(offset);
      while (nextEvent < events.size() && events.get(nextEvent).at().compareTo(offset) <= 0) {
        apply(events.get(nextEvent++), now);
      }
      if (k > 0) {
        troubles.drawRandom(now, scenario.scanInterval());
      }
      scan(k, now);
      progress.scanned(k + 1, scans, offset.plus(scenario.scanInterval()));
    }
    return finish();
  }

  private void apply(ScenarioEvent e, Instant now) {
    if (e instanceof ScenarioEvent.Scale s) {
      workloads.scale(s.deployment(), s.replicas(), now);
    } else if (e instanceof ScenarioEvent.NodeTrouble t) {
      troubles.apply(t, now);
    } else if (e instanceof ScenarioEvent.Job j) {
      workloads.startJob(j, now);
    }
  }

  private void scan(int k, Instant now) {
    cloud.advance(now);
    troubles.evictFromUnreachable(now);
    workloads.reconcile(now);
    binder.bind(now);
    ClusterSnapshot snapshot = world.snapshot(cloud.nodeGroups());
    CloudObservations observed =
        new CloudObservations(cloud.discover(List.of()).instances(), troubles.takeNotices());
    Plan plan = planner.plan(snapshot, state, scenario.options(), now, observed);
    state = plan.state();
    actuator.carryOut(plan, now);
    noScaleUps.note(plan, now);
    workloads.reconcile(now);
    binder.bind(now);
    metrics.sample(k, world, groups);
    int g = 0;
    for (CloudGroup group : groups) {
      peakNodes[g] = Math.max(peakNodes[g], group.instances.size());
      g++;
    }
  }

  private SimulationResult finish() {
    Instant end = scenario.end();
    cloud.finish(end);
    int stillWaiting = metrics.finish(end);
    List<Summary.GroupSummary> perGroup = new ArrayList<>();
    int g = 0;
    for (CloudGroup group : groups) {
      perGroup.add(
          new Summary.GroupSummary(
              group.name(),
              group.instanceSeconds / 3600.0,
              group.declared.price(),
              startNodes[g],
              group.instances.size(),
              peakNodes[g]));
      g++;
    }
    Summary summary =
        new Summary(
            perGroup,
            metrics.pendingPodSeconds(),
            metrics.worstWait(),
            metrics.worstWaitPod(),
            stillWaiting,
            counts(),
            metrics.waits());
    return new SimulationResult(scenario, timeline.entries(), metrics.samples(), summary);
  }

  private List<Summary.Count> counts() {
    return List.of(
        new Summary.Count("scaleUps", "scale-ups", tally.scaleUps),
        new Summary.Count("nodesRequested", "nodes requested", tally.nodesRequested),
        new Summary.Count("targetDecreases", "target decreases", tally.targetDecreases),
        new Summary.Count("nodesRemoved", "nodes removed", tally.nodesRemoved),
        new Summary.Count("replacements", "nodes replaced", tally.replacements),
        new Summary.Count("evictions", "evictions", tally.evictions),
        new Summary.Count("evictionsRefused", "evictions refused", tally.evictionsRefused),
        new Summary.Count("interruptions", "spot interruptions", tally.interruptions),
        new Summary.Count("failures", "node failures", tally.failures),
        new Summary.Count("repairs", "repairs", tally.repairs),
        new Summary.Count(
            "podsDeletedFromUnreachableNodes",
            "pods deleted from unreachable nodes",
            tally.podsDeletedByNodeLifecycle),
        new Summary.Count("jobsCompleted", "jobs completed", tally.jobsCompleted),
        new Summary.Count("actionsFailed", "actions that failed", tally.actionsFailed));
  }
}
