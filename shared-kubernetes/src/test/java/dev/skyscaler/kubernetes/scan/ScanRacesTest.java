package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.WriteLedger;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Full scans racing for one cluster and one cloud, each actor with its own connection (its own user
 * agent), identity and clock — off the true time by up to ±5 s. Every write that lands, in the
 * cluster or in the cloud, is entered in one {@link WriteLedger} in the order it landed, with the
 * lease writes that divide it into terms: in every term, only the term's holder's writes land.
 */
class ScanRacesTest {
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  /** The clocks of the actors, in order: each off the true time by at most 5 s. */
  static final List<Duration> SKEWS =
      Stream.of(-5, 5, 0, -3, 3).map(s -> Duration.ofSeconds(s)).toList();

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final WriteLedger ledger = new WriteLedger();
  final RaceCloud cloud = new RaceCloud(ledger, 2);
  final ExecutorService pool = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  static Stream<Integer> actors() {
    return Stream.of(2, 3, 5);
  }

  @ParameterizedTest(name = "{0} concurrent full scans, three rounds: one acts per round")
  @MethodSource("actors")
  void ofConcurrentScansExactlyOnesWritesLandPerLeaseTerm(int n) throws Exception {
    fullNodes("n1", "n2");
    cluster.record(ledger);
    List<String> actedBy = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      pending("round-" + round, 45); // more than one new node holds: every round scales up
      List<ScanReport> reports = race(actors("r" + round, n), List.of());

      assertThat(reports).filteredOn(r -> r instanceof ScanReport.Completed).hasSize(1);
      assertThat(reports).filteredOn(r -> r instanceof ScanReport.Skipped).hasSize(n - 1);
      actedBy.add("r" + round + "-actor-" + reports.indexOf(completed(reports)));
      clock.advance(Duration.ofSeconds(15));
    }

