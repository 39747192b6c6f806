package dev.skyscaler.kubernetes.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.kubernetes.mock.FakeCloud;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * A cluster evolving over {@value #SCANS} consecutive scans, each by a fresh actor (the real {@link
 * ScanCycle}, against the mock API server and a {@link FakeCloud}), with random {@link Fault}s
 * between and during the scans. After every scan: no exception escaped; every node tainted or
 * cordoned by us has an owner in the stored state, or loses the mark in the next scan that meets no
 * fault; no write landed in the cluster or the cloud while its writer did not hold an unexpired
 * lease; no target outside the group's min and max; and no instance deleted that its scan's plan
 * did not choose, or whose node still ran a pod. The run ends with scans that meet no fault, after
 * which no mark of ours is left without an owner.
 *
 * <p>The seed is fixed; the number of runs is {@code jqwik.tries.default} (10 in {@code
 * junit-platform.properties}; docs/reliability.md has the command for more).
 */
class MultiScanPropertiesTest {
  static final int SCANS = 50;

  /**
   * What can go wrong around one scan; each is drawn for a scan with probability 1/{@code oneIn}.
   */
  enum Fault {
    EVICTION_REFUSED(12, "evictions answered 429 (a disruption budget)"),
    EVICTION_FAILS(12, "evictions answered 500"),
    TAINT_CONFLICT(12, "node patches answered 409"),
    STATE_CONFLICT(12, "the state ConfigMap's write answered 409"),
    WRITE_TIMEOUT(30, "a write that lands, answered after the client gave up"),
    STATE_LOST(15, "the state ConfigMap deleted before the scan"),
    STATE_UNREADABLE(15, "the state ConfigMap overwritten with what no scan reads"),
    LEASE_TAKEN(40, "another holder takes the lease before the scan and keeps it for its term"),
    FROZEN(25, "the scan frozen mid-way past its lease; another holder takes it, or no one"),
    INTERRUPTION(10, "a spot warning for a node, whose instance goes two minutes later"),
    CLOUD_ACTION_FAILS(12, "the cloud refuses the scan's first actions"),
    CLOUD_READ_FAILS(20, "the cloud cannot be read"),
    CLOCK_JUMP(15, "the clock jumps minutes ahead before the scan"),
    CLOCK_JUMP_DURING(12, "the clock jumps tens of seconds mid-scan");

    final int oneIn;
    final String description;

    Fault(int oneIn, String description) {
      this.oneIn = oneIn;
      this.description = description;
    }
  }

  @Property(seed = "20261127")
  void everyScanOfAClusterUnderRandomFaultsKeepsEveryInvariant(@ForAll long seed) {
    Random random = new Random(seed);
    List<String> log = new ArrayList<>();
    try (MultiScanWorld world = new MultiScanWorld(seed)) {
      List<InterruptionNotice> notices = new ArrayList<>();
      Set<String> unowned = Set.of();
      for (int i = 1; i <= SCANS; i++) {
        Set<Fault> faults = draw(random);
        unowned = scan(world, "actor-" + i, faults, notices, unowned, random, log);
        faults.forEach(f -> Statistics.label("faults").collect(f));
      }
      // the other holder's lease runs out; scans that meet no fault clean up what is left
      world.advance(Duration.ofSeconds(70));
      for (int i = 1; i <= 3; i++) {
        unowned = scan(world, "final-" + i, Set.of(), notices, unowned, random, log);
      }
      assertThat(unowned).as("marks without an owner at the end; %s", log).isEmpty();
    }
  }

  private static Set<Fault> draw(Random random) {
    Set<Fault> faults = EnumSet.noneOf(Fault.class);
    for (Fault f : Fault.values()) {
      if (random.nextInt(f.oneIn) == 0) {
        faults.add(f);
      }
    }
    return faults;
  }

  /** One scan with its faults, its invariants checked; the unowned marks after it. */
  private static Set<String> scan(
      MultiScanWorld world,
      String actor,
      Set<Fault> faults,
      List<InterruptionNotice> notices,
      Set<String> unownedBefore,
      Random random,
      List<String> log) {
    MockCluster cluster = world.cluster;
    Runnable during = arrange(world, faults, notices, random);
    int deletionsBefore = world.cloud.deletions().size();
    ScanReport report;
    try {
      report = world.scan(actor, during, List.copyOf(notices));
    } catch (RuntimeException | Error e) {
      throw new AssertionError(actor + " threw " + e + "; " + log, e);
    }
    log.add(actor + " " + faults + ": " + summary(report));
    Statistics.label("scans").collect(report.getClass().getSimpleName());
    if (report instanceof ScanReport.Completed c) {
      c.plan()
          .actions()
          .forEach(a -> Statistics.label("actions").collect(a.getClass().getSimpleName()));
      notices.clear(); // handled and recorded; a notice a skipped scan missed is redelivered
    }
    cluster.clearFaults();
    world.cloud.failActions(0);
    world.cloud.failDiscovery(false);

    assertThat(world.ledger.violations()).as("writes without the lease; %s", log).isEmpty();
    assertThat(world.cloud.violations()).as("targets outside min..max; %s", log).isEmpty();
    assertThat(world.cloud.target()).isBetween(world.cloud.min(), world.cloud.max());
    Set<String> chosen = chosenForRemoval(report);
    for (FakeCloud.Deletion d :
        world.cloud.deletions().subList(deletionsBefore, world.cloud.deletions().size())) {
      assertThat(chosen)
          .as("%s deleted %s, not in its plan; %s", actor, d.node(), log)
          .contains(d.node());
      assertThat(d.podsOnNode())
          .as("pods on %s when %s deleted it; %s", d.node(), actor, log)
          .isEmpty();
    }
    world.advance(MultiScanWorld.SCAN_INTERVAL);
    Set<String> unowned = world.unownedMarks();
    if (report instanceof ScanReport.Completed && faults.isEmpty()) {
      Set<String> stale = new TreeSet<>(unowned);
      stale.retainAll(unownedBefore);
      assertThat(stale).as("marks still without an owner after %s; %s", actor, log).isEmpty();
    }
    return unowned;
  }

