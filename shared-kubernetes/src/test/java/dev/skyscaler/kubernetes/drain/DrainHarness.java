package dev.skyscaler.kubernetes.drain;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.KubernetesSnapshot;
import dev.skyscaler.kubernetes.LiveSnapshotReader;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.actuation.KubernetesActuator;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventRecorder.EventOptions;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.AutoscalerStatePruning;
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
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Serverless scans against a mock cluster, each a fresh actor with nothing in memory: take the
 * lease, load the {@link AutoscalerState}, read the cluster, plan with {@link Autoscaler#runOnce}
 * (the real scale-down state machine), carry out the Kubernetes actions and the cloud's, save the
 * state, release the lease.
 *
 * <p>An actor can die after any step: it then does nothing more (no state save, no lease release),
 * as a function killed mid-scan. The harness also plays the parts of the rest of the system: the
 * scheduler and a ReplicaSet controller that replace each evicted pod with one running on {@code
 * n2}, and a cloud that removes a deleted instance's node and its pods. The node group {@code ng1}
 * holds every node; its target follows the nodes.
 */
final class DrainHarness {
  private final MockCluster cluster;
  private final MutableClock clock;
  private final AutoscalerOptions options;
  private final AtomicInteger steps = new AtomicInteger();
  private final int dieAtStep;
  private int evictionsSeen;
  private boolean died;
  final List<String> log = new ArrayList<>();

  /**
   * @param dieAtStep the step (counted over all scans, from 1) after which the actor running it
   *     dies; 0 for none
   */
  DrainHarness(MockCluster cluster, MutableClock clock, AutoscalerOptions options, int dieAtStep) {
    this.cluster = cluster;
    this.clock = clock;
    this.options = options;
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
    StateStore<AutoscalerState> store =
        new StateStore<>(
            connection,
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            new AutoscalerStatePruning(),
            StoreOptions.DEFAULTS,
            lease);
    Stored<AutoscalerState> stored = store.load();
    LiveSnapshotReader.ScanRead read =
        new LiveSnapshotReader(connection, ReadOptions.DEFAULTS).readForScan();
    KubernetesSnapshot k8s = read.snapshot();
    Set<String> nodes = k8s.nodes().stream().map(Node::name).collect(Collectors.toSet());
    NodeGroup group =
        new NodeGroup("ng1", 1, 5, nodes.size(), nodes, Optional.empty(), OptionalDouble.empty());
    Plan plan =
        Autoscaler.runOnce(
            k8s.toClusterSnapshot(List.of(group)), stored.state(), options, clock.instant());
    if (step(actor, "planned")) {
      return false;
    }
    // the actor dies before a write: the fence refuses it and every later one
    WriteFence alive =
        write -> {
          if (step(actor, "next action")) {
            throw new WriteRefusedException(write + ": not made: the actor died");
          }
          return lease.admit(write);
        };
    var report =
        new KubernetesActuator(
                connection,
                new EventRecorder(connection, EventOptions.DEFAULTS, clock, alive),
                alive)
            .carryOut(plan.actions(), EventTargets.of(read.nodeUids(), k8s.pods()));
    report.outcomes().forEach(o -> log.add(actor + ": " + o));
    if (died) {
      return false;
    }
    for (Action a : plan.actions()) {
      if (a instanceof DeleteInstance d) {
        if (step(actor, "deleting " + d.node())) {
          return false;
        }
        log.add(actor + ": cloud deletes " + d.node());
        cloudDeletes(d.node());
      }
    }
    // Saved after acting: an actor that dies mid-scan leaves the previous state, and the state
    // machine re-derives each step from the cluster. (Saved ahead of acting, a death between the
    // save and the actions cost 6 of the 16 interruption points a rollback: a DELETING drain whose
    // deletion was never asked waits out its deadline, an EVICTING one its eviction window.)
    store.save(plan.state(), stored, nodes);
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

  /** Steps taken so far, over all scans. */
  int steps() {
    return steps.get();
  }

  /** Starts a new actor life: the next actor is alive again. */
  void nextActor() {
    died = false;
  }

  /**
   * Scheduler and ReplicaSet controller: each evicted pod is replaced by one running on n2.
   *
   * @param accepted whether the API server accepted the evictions (the mock answers them all alike)
   */
  void replaceEvictedPods(boolean accepted) {
    List<ApiCall> calls = cluster.calls();
    List<ApiCall> evictions =
        calls.stream().filter(c -> c.subresource().equals("eviction")).toList();
    for (ApiCall e :
        accepted ? evictions.subList(evictionsSeen, evictions.size()) : List.<ApiCall>of()) {
      var pods = cluster.admin().pods().inNamespace(e.namespace());
      if (pods.withName(e.name()).get() != null) {
        pods.withName(e.name()).delete();
        pods.resource(Fixtures.pod(e.namespace(), e.name() + "-r", "n2", "web")).create();
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
