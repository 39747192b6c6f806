package dev.skyscaler.kubernetes.drain;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.kubernetes.ClusterObjects;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.actuation.KubernetesActuator;
import dev.skyscaler.kubernetes.actuation.StaleDeletions;
import dev.skyscaler.kubernetes.drain.ReferenceDrainPlanner.DrainState;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventRecorder.EventOptions;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.HeldLease;
import dev.skyscaler.kubernetes.state.JsonStateCodec;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.Acquired;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.state.StateStore.Stored;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Serverless scans against a mock cluster, each a fresh actor with nothing in memory: take the
 * lease, load the state, read the cluster, roll back stale deletions, plan (here with the {@link
 * ReferenceDrainPlanner}; the real scale-down planner plugs in the same way), save the state before
 * acting (write-ahead), carry out the Kubernetes actions and the cloud's, save, release.
 *
 * <p>An actor can die after any step: it then does nothing more (no state save, no lease release),
 * as a function killed mid-scan. The harness also plays the parts of the rest of the system: a
 * ReplicaSet controller that replaces each evicted pod with a pending one, and a cloud that removes
 * a deleted instance's node and its pods.
 */
final class DrainHarness {
  private final MockCluster cluster;
  private final MutableClock clock;
  private final ReferenceDrainPlanner planner;
  private final AtomicInteger steps = new AtomicInteger();
  private final int dieAtStep;
  private int evictionsSeen;
  private boolean died;
  final List<String> log = new ArrayList<>();

  /**
   * @param dieAtStep the step (counted over all scans, from 1) after which the actor running it
   *     dies; 0 for none
   */
  DrainHarness(MockCluster cluster, MutableClock clock, String target, int dieAtStep) {
    this.cluster = cluster;
    this.clock = clock;
    this.planner = new ReferenceDrainPlanner(target);
    this.dieAtStep = dieAtStep;
  }

  /** One scan by a fresh actor; false when it died or found the lease held. */
  boolean scan(String actor) {
    KubernetesConnection connection = cluster.connect();
    var acquisition = new ScanLease(connection, LeaseOptions.DEFAULTS, actor, clock).tryAcquire();
    if (!(acquisition instanceof Acquired acquired)) {
      log.add(actor + ": lease held, scan skipped");
      return false;
    }
    HeldLease lease = acquired.lease();
    if (step(actor, "took the lease")) {
      return false;
    }
    StateStore<DrainState> store =
        new StateStore<>(
            connection,
            new JsonStateCodec<>(DrainState.class),
            DrainState.EMPTY,
            DrainState::keepOnly,
            StoreOptions.DEFAULTS);
    Stored<DrainState> stored = store.load();
    ClusterObjects objects = new LiveSnapshotReader(connection, ReadOptions.DEFAULTS).readObjects();
    KubernetesSnapshot snapshot = objects.translate();
    Set<String> nodes = snapshot.nodes().stream().map(Node::name).collect(Collectors.toSet());
    DrainState state = stored.state();
    var rollback =
        StaleDeletions.plan(
            snapshot.nodes(), n -> Optional.ofNullable(state.deadlines().get(n)), clock.instant());
    var step = planner.plan(snapshot, state.without(rollback.drainsToForget()), clock.instant());
    stored = store.save(step.state(), stored, nodes);
    if (step(actor, "saved the state ahead")) {
      return false;
    }
    List<Action> kubernetes = new ArrayList<>(rollback.actions());
    step.actions().stream().filter(KubernetesActuator::isKubernetesAction).forEach(kubernetes::add);
    BooleanSupplier alive = () -> !step(actor, "next action") && lease.stillHeld();
    var report =
        new KubernetesActuator(
                connection, new EventRecorder(connection, EventOptions.DEFAULTS, clock), alive)
            .carryOut(kubernetes, EventTargets.of(objects));
    report.outcomes().forEach(o -> log.add(actor + ": " + o));
    if (died) {
      return false;
    }
    for (Action a : step.actions()) {
      if (a instanceof DeleteInstance d) {
        if (step(actor, "deleting " + d.node())) {
          return false;
        }
        cloudDeletes(d.node());
      }
    }
    store.save(step.state(), stored, nodes);
    lease.close();
    return true;
  }

  /** Counts a step; true when the actor dies at it (and from then on). */
  private boolean step(String actor, String what) {
    if (died) {
      return true;
    }
    if (steps.incrementAndGet() == dieAtStep) {
      died = true;
      log.add(actor + ": died after step " + dieAtStep + " (" + what + ")");
      return true;
    }
    return false;
  }

  boolean died() {
    return died;
  }

  /** Starts a new actor life: the next actor is alive again. */
  void nextActor() {
    died = false;
  }

  /** The ReplicaSet controller: each evicted pod is replaced by a pending one. */
  void replaceEvictedPods() {
    List<ApiCall> calls = cluster.calls();
    List<ApiCall> evictions =
        calls.stream().filter(c -> c.subresource().equals("eviction")).toList();
    for (ApiCall e : evictions.subList(evictionsSeen, evictions.size())) {
      var pods = cluster.admin().pods().inNamespace(e.namespace());
      if (pods.withName(e.name()).get() != null) {
        pods.withName(e.name()).delete();
        pods.resource(Fixtures.pod(e.namespace(), e.name() + "-r", null, "web")).create();
      }
    }
    evictionsSeen = evictions.size();
  }

  /** The cloud: the instance goes, and with it its node and the pods still bound to it. */
  private void cloudDeletes(String node) {
    for (var p : cluster.admin().pods().inAnyNamespace().list().getItems()) {
      if (node.equals(p.getSpec().getNodeName())) {
        cluster
            .admin()
            .pods()
            .inNamespace(p.getMetadata().getNamespace())
            .withName(p.getMetadata().getName())
            .delete();
      }
    }
    cluster.admin().nodes().withName(node).delete();
  }
}
