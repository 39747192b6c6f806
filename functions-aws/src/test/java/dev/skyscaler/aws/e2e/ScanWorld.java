package dev.skyscaler.aws.e2e;

import dev.skyscaler.aws.asg.AsgDiscoveryOptions;
import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import dev.skyscaler.aws.asg.PriceTable;
import dev.skyscaler.aws.asg.TerminationLifecycle;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import dev.skyscaler.kubernetes.state.AutoscalerStatePruning;
import dev.skyscaler.kubernetes.state.JsonStateCodec;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * One cluster of the reliability suites: an Auto Scaling Group in moto ({@code <cluster>-general},
 * with a termination lifecycle hook {@value #HOOK}, whose wait state {@link TerminationLifecycle}
 * adds), its nodes in a mock API server kept by the {@link World}'s kubelets, scheduler and
 * ReplicaSet controller, and scans run by fresh actors — each a {@link ScanCycle} with a
 * connection, an identity and nothing in memory, on the real {@link AsgNodeGroupProvider} seen
 * through a test's wrapper ({@link #scan}). Between two scans the world moves on by {@link
 * #SCAN_INTERVAL}.
 */
final class ScanWorld implements AutoCloseable {
  static final String HOOK = "drain";
  static final Duration SCAN_INTERVAL = Duration.ofSeconds(10);
  static final Duration BOOT_DELAY = Duration.ofSeconds(30);

  private static final AtomicInteger RUNS = new AtomicInteger();

  final String name;
  final String group;
  final MockCluster cluster;
  final MutableClock clock;
  final MotoAccount account;
  final TerminationLifecycle lifecycle;
  final AsgGateways gateways;
  final AsgGateways plainGateways;
  final AsgNodeGroupProvider provider;
  final World world;
  final AutoscalerOptions options;
  final List<String> log = new ArrayList<>();
  private int actors;

  /**
   * @param desired the group's instances, each a registered node at the start
   */
  ScanWorld(MotoServer moto, MockCluster cluster, int desired, AutoscalerOptions options) {
    this.name = "rel-" + RUNS.incrementAndGet();
    this.group = name + "-general";
    this.cluster = cluster;
    this.options = options;
    // the mock API server and moto stamp objects with the real time
    this.clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    this.account = new MotoAccount(moto);
    account.launchTemplate(name, "m5.large", 0, false);
    account.group(group, name, 1, 5, desired, MotoAccount.clusterTags(name, Map.of()));
    account
        .autoscaling()
        .putLifecycleHook(
            b ->
                b.autoScalingGroupName(group)
                    .lifecycleHookName(HOOK)
                    .lifecycleTransition("autoscaling:EC2_INSTANCE_TERMINATING")
                    .heartbeatTimeout(3600));
    this.lifecycle = new TerminationLifecycle(account.autoscaling());
    this.gateways = lifecycle.gateways(moto.settings());
    this.plainGateways = AsgGateways.create(moto.settings());
    this.provider =
        new AsgNodeGroupProvider(
            gateways,
            new AsgProviderOptions(
                MotoServer.REGION.id(), AsgDiscoveryOptions.forCluster(name), PriceTable.NONE),
            clock);
    // the machines see instances as EC2 runs them: one waiting in a hook still runs
    this.world = new World(cluster, plainGateways, List.of(group), BOOT_DELAY, 20, clock);
    world.kubelets.registerAllNow();
  }

  /** One scan by a fresh actor, its cloud seen through {@code wrap}; the world then moves on. */
  ScanReport scan(
      ScanKind kind, List<InterruptionNotice> notices, UnaryOperator<NodeGroupProvider> wrap) {
    String actor = "actor-" + ++actors;
    ScanReport report =
        new ScanCycle(
                cluster.connect(),
                wrap.apply(provider),
                ScanSettings.defaults(options),
                clock,
                actor,
                d -> {})
            .run(kind, notices);
    log.add(actor + ": " + describe(report));
    advance(SCAN_INTERVAL);
    return report;
  }

  /**
   * Time passes; then the ReplicaSet controller (evicted pods go and are replaced), the group (an
   * instance marked unhealthy is replaced, as Auto Scaling's health checks do), the kubelets (gone
   * instances lose their nodes) and the scheduler catch up.
   */
  void advance(Duration d) {
    clock.advance(d);
    world.replicaSets.reconcile();
    replaceUnhealthy();
    world.kubelets.reconcile();
    world.scheduler.schedule();
  }

  private void replaceUnhealthy() {
    for (var g : plainGateways.autoscaling().describeByNames(List.of(group))) {
      for (var i : g.instances()) {
        if (i.healthStatus().equalsIgnoreCase("Unhealthy") && !i.leaving()) {
          log.add("the group replaces unhealthy " + i.instanceId());
          account
              .autoscaling()
              .terminateInstanceInAutoScalingGroup(
                  b -> b.instanceId(i.instanceId()).shouldDecrementDesiredCapacity(false));
        }
      }
    }
  }

  /** The state as a scan that had run before the test would have left it. */
  void seedState(AutoscalerState state) {
    var store =
        new StateStore<>(
            cluster.connect(),
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            new AutoscalerStatePruning(),
            StoreOptions.DEFAULTS,
            WriteFence.NONE);
    store.save(state, store.load(), Set.copyOf(nodeNames()));
  }

  /** The group's instances as EC2 runs them (one waiting in a hook included). */
  List<String> instances() {
    return plainGateways.autoscaling().describeByNames(List.of(group)).get(0).instances().stream()
        .filter(i -> !i.leaving())
        .map(i -> i.instanceId())
        .toList();
  }

  int desiredCapacity() {
    return plainGateways.autoscaling().describeByNames(List.of(group)).get(0).desiredCapacity();
  }

  List<Node> nodes() {
    return cluster.admin().nodes().list().getItems();
  }

  List<String> nodeNames() {
    return nodes().stream().map(n -> n.getMetadata().getName()).sorted().toList();
  }

  String nodeOf(String instanceId) {
    return world.kubelets.nodeName(instanceId);
  }

  List<Pod> pods(String app) {
    return cluster
        .admin()
        .pods()
        .inNamespace(ReplicaSetController.NAMESPACE)
        .withLabel("app", app)
        .list()
        .getItems();
  }

  long bound(String app) {
    return pods(app).stream().filter(p -> p.getSpec().getNodeName() != null).count();
  }

  private static String describe(ScanReport r) {
    if (r instanceof ScanReport.Completed c) {
      return "completed: "
          + c.plan().actions().stream().map(a -> a.describe()).toList()
          + (c.warnings().isEmpty() ? "" : " warnings " + c.warnings());
    }
    return r.toString();
  }

  @Override
  public void close() {
    account.close();
    gateways.close();
    plainGateways.close();
  }
}
