package dev.skyscaler.kubernetes.state;

import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.ScanLease.Acquired;
import dev.skyscaler.kubernetes.state.ScanLease.HeldByOther;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lease as the fence of a scan's writes ({@link HeldLease#admit}): each write is admitted only
 * with fresh proof that the lease is the holder's (a renewal, or a read showing the version last
 * written), and gets the time left less the clock skew allowed; a holder that cannot prove it fails
 * closed.
 */
class LeaseFenceTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");
  static final String LEASE =
      "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/skyscaler";

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(NOW);

  @Test
  void aWriteIsAdmittedAfterAReadOfTheLeaseWithTheTimeLeftLessTheClockSkew() {
    HeldLease held = acquire("actor-a", clock);
    clock.advance(Duration.ofSeconds(5));
    cluster.clearCalls();

    Duration budget = held.admit("patch node n1");

    assertThat(budget).isEqualTo(Duration.ofSeconds(45));
    assertThat(cluster.calls())
        .extracting(c -> c.verb() + " " + c.resource())
        .containsExactly("get leases");
  }

  @Test
  void aWriteOnceAThirdOfTheDurationHasPassedRenewsTheLeaseFirst() {
    HeldLease held = acquire("actor-a", clock);
    clock.advance(Duration.ofSeconds(25));
    cluster.clearCalls();

    Duration budget = held.admit("patch node n1");

    assertThat(budget).isEqualTo(Duration.ofSeconds(50));
    assertThat(cluster.calls())
        .extracting(c -> c.verb() + " " + c.resource())
        .containsExactly("update leases");
    assertThat(stored().getSpec().getRenewTime().toInstant()).isEqualTo(NOW.plusSeconds(25));
  }

  @Test
  void aHolderWhoseLeaseWasTakenOverIsRefusedThisWriteAndEveryLaterOne() {
    HeldLease late = acquire("actor-a", clock);
    clock.advance(Duration.ofSeconds(61)); // actor-a froze; its lease ran out
    acquire("actor-b", clock);

    assertThatThrownBy(() -> late.admit("patch node n1"))
        .isInstanceOf(WriteRefusedException.class)
        .hasMessage(
            "patch node n1: not made: lease kube-system/skyscaler was written by another actor"
                + " since it was renewed");
    assertThatThrownBy(() -> late.admit("evict pod default/web-1"))
        .hasMessage(
            "evict pod default/web-1: not made: lease kube-system/skyscaler was written by"
                + " another actor since it was renewed");
    assertThat(stored().getSpec().getHolderIdentity()).isEqualTo("actor-b");
  }

  @Test
  void aLeaseRewrittenUnderTheHolderWithinItsTermIsCaughtByTheReadBeforeTheWrite() {
    HeldLease held = acquire("actor-a", clock);
    cluster.interleave(
        call("get", "leases"), LEASE, "{\"spec\":{\"holderIdentity\":\"operator\"}}");

    assertThatThrownBy(() -> held.admit("patch node n1"))
        .isInstanceOf(WriteRefusedException.class)
        .hasMessage("patch node n1: not made: lease kube-system/skyscaler is now held by operator");
  }

  @Test
  void aDeletedLeaseRefusesTheWrite() {
    HeldLease held = acquire("actor-a", clock);
    cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").delete();

    assertThatThrownBy(() -> held.admit("patch node n1"))
        .hasMessage("patch node n1: not made: lease kube-system/skyscaler was deleted");
  }

  @Test
  void aLeaseThatCannotBeReadRefusesTheWriteRatherThanGuess() {
    HeldLease held = acquire("actor-a", clock);
    cluster.fail(call("get", "leases"), 500, 2);

    assertThatThrownBy(() -> held.admit("patch node n1"))
        .isInstanceOf(WriteRefusedException.class)
        .hasMessage(
            "patch node n1: not made: cannot confirm lease kube-system/skyscaler: get lease"
                + " kube-system/skyscaler: HTTP 500 InternalError: injected fault");
  }

  @Test
  void aFailedRenewalFallsBackToAReadAndAdmitsWithTheTimeLeft() {
    HeldLease held = acquire("actor-a", clock);
    clock.advance(Duration.ofSeconds(25));
    cluster.fail(call("update", "leases"), 500, 2);

    assertThat(held.admit("patch node n1")).isEqualTo(Duration.ofSeconds(25));
  }

  @Test
  void tooLittleTimeLeftAndNoRenewalRefusesTheWrite() {
    HeldLease held = acquire("actor-a", clock);
    clock.advance(Duration.ofSeconds(47));
    cluster.fail(call("update", "leases"), 500, 2);

    assertThatThrownBy(() -> held.admit("patch node n1"))
        .hasMessage(
            "patch node n1: not made: lease kube-system/skyscaler has 3000 ms left before"
                + " 2025-01-31T12:00:50Z (its expiry less the 10 s of clock skew allowed) and could"
                + " not be renewed");
  }

  /**
   * Two actors whose clocks are off the true time by {@code a} and {@code b}: the holder's last
   * admitted write ends before the other may take the lease over, as long as the clocks disagree by
   * no more than the skew allowed.
   */
  record Skew(String name, int a, int b, int allowed, boolean overlap) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Skew> skews() {
    return Stream.of(
        new Skew("both clocks true", 0, 0, 10, false),
        new Skew(
            "holder 5 s slow, other 5 s fast: the worst case the default covers", -5, 5, 10, false),
        new Skew("holder 5 s fast, other 5 s slow", 5, -5, 10, false),
        new Skew("both 5 s slow", -5, -5, 10, false),
        new Skew(
            "holder 5 s slow, other 5 s fast, no skew allowed: the writes overlap", -5, 5, 0, true),
        new Skew(
            "holder 8 s slow, other 8 s fast: past the assumption, they overlap", -8, 8, 10, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("skews")
  void theHoldersWritesEndBeforeAnotherClockSaysTheLeaseRanOut(Skew s) {
    Clock holderClock = Clock.offset(clock, Duration.ofSeconds(s.a()));
    Clock otherClock = Clock.offset(clock, Duration.ofSeconds(s.b()));
    LeaseOptions options =
        new LeaseOptions(
            "kube-system", "skyscaler", Duration.ofSeconds(60), Duration.ofSeconds(s.allowed()));
    HeldLease held = acquire("holder", holderClock, options);
    AtomicBoolean holderCut = new AtomicBoolean(true); // the holder cannot renew any more
    cluster.fail(c -> holderCut.get() && call("update", "leases").test(c), 500, 1000);

    // the holder writes as late as it is let: its last admitted write ends at writesEnd
    Instant writesEnd = NOW;
    clock.advance(Duration.ofSeconds(30)); // nothing happens in the first half: skip it
    for (int second = 31; second < 70; second++) {
      clock.advance(Duration.ofSeconds(1));
      try {
        writesEnd = clock.instant().plus(held.admit("patch node n1"));
      } catch (WriteRefusedException e) {
        break;
      }
    }
    // the other actor's first successful take-over, probed second by second from the start
    holderCut.set(false);
    clock.advance(Duration.between(clock.instant(), NOW.plusSeconds(30)));
    Instant takeover = null;
    ScanLease other = new ScanLease(cluster.connect(), options, "other", otherClock);
    cluster.clearCalls();
    for (int second = 30; second < 80 && takeover == null; second++) {
      if (other.tryAcquire() instanceof Acquired a) {
        takeover = clock.instant();
        a.lease().close();
      }
      clock.advance(Duration.ofSeconds(1));
    }

    assertThat(takeover).isNotNull();
    assertThat(writesEnd.isAfter(takeover))
        .as("holder's writes end at %s, the other takes over at %s", writesEnd, takeover)
        .isEqualTo(s.overlap());
  }

  private HeldLease acquire(String identity, Clock c) {
    return acquire(identity, c, LeaseOptions.DEFAULTS);
  }

  private HeldLease acquire(String identity, Clock c, LeaseOptions options) {
    var a = new ScanLease(cluster.connect(), options, identity, c).tryAcquire();
    assertThat(a).isNotInstanceOf(HeldByOther.class);
    return ((Acquired) a).lease();
  }

  private io.fabric8.kubernetes.api.model.coordination.v1.Lease stored() {
    return cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").get();
  }
}
