package dev.skyscaler.aws.e2e;

import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.util.List;

/**
 * Everything around the autoscaler, on one injected clock: the machines ({@link Kubelets}), the
 * controllers ({@link ReplicaSetController}) and the scheduler ({@link Scheduler}). Time moves only
 * through {@link #advance}, which the handlers use as their sleeper, so the world reacts between
 * two scans as a real cluster would in those seconds.
 */
final class World {
  final MutableClock clock;
  final Kubelets kubelets;
  final ReplicaSetController replicaSets;
  final Scheduler scheduler;

  World(
      MockCluster cluster,
      AsgGateways gateways,
      List<String> groups,
      Duration bootDelay,
      int maxPods,
      MutableClock clock) {
    this.clock = clock;
    this.kubelets = new Kubelets(cluster.admin(), gateways, groups, bootDelay, maxPods, clock);
    this.replicaSets = new ReplicaSetController(cluster, clock);
    this.scheduler = new Scheduler(cluster.admin(), clock);
  }

  /** Time passes; then the machines, the controllers and the scheduler catch up. */
  void advance(Duration d) {
    clock.advance(d);
    step();
  }

  void step() {
    kubelets.reconcile();
    replicaSets.reconcile();
    scheduler.schedule();
  }
}