    assertThat(ledger.violations()).isEmpty();
    assertThat(ledger.terms()).containsExactlyElementsOf(actedBy);
    assertThat(ledger.entries())
        .extracting(WriteLedger.Entry::actor)
        .as("only the holders wrote anything")
        .allMatch(actedBy::contains);
    assertThat(cloud.target()).isGreaterThanOrEqualTo(5);
  }

  record Expiry(int others, int pauseAfterWrites) {
    @Override
    public String toString() {
      return "the lease of an interruption scan runs out after its "
          + pauseAfterWrites
          + (pauseAfterWrites == 1 ? "st" : "th")
          + " write while "
          + others
          + " other scans race for it";
    }
  }

  static Stream<Expiry> expiries() {
    return Stream.of(new Expiry(1, 1), new Expiry(2, 5), new Expiry(4, 20));
  }

  /**
   * Actor A drains a node for a spot warning, then is held between two calls (a frozen function)
   * while its lease runs out and the others race for it; the winner acts; A resumes and must make
   * no further write, its clock 5 s slow, the others' 5 s fast.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("expiries")
  void aLeaseThatRunsOutWhileItsHolderActsFencesTheHoldersLaterWrites(Expiry e) throws Exception {
    fullNodes("n2");
    cluster.admin().nodes().resource(node("n1")).create();
    for (int i = 0; i < 30; i++) {
      cluster.admin().pods().resource(pod("default", "web-" + i, "n1", "web")).create();
      cluster
          .expect()
          .post()
          .withPath("/api/v1/namespaces/default/pods/web-" + i + "/eviction")
          .andReturn(201, "{}")
          .always();
    }
    cluster.record(ledger);
    List<Actor> others = actors("other", e.others()).stream().map(Actor::fast).toList();
    List<ScanReport> othersReports = new ArrayList<>();
    AtomicBoolean held = new AtomicBoolean();
    Actor a =
        new Actor(
            "a",
            Duration.ofSeconds(-5),
            () -> {
              if (writesOf("a") >= e.pauseAfterWrites() && held.compareAndSet(false, true)) {
                clock.advance(Duration.ofSeconds(61)); // frozen past the lease's expiry
                othersReports.addAll(race(others, List.of()));
              }
            });
    var notice =
        new InterruptionNotice(
            "spot-1", Kind.SPOT_WARNING, "i-n1", T0.plusSeconds(120), Optional.empty());

    ScanReport aReport = cycle(a).run(ScanKind.FULL, List.of(notice));

    assertThat(held).as("A was held after write %d", e.pauseAfterWrites()).isTrue();
    assertThat(writesOf("a")).as("A's writes that landed").isEqualTo(e.pauseAfterWrites());
    assertThat(othersReports).filteredOn(r -> r instanceof ScanReport.Completed).hasSize(1);
    assertThat(aReport).isInstanceOf(ScanReport.Completed.class);
    assertThat(((ScanReport.Completed) aReport).warnings())
        .anyMatch(w -> w.startsWith("the state was not saved: write configmap"));
    assertThat(ledger.violations()).isEmpty();
    assertThat(ledger.terms()).hasSize(2).startsWith("a");
  }

  /** One racing actor: its own connection and user agent, identity, clock and view of the cloud. */
  record Actor(String name, Duration skew, Runnable beforeEachRequest) {
    Actor fast() {
      return new Actor(name, Duration.ofSeconds(5), beforeEachRequest);
    }
  }

  private ScanCycle cycle(Actor actor) {
    return new ScanCycle(
        cluster.connect(
            MockCluster.OPTIONS.withUserAgent("skyscaler/" + actor.name()),
            actor.beforeEachRequest()),
        cloud.seenBy(actor.name()),
        ScanSettings.defaults(OptionsParser.parse(Map.of())),
        Clock.offset(clock, actor.skew()),
        actor.name(),
        d -> {});
  }

  private List<Actor> actors(String prefix, int n) {
    List<Actor> actors = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      actors.add(new Actor(prefix + "-actor-" + i, SKEWS.get(i), () -> {}));
    }
    return actors;
  }

  /** Runs a full scan of each actor, all released at once; their reports in the actors' order. */
  private List<ScanReport> race(List<Actor> actors, List<InterruptionNotice> notices) {
    CountDownLatch start = new CountDownLatch(1);
    List<Future<ScanReport>> running = new ArrayList<>();
    for (Actor actor : actors) {
      ScanCycle cycle = cycle(actor);
      Callable<ScanReport> scan =
          () -> {
            start.await();
            return cycle.run(ScanKind.FULL, notices);
          };
      running.add(pool.submit(scan));
    }
    start.countDown();
    List<ScanReport> reports = new ArrayList<>();
    try {
      for (Future<ScanReport> f : running) {
        reports.add(f.get(60, TimeUnit.SECONDS));
      }
    } catch (Exception e) {
      throw new IllegalStateException("a racing scan did not finish", e);
    }
    return reports;
  }

  private static ScanReport completed(List<ScanReport> reports) {
    return reports.stream()
        .filter(r -> r instanceof ScanReport.Completed)
        .findFirst()
        .orElseThrow();
  }

  private long writesOf(String actor) {
    return ledger.entries().stream().filter(w -> w.actor().equals(actor) && !w.isLease()).count();
  }

  /** Nodes whose CPU a pod of 3.8 CPUs takes: a pending pod fits on none of them. */
  private void fullNodes(String... names) {
    for (String name : names) {
      cluster.admin().nodes().resource(node(name)).create();
      var busy = pod("default", "busy-" + name, name, "batch");
      busy.getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .setRequests(Map.of("cpu", new Quantity("3800m")));
      cluster.admin().pods().resource(busy).create();
    }
  }

  private void pending(String prefix, int count) {
    for (int i = 0; i < count; i++) {
      cluster.admin().pods().resource(pod("default", prefix + "-" + i, null, "web")).create();
    }
  }
}
