package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.FakeCloud;
import dev.skyscaler.kubernetes.mock.FakeScheduler;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.WriteLedger;
import dev.skyscaler.kubernetes.state.AutoscalerStatePruning;
import dev.skyscaler.kubernetes.state.JsonStateCodec;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One cluster that many scans act on, one after another: the mock API server (CRUD mode, evictions
 * served), a {@link FakeCloud} group of 1 to 6 nodes booting in 30 s, kube-scheduler ({@link
 * FakeScheduler}), a ReplicaSet that keeps {@link #replicas} pods of random sizes and replaces
 * those evicted or lost, an intruder that can take the lease, and one {@link WriteLedger} of every
 * write that landed, in the cluster or the cloud, with its time.
 */
final class MultiScanWorld implements AutoCloseable {
  static final Duration SCAN_INTERVAL = Duration.ofSeconds(10);
  static final String STATE = StoreOptions.DEFAULTS.name();

  /** Short timeouts, so that an answer held back costs the run little. */
  static final ConnectionOptions QUICK =
      MockCluster.OPTIONS
          .withRequestTimeout(Duration.ofMillis(300))
          .withRetries(1, Duration.ofMillis(10));

  /** Scale-down within a minute, so that 50 scans of 10 s see nodes come and go. */
  static final AutoscalerOptions OPTIONS =
      OptionsParser.parse(
          Map.of(
              "scale-down-unneeded-time", List.of("30s"),
              "scale-down-delay-after-add", List.of("30s"),
              "scale-down-delay-after-delete", List.of("0s"),
              "scale-down-delay-after-failure", List.of("30s")));

  private static final List<String> CPUS = List.of("250m", "500m", "1", "1500m");

  final MockCluster cluster = new MockCluster();
  final MutableClock clock =
      new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1)));
  final WriteLedger ledger = new WriteLedger(clock, LeaseOptions.DEFAULTS.duration());
  final FakeCloud cloud;
  final ScanLease intruder;
  final StateStore<AutoscalerState> observer;
  private final FakeScheduler scheduler;
  private final Random random;
  private final Map<String, Instant> reclaims = new TreeMap<>();
  int replicas;
  private int created;

  MultiScanWorld(long seed) {
    this.random = new Random(seed);
    cluster.start();
    cluster.serveEvictions();
    cluster.record(ledger);
    this.cloud =
        new FakeCloud(
            ledger, clock, cluster.admin(), 1, 6, Duration.ofSeconds(30), List.of("n1", "n2"));
    this.scheduler = new FakeScheduler(cluster.admin());
    this.intruder =
        new ScanLease(
            cluster.connect(QUICK.withUserAgent("skyscaler/intruder")),
            LeaseOptions.DEFAULTS,
            "intruder",
            clock);
    this.observer =
        new StateStore<>(
            cluster.connect(MockCluster.OPTIONS.withUserAgent("observer")),
            new JsonStateCodec<>(AutoscalerState.class, AutoscalerState.EMPTY),
            AutoscalerState.EMPTY,
            new AutoscalerStatePruning(),
            StoreOptions.DEFAULTS,
            WriteFence.NONE);
    this.replicas = 6 + random.nextInt(10);
    cloud.machines();
    settle();
  }

  /**
   * A full scan by a fresh actor, with {@code notices}; its connection runs {@code
   * beforeEachRequest} before each request and is closed after the scan, as a function's is.
   */
  ScanReport scan(String name, Runnable beforeEachRequest, List<InterruptionNotice> notices) {
    KubernetesConnection connection =
        cluster.connect(QUICK.withUserAgent("skyscaler/" + name), beforeEachRequest);
    try {
      return new ScanCycle(
              connection, cloud.seenBy(name), ScanSettings.defaults(OPTIONS), clock, name, d -> {})
          .run(ScanKind.FULL, notices);
    } finally {
      connection.close();
    }
  }

  /**
   * Time passes: spot instances past their notice go, the machines and the ReplicaSet catch up, the
   * workload changes a little, and the scheduler binds what fits.
   */
  void advance(Duration d) {
    clock.advance(d);
    reclaims.entrySet().removeIf(e -> !e.getValue().isAfter(clock.instant()) && reclaimed(e));
    if (random.nextInt(4) == 0) {
      replicas = Math.max(0, Math.min(40, replicas + random.nextInt(13) - 6));
    }
    cloud.machines();
    settle();
  }

  private boolean reclaimed(Map.Entry<String, Instant> e) {
    cloud.reclaim(e.getKey());
    return true;
  }

  /** The cloud will take {@code node}'s instance away at {@code deadline}. */
  void reclaimAt(String node, Instant deadline) {
    reclaims.putIfAbsent(node, deadline);
  }

  private void settle() {
    List<Pod> pods = cluster.admin().pods().inNamespace("default").list().getItems();
    for (int i = pods.size(); i < replicas; i++) {
      Pod p = Fixtures.pod("default", String.format("web-%04d", ++created), null, "web");
      p.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .setRequests(
              Map.of(
                  "cpu", new Quantity(CPUS.get(random.nextInt(CPUS.size()))),
                  "memory", new Quantity("128Mi")));
      cluster.admin().pods().resource(p).create();
    }
    // the ReplicaSet deletes pending pods first, then the newest
    pods.stream()
        .sorted(
            java.util.Comparator.comparing((Pod p) -> p.getSpec().getNodeName() != null)
                .thenComparing(p -> p.getMetadata().getName(), java.util.Comparator.reverseOrder()))
        .limit(Math.max(0, pods.size() - replicas))
        .forEach(p -> cluster.admin().pods().resource(p).delete());
    scheduler.bind();
  }

  /** A node of the cluster, drawn at random; empty when there is none. */
  String anyNode() {
    List<String> names = nodes().stream().map(n -> n.getMetadata().getName()).sorted().toList();
    return names.isEmpty() ? "" : names.get(random.nextInt(names.size()));
  }

  List<Node> nodes() {
    return cluster.admin().nodes().list().getItems();
  }

  /**
   * Nodes carrying a mark of ours — the deletion taint, the interruption taint, or a cordon we set
   * — that no record of the stored state owns.
   */
  Set<String> unownedMarks() {
    AutoscalerState state = observer.load().state();
    Set<String> owners = new HashSet<>(state.drains().keySet());
    owners.addAll(state.interruptions().nodes().keySet());
    state.health().repairs().values().forEach(r -> owners.add(r.node()));
    Set<String> unowned = new TreeSet<>();
    for (Node n : nodes()) {
      String name = n.getMetadata().getName();
      if (marked(n) && !owners.contains(name)) {
        unowned.add(name);
      }
    }
    return unowned;
  }

  static boolean marked(Node n) {
    boolean tainted =
        n.getSpec().getTaints() != null
            && n.getSpec().getTaints().stream()
                .anyMatch(
                    t ->
                        t.getKey().equals(CaTaints.TO_BE_DELETED)
                            || t.getKey().equals(InterruptionPolicy.TAINT_KEY));
    Map<String, String> annotations = n.getMetadata().getAnnotations();
    boolean cordonedByUs =
        Boolean.TRUE.equals(n.getSpec().getUnschedulable())
            && annotations != null
            && annotations.containsKey("skyscaler.dev/cordoned-by-autoscaler");
    return tainted || cordonedByUs;
  }

  /** The state is lost: its ConfigMap deleted, or overwritten with what no scan can read. */
  void loseState(boolean delete) {
    var cms = cluster.admin().configMaps().inNamespace("kube-system").withName(STATE);
    if (delete) {
      cms.delete();
    } else if (cms.get() != null) {
      cms.edit(
          c -> {
            c.setData(Map.of("state.json", "{not json"));
            c.setBinaryData(null);
            return c;
          });
    }
  }

  @Override
  public void close() {
    cluster.stop();
  }
}