  /** Sets up the faults before the scan; returns what runs before each of the scan's requests. */
  private static Runnable arrange(
      MultiScanWorld world, Set<Fault> faults, List<InterruptionNotice> notices, Random random) {
    MockCluster cluster = world.cluster;
    for (Fault f : faults) {
      switch (f) {
        case EVICTION_REFUSED ->
            cluster.fail(MockCluster.call("create", "pods/eviction"), 429, 1 + random.nextInt(5));
        case EVICTION_FAILS ->
            cluster.fail(MockCluster.call("create", "pods/eviction"), 500, 1 + random.nextInt(5));
        case TAINT_CONFLICT ->
            cluster.fail(MockCluster.call("patch", "nodes"), 409, 1 + random.nextInt(8));
        case STATE_CONFLICT ->
            cluster.fail(
                c ->
                    c.resource().equals("configmaps")
                            && c.isWrite()
                            && c.name().equals(MultiScanWorld.STATE)
                        || c.resource().equals("configmaps") && c.verb().equals("create"),
                409,
                1);
        case WRITE_TIMEOUT -> {
          int k = random.nextInt(6);
          AtomicInteger seen = new AtomicInteger();
          cluster.answerLate(
              c -> c.isWrite() && seen.getAndIncrement() == k, Duration.ofMillis(400));
        }
        case STATE_LOST -> world.loseState(true);
        case STATE_UNREADABLE -> world.loseState(false);
        case LEASE_TAKEN -> world.intruder.tryAcquire();
        case INTERRUPTION -> {
          String node = world.anyNode();
          if (!node.isEmpty()) {
            var deadline = world.clock.instant().plusSeconds(120);
            notices.add(
                new InterruptionNotice(
                    "spot-" + node + "-" + deadline.getEpochSecond(),
                    Kind.SPOT_WARNING,
                    "i-" + node,
                    deadline,
                    Optional.empty()));
            world.reclaimAt(node, deadline);
          }
        }
        case CLOUD_ACTION_FAILS -> world.cloud.failActions(1 + random.nextInt(3));
        case CLOUD_READ_FAILS -> world.cloud.failDiscovery(true);
        case CLOCK_JUMP -> world.advance(Duration.ofMinutes(1 + random.nextInt(15)));
        case FROZEN, CLOCK_JUMP_DURING -> {}
      }
    }
    List<Runnable> hooks = new ArrayList<>();
    if (faults.contains(Fault.FROZEN)) {
      boolean takenOver = random.nextBoolean();
      hooks.add(
          once(
              random.nextInt(25),
              () -> {
                world.clock.advance(Duration.ofSeconds(61 + random.nextInt(15)));
                if (takenOver) {
                  world.intruder.tryAcquire();
                }
              }));
    }
    if (faults.contains(Fault.CLOCK_JUMP_DURING)) {
      hooks.add(
          once(
              random.nextInt(25),
              () -> world.clock.advance(Duration.ofSeconds(15 + random.nextInt(30)))));
    }
    return () -> hooks.forEach(Runnable::run);
  }

  /** Runs {@code what} once, before the scan's request number {@code k}. */
  private static Runnable once(int k, Runnable what) {
    AtomicInteger requests = new AtomicInteger();
    AtomicBoolean done = new AtomicBoolean();
    return () -> {
      if (requests.getAndIncrement() >= k && done.compareAndSet(false, true)) {
        what.run();
      }
    };
  }

  private static Set<String> chosenForRemoval(ScanReport report) {
    if (!(report instanceof ScanReport.Completed c)) {
      return Set.of();
    }
    return c.plan().actions().stream()
        .map(
            a ->
                a instanceof DeleteInstance d
                    ? d.node()
                    : a instanceof RepairInstance r ? r.node() : "")
        .filter(n -> !n.isEmpty())
        .collect(Collectors.toSet());
  }

  private static String summary(ScanReport report) {
    if (report instanceof ScanReport.Completed c) {
      return "completed "
          + c.plan().actions().stream()
              .filter(a -> !a.getClass().getSimpleName().equals("RecordEvent"))
              .map(a -> a.describe())
              .toList()
          + (c.warnings().isEmpty() ? "" : " warnings " + c.warnings());
    }
    return report.toString();
  }
}
