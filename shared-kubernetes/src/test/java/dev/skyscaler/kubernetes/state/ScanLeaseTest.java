package dev.skyscaler.kubernetes.state;

import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.ScanLease.Acquired;
import dev.skyscaler.kubernetes.state.ScanLease.Acquisition;
import dev.skyscaler.kubernetes.state.ScanLease.HeldByOther;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ScanLeaseTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  final MutableClock clock = new MutableClock(NOW);

  @Test
  void aSecondActorFindsTheLeaseHeldAndSaysItSkipsTheScan() {
    HeldLease held = acquire("actor-a");

    Acquisition second = lease("actor-b").tryAcquire();

    assertThat(held.stillHeld()).isTrue();
    assertThat(second).isInstanceOf(HeldByOther.class);
    assertThat(((HeldByOther) second).describe())
        .isEqualTo(
            "lease kube-system/skyscaler is held by actor-a until 2025-01-31T12:01:00Z:"
                + " skipping this scan");
    Lease stored = stored();
    assertThat(stored.getSpec().getHolderIdentity()).isEqualTo("actor-a");
    assertThat(stored.getSpec().getLeaseDurationSeconds()).isEqualTo(60);
    assertThat(stored.getSpec().getRenewTime().toInstant()).isEqualTo(NOW);
  }

  @Test
  void aReleasedLeaseIsTakenAtOnceByTheNextActor() {
    acquire("actor-a").close();
    clock.advance(Duration.ofSeconds(5));

    Acquisition next = lease("actor-b").tryAcquire();

    assertThat(next).isInstanceOf(Acquired.class);
    assertThat(stored().getSpec().getHolderIdentity()).isEqualTo("actor-b");
    assertThat(stored().getSpec().getLeaseTransitions()).isEqualTo(1);
  }

  @Test
  void theLeaseOfAHolderThatDiedExpiresAndIsTakenOver() {
    acquire("actor-a"); // never renewed, never released
    clock.advance(Duration.ofSeconds(59));
    Acquisition tooEarly = lease("actor-b").tryAcquire();
    clock.advance(Duration.ofSeconds(2));

    Acquisition later = lease("actor-b").tryAcquire();

    assertThat(tooEarly).isInstanceOf(HeldByOther.class);
    assertThat(later).isInstanceOf(Acquired.class);
  }

  @Test
  void aLongScanRenewsItsLeaseAndKeepsOthersOut() {
    HeldLease held = acquire("actor-a");
    clock.advance(Duration.ofSeconds(15));
    assertThat(held.renewIfDue()).isTrue();
    long writesBefore = cluster.writes().size();
    clock.advance(Duration.ofSeconds(10));
    held.renewIfDue(); // 25 s after acquiring: a renewal is due every 20 s
    clock.advance(Duration.ofSeconds(45)); // 70 s after acquiring, 45 s after the renewal

    Acquisition other = lease("actor-b").tryAcquire();

    assertThat(writesBefore).isEqualTo(1);
    assertThat(held.stillHeld()).isTrue();
    assertThat(other).isInstanceOf(HeldByOther.class);
    assertThat(((HeldByOther) other).until()).isEqualTo(NOW.plusSeconds(85));
  }

  @Test
  void aHolderThatStoppedRenewingNoLongerHoldsItByItsOwnClock() {
    HeldLease held = acquire("actor-a");

    clock.advance(Duration.ofSeconds(61));

    assertThat(held.stillHeld()).isFalse();
  }

  @Test
  void aRenewalThatFindsTheLeaseTakenLosesIt() {
    HeldLease held = acquire("actor-a");
    clock.advance(Duration.ofSeconds(61));
    assertThat(lease("actor-b").tryAcquire()).isInstanceOf(Acquired.class);

    boolean renewed = held.renew();

    assertThat(renewed).isFalse();
    assertThat(held.stillHeld()).isFalse();
    held.close();
    assertThat(stored().getSpec().getHolderIdentity()).isEqualTo("actor-b");
  }

  @Test
  void aFailedRenewalKeepsTheLeaseUntilItRunsOut() {
    HeldLease held = acquire("actor-a");
    cluster.fail(call("update", "leases"), 500, 5);
    clock.advance(Duration.ofSeconds(30));

    assertThat(held.renew()).isFalse();
    assertThat(held.stillHeld()).isTrue();
    assertThat(held.expiresAt()).isEqualTo(NOW.plusSeconds(60));
  }

  @Test
  void anActorWhoseWriteComesSecondFindsTheLeaseHeldByTheWinner() {
    acquire("actor-0").close();
    cluster.interleave(
        call("update", "leases"),
        "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/skyscaler",
        "{\"spec\":{\"holderIdentity\":\"actor-a\",\"renewTime\":\"2025-01-31T12:00:00.000000Z\"}}");

    Acquisition b = lease("actor-b").tryAcquire();

    assertThat(b).isInstanceOf(HeldByOther.class);
    assertThat(((HeldByOther) b).holder()).isEqualTo("actor-a");
    assertThat(stored().getSpec().getHolderIdentity()).isEqualTo("actor-a");
  }

  @Test
  void ofTwoActorsRacingForTheLeaseExactlyOneActs() throws Exception {
    for (int round = 0; round < 10; round++) {
      if (round % 2 == 1) {
        // odd rounds race for a released lease (update with one resourceVersion), even for none
        acquire("setup-" + round).close();
      }
      CountDownLatch start = new CountDownLatch(1);
      List<Callable<Acquisition>> actors = new ArrayList<>();
      for (String name : List.of("actor-a-" + round, "actor-b-" + round)) {
        ScanLease lease = lease(name);
        actors.add(
            () -> {
              start.await();
              return lease.tryAcquire();
            });
      }
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<Acquisition>> results = new ArrayList<>();
        actors.forEach(a -> results.add(pool.submit(a)));
        start.countDown();
        List<Acquisition> outcomes = new ArrayList<>();
        for (Future<Acquisition> f : results) {
          outcomes.add(f.get());
        }
        assertThat(outcomes).filteredOn(a -> a instanceof Acquired).hasSize(1);
        assertThat(outcomes).filteredOn(a -> a instanceof HeldByOther).hasSize(1);
        outcomes.stream()
            .filter(a -> a instanceof Acquired)
            .forEach(a -> ((Acquired) a).lease().close());
      } finally {
        pool.shutdownNow();
      }
      cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").delete();
    }
  }

  private HeldLease acquire(String identity) {
    Acquisition a = lease(identity).tryAcquire();
    assertThat(a).isInstanceOf(Acquired.class);
    return ((Acquired) a).lease();
  }

  private ScanLease lease(String identity) {
    return new ScanLease(cluster.connect(), LeaseOptions.DEFAULTS, identity, clock);
  }

  private Lease stored() {
    return cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").get();
  }
}
