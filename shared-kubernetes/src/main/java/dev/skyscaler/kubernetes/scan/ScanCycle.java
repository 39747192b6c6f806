package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.CloudObservations;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.PlanEvents;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.ClusterView;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.ViewOptions;
import dev.skyscaler.kubernetes.actuation.KubernetesActuator;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.shadow.KarpenterCheck;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.Sighting;
import dev.skyscaler.kubernetes.shadow.ShadowOptions;
import dev.skyscaler.kubernetes.state.AutoscalerStatePruning;
import dev.skyscaler.kubernetes.state.HeldLease;
import dev.skyscaler.kubernetes.state.JsonStateCodec;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.Stored;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * One scan, end to end, as every runner does it:
 *
 * <ol>
 *   <li>start reading the cloud ({@link NodeGroupProvider#readCloud}) on a thread of its own, and
 *       take the {@code coordination.k8s.io} Lease (or wait up to {@link ScanSettings#leaseWait()}
 *       for it), so two overlapping invocations never both act; when the Lease had to be waited
 *       for, the cloud is read again under it, so that the read is never older than the scan;
 *   <li>load the {@link AutoscalerState} from its ConfigMap;
 *   <li>read the cluster ({@link ClusterView}: listed, or kept current by watches between scans)
 *       while the cloud read goes on; then match the nodes to the node groups and instances;
 *   <li>plan: {@link Autoscaler#runOnce} for a {@link ScanKind#FULL} scan (with the interruption
 *       notices given), {@link Autoscaler#checkHealth} for a {@link ScanKind#HEALTH} check;
 *   <li>carry the plan out in its order, on the cluster and in the cloud ({@link PlanActuator});
 *   <li>save the state — after acting, so an actor that dies mid-scan leaves the previous state and
 *       the next scan re-derives each step from what the cluster then shows; a repair step the
 *       cloud did not take is not saved as issued ({@link StateAfterActing});
 *   <li>write CA's status ConfigMap (full scans), release the lease.
 * </ol>
 *
 * <p>Between planning and acting, the scan looks for a running Cluster Autoscaler ({@link
 * OtherAutoscalerCheck}) and for Karpenter managing nodes of the node groups ({@link
 * KarpenterCheck}). When one is found, or in shadow mode ({@link ShadowOptions#dryRun()}), it stops
 * there: {@link ScanReport.Held}, no action, no event, no write to CA's status; its status goes to
 * Skyscaler's own ConfigMap with the reason, and in shadow mode with the comparison of its
 * decisions with CA's ({@link ShadowScan}) and its state saved apart from the live state.
 *
 * <p>Every write (node edits, evictions, cloud actions, events, state, status) is fenced by the
 * lease ({@link HeldLease} as the {@link WriteFence}): admitted only with proof, taken just before
 * it, that the lease is still this scan's, renewing it as the scan goes, and bounded in time by
 * what is left of it. Once a write is refused, the scan makes no further write. A state that
 * another actor wrote since this scan loaded it is not written over, and the scan stops there.
 *
 * <p>A failure before planning ends the scan with {@link ScanReport.Failed} and no action; the
 * state is not touched. A failure to save the state or write the status after acting is a warning
 * of a {@link ScanReport.Completed} scan: the actions stand and the next scan re-derives them.
 */
public final class ScanCycle {
  private final KubernetesConnection connection;
  private final NodeGroupProvider provider;
  private final ScanSettings settings;
  private final Clock clock;
  private final String identity;
  private final Sleeper sleeper;
  private final ClusterView view;

  /**
   * A scan that lists the cluster afresh ({@link ViewOptions#listing}).
   *
   * @param identity who this actor is, as the Lease shows it (e.g. {@code aws-lambda/<request
   *     id>}); unique per invocation
   * @param sleeper the pause between two attempts at a held lease
   */
  public ScanCycle(
      KubernetesConnection connection,
      NodeGroupProvider provider,
      ScanSettings settings,
      Clock clock,
      String identity,
      Sleeper sleeper) {
    this(
        connection,
        provider,
        settings,
        clock,
        identity,
        sleeper,
        new ClusterView(ViewOptions.listing(clock)));
  }

  /**
   * A scan that reads the cluster through {@code view}: the runner's view of this cluster, kept
   * current between its scans by watches.
   */
  public ScanCycle(
      KubernetesConnection connection,
      NodeGroupProvider provider,
      ScanSettings settings,
      Clock clock,
      String identity,
      Sleeper sleeper,
      ClusterView view) {
    this.view = Objects.requireNonNull(view, "view");
    this.connection = Objects.requireNonNull(connection, "connection");
    this.provider = Objects.requireNonNull(provider, "provider");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.identity = Objects.requireNonNull(identity, "identity");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  /** A full scan with no interruption notice: what the scheduled scan function runs. */
  public ScanReport run() {
    return run(ScanKind.FULL, List.of());
  }

  /**
   * Runs one scan.
   *
   * @param notices interruption notices received since the last scan (recorded in the state, so
   *     later scans carry their drains on without them); only a {@link ScanKind#FULL} scan reads
   *     them
   */
  public ScanReport run(ScanKind kind, List<InterruptionNotice> notices) {
    Instant started = clock.instant();
    // The cloud read needs nothing from the cluster until the nodes are matched, so it overlaps the
    // Lease request too; it is read-only, so a scan that then finds the Lease held loses nothing.
    BackgroundBuild<NodeGroupProvider.CloudRead> cloud = readCloud();
    HeldLease lease;
    try {
      var acquired = acquire();
      if (acquired.acquisition() instanceof ScanLease.HeldByOther held) {
        return new ScanReport.Skipped(held.describe());
      }
      lease = ((ScanLease.Acquired) acquired.acquisition()).lease();
      if (!acquired.atFirstAttempt()) {
        cloud = readCloud();
      }
    } catch (RuntimeException e) {
      return new ScanReport.Failed("take the lease", e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new ScanReport.Failed("take the lease", "interrupted while waiting for the lease");
    }
    try {
      return underLease(kind, notices, lease, cloud, started);
    } finally {
      lease.close();
    }
  }

  private BackgroundBuild<NodeGroupProvider.CloudRead> readCloud() {
    return BackgroundBuild.start("skyscaler-cloud-read", provider::readCloud);
  }

  /** The Lease, or who holds it, and whether it was had without waiting. */
  private record LeaseAttempt(ScanLease.Acquisition acquisition, boolean atFirstAttempt) {}

  private LeaseAttempt acquire() throws InterruptedException {
    ScanLease scanLease = new ScanLease(connection, settings.lease(), identity, clock);
    long attempts = 1 + settings.leaseWait().toMillis() / settings.leasePoll().toMillis();
    ScanLease.Acquisition acquisition = scanLease.tryAcquire();
    long i = 1;
    for (; i < attempts && acquisition instanceof ScanLease.HeldByOther; i++) {
      sleeper.sleep(settings.leasePoll());
      acquisition = scanLease.tryAcquire();
    }
    return new LeaseAttempt(acquisition, i == 1);
  }

  private ScanReport underLease(
      ScanKind kind,
      List<InterruptionNotice> notices,
      HeldLease lease,
      BackgroundBuild<NodeGroupProvider.CloudRead> cloud,
      Instant started) {
    StateStore<AutoscalerState> store =
        new StateStore<>(
            connection,
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            new AutoscalerStatePruning(),
            settings.shadow().dryRun() ? settings.shadow().shadowState() : settings.state(),
            lease);
    Stored<AutoscalerState> stored;
    LiveSnapshotReader.ScanRead read;
    KubernetesSnapshot k8s;
    Discovery discovery;
    AutoscalerOptions options;
    ClusterSnapshot snapshot;
    Plan plan;
    Optional<Sighting> ca;
    try {
      stored = stage("load the state", store::load);
      read = stage("read the cluster", () -> view.read(connection, settings.read()));
      k8s = read.snapshot();
      KubernetesSnapshot cluster = k8s;
      discovery = stage("discover the node groups", () -> cloud.get().match(cluster.nodes()));
      options = stage("read the priority expander ConfigMap", () -> withPriorities(cluster));
      snapshot =
          stage(
              "plan",
              () ->
                  cluster
                      .withScaleDownDisabled(discovery.noScaleDown().keySet())
                      .toClusterSnapshot(discovery.groups()));
      plan = stage("plan", () -> plan(kind, snapshot, stored.state(), options, notices, discovery));
      ca =
          stage(
              "look for a running Cluster Autoscaler",
              () ->
                  new OtherAutoscalerCheck(connection, settings.shadow().check())
                      .find(clock.instant())
                      .or(() -> KarpenterCheck.find(snapshot)));
    } catch (StageException e) {
      return new ScanReport.Failed(e.stage, e.getMessage());
    }
    List<String> warnings = new ArrayList<>(k8s.warnings());
    warnings.addAll(discovery.warnings());
    warnings.addAll(plan.warnings());
    warnings.addAll(KarpenterCheck.warnings(snapshot));
    Set<String> liveNodes = k8s.nodes().stream().map(Node::name).collect(Collectors.toSet());
    ScanWrites writes =
        new ScanWrites(connection, clock, lease, store, stored, liveNodes, snapshot, plan, options);
    if (settings.shadow().dryRun() || ca.isPresent()) {
      return new HeldScan(connection, settings.shadow(), clock)
          .finish(kind, ca, writes, plan, snapshot, warnings, started);
    }
    List<Action> actions = new ArrayList<>(plan.actions());
    if (kind == ScanKind.FULL) {
      actions.addAll(PlanEvents.of(plan, snapshot));
    }
    // every write from here on is admitted by the lease (HeldLease is the fence), renewed as it
    // goes
    EventRecorder recorder = new EventRecorder(connection, settings.events(), clock, lease);
    PlanActuator actuator =
        new PlanActuator(new KubernetesActuator(connection, recorder, lease), provider, lease);
    PlanActuator.Result done =
        actuator.carryOut(actions, EventTargets.of(read.nodeUids(), k8s.pods()));

    AutoscalerState acted = StateAfterActing.of(plan.state(), stored.state(), done.cloud());
    if (writes.saveState(acted, warnings) && kind == ScanKind.FULL) {
      writes.writeStatus(settings.status(), Map.of(), warnings);
    }
    ScanFigures figures =
        ScanFigures.of(
            snapshot,
            plan,
            done.kubernetes(),
            done.cloud(),
            discovery.instances(),
            options.health(),
            clock.instant());
    return new ScanReport.Completed(
        plan,
        done.kubernetes(),
        done.cloud(),
        figures,
        busy(snapshot, plan, figures),
        warnings,
        Duration.between(started, clock.instant()));
  }

  private Plan plan(
      ScanKind kind,
      ClusterSnapshot snapshot,
      AutoscalerState state,
      AutoscalerOptions options,
      List<InterruptionNotice> notices,
      Discovery discovery) {
    CloudObservations observed =
        new CloudObservations(discovery.instances(), notices, discovery.waits());
    Instant now = clock.instant();
    return kind == ScanKind.FULL
        ? Autoscaler.runOnce(snapshot, state, options, now, observed)
        : Autoscaler.checkHealth(snapshot, state, options, now, observed);
  }

  /**
   * The options with the cluster's priority-expander ConfigMap ({@code
   * cluster-autoscaler-priority-expander}) when the options have no table of their own, as CA reads
   * it.
   */
  private AutoscalerOptions withPriorities(KubernetesSnapshot k8s) {
    AutoscalerOptions options = settings.autoscaler();
    Map<Integer, List<String>> fromCluster = k8s.expanderPriorities();
    if (fromCluster.isEmpty() || !options.scaleUp().expanderPriorities().isEmpty()) {
      return options;
    }
    return options.withScaleUp(
        options.scaleUp().toBuilder().expanderPriorities(fromCluster).build());
  }

  /** Anything to do or under way, so the runner keeps its normal cadence. */
  private static boolean busy(ClusterSnapshot snapshot, Plan plan, ScanFigures figures) {
    AutoscalerState state = plan.state();
    return !plan.scaleUps().isEmpty()
        || !plan.actions().isEmpty()
        || figures.unschedulablePods() > 0
        || snapshot.nodeGroups().stream().anyMatch(g -> g.targetSize() != g.memberNodes().size())
        || !state.unneededSince().isEmpty()
        || !state.drains().isEmpty()
        || !state.interruptions().nodes().isEmpty()
        || !state.health().repairs().isEmpty();
  }

  private static <T> T stage(String stage, Supplier<T> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      throw new StageException(stage, e);
    }
  }

  /** A failure before planning, with the step it happened in. */
  private static final class StageException extends RuntimeException {
    private final String stage;

    StageException(String stage, RuntimeException cause) {
      super(String.valueOf(cause.getMessage()), cause);
      this.stage = stage;
    }
  }
}
