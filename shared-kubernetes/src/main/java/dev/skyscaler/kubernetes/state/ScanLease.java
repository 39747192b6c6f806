package dev.skyscaler.kubernetes.state;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.KubernetesConnection;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Objects;

/**
 * Mutual exclusion between scans: a {@code coordination.k8s.io/v1} Lease ({@code
 * kube-system/skyscaler} by default) held for the length of one scan, so that two overlapping
 * invocations (a retry, a manual run, the AWS and the Azure functions of one cluster) never both
 * act. Every write carries the {@code resourceVersion} it read, so of two actors racing for a free
 * lease exactly one wins; the other finds it held and skips its scan.
 *
 * <p>A holder that dies stops renewing, and its lease expires {@code duration} after the last
 * renewal. Expiry is judged by the reader's clock against the holder's {@code renewTime}, so the
 * holder itself stops writing {@code clockSkew} earlier ({@link HeldLease}): with clocks that
 * disagree by no more than that, a holder's writes end before anyone else may take the lease over.
 */
public final class ScanLease {
  private final KubernetesClient client;
  private final LeaseOptions options;
  private final String identity;
  private final Clock clock;

  /**
   * @param duration how long the lease stands without a renewal
   * @param clockSkew the most two actors' clocks may disagree: the holder stops writing this long
   *     before its lease runs out by its own clock, since another actor's clock may run ahead by as
   *     much and take the lease over then
   */
  public record LeaseOptions(String namespace, String name, Duration duration, Duration clockSkew) {
    /**
     * {@code kube-system/skyscaler}, 60 seconds, clocks within 10 seconds of each other (each
     * within 5 seconds of the true time).
     */
    public static final LeaseOptions DEFAULTS =
        new LeaseOptions(
            "kube-system", "skyscaler", Duration.ofSeconds(60), Duration.ofSeconds(10));

    public LeaseOptions {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
      if (duration == null || duration.getSeconds() < 1) {
        throw new IllegalArgumentException("lease duration must be at least 1 second");
      }
      if (clockSkew == null
          || clockSkew.isNegative()
          || clockSkew.compareTo(duration.dividedBy(2)) >= 0) {
        throw new IllegalArgumentException(
            "lease clock skew must be at least 0 and under half the lease duration ("
                + duration
                + "), got "
                + clockSkew);
      }
    }

    /** These options with another duration, the clock skew allowed unchanged. */
    public LeaseOptions withDuration(Duration d) {
      return new LeaseOptions(namespace, name, d, clockSkew);
    }
  }

  /** The result of {@link #tryAcquire()}. */
  public sealed interface Acquisition permits Acquired, HeldByOther {}

  /** This actor holds the lease: scan, then close it. */
  public record Acquired(HeldLease lease) implements Acquisition {}

  /** Another actor holds the lease: skip this scan. */
  public record HeldByOther(String lease, String holder, Instant until) implements Acquisition {
    /** {@code lease kube-system/skyscaler is held by ... until ...: skipping this scan}. */
    public String describe() {
      return "lease "
          + lease
          + " is held by "
          + holder
          + " until "
          + until
          + ": skipping this scan";
    }
  }

  /**
   * @param identity who this actor is, as other actors will see it (e.g. {@code aws-lambda/<request
   *     id>}); unique per invocation
   */
  public ScanLease(
      KubernetesConnection connection, LeaseOptions options, String identity, Clock clock) {
    this.client = connection.client();
    this.options = Objects.requireNonNull(options, "options");
    if (identity == null || identity.isBlank()) {
      throw new IllegalArgumentException("lease identity must not be blank");
    }
    this.identity = identity;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Takes the lease if it is free, expired or already this actor's.
   *
   * @throws KubernetesApiException when the Lease cannot be read or written (other than losing a
   *     race, which is {@link HeldByOther})
   */
  public Acquisition tryAcquire() {
    Lease current = get();
    Instant now = clock.instant();
    if (current == null) {
      try {
        return acquired(client.leases().resource(lease(null, now, 0, now)).create(), now);
      } catch (KubernetesClientException e) {
        return lostRace(e);
      }
    }
    var spec = current.getSpec();
    String holder = spec == null ? null : spec.getHolderIdentity();
    if (holder != null && !holder.isEmpty() && !holder.equals(identity)) {
      Instant until = expiry(current);
      if (until.isAfter(now)) {
        return new HeldByOther(describe(), holder, until);
      }
    }
    boolean takeover = !identity.equals(holder);
    int transitions =
        spec == null || spec.getLeaseTransitions() == null ? 0 : spec.getLeaseTransitions();
    Lease wanted =
        lease(
            current.getMetadata().getResourceVersion(),
            takeover ? now : parse(spec.getAcquireTime(), now),
            takeover ? transitions + 1 : transitions,
            now);
    try {
      return acquired(client.leases().resource(wanted).update(), now);
    } catch (KubernetesClientException e) {
      return lostRace(e);
    }
  }

  private Acquired acquired(Lease lease, Instant now) {
    return new Acquired(new HeldLease(this, lease, now));
  }

  /** A 409 on create or update: another actor wrote first, and now holds the lease. */
  private Acquisition lostRace(KubernetesClientException e) {
    if (e.getCode() != 409) {
      throw KubernetesApiException.of("write lease " + describe(), e);
    }
    Lease winner = get();
    String holder =
        winner == null || winner.getSpec() == null
            ? "another actor"
            : winner.getSpec().getHolderIdentity();
    Instant until = winner == null ? clock.instant() : expiry(winner);
    return new HeldByOther(describe(), holder, until);
  }

  Lease get() {
    try {
      return client.leases().inNamespace(options.namespace()).withName(options.name()).get();
    } catch (KubernetesClientException e) {
      throw KubernetesApiException.of("get lease " + describe(), e);
    }
  }

  /** The lease this actor would write: held by it, renewed at {@code renewed}. */
  Lease lease(String resourceVersion, Instant acquired, int transitions, Instant renewed) {
    return new LeaseBuilder()
        .withNewMetadata()
        .withNamespace(options.namespace())
        .withName(options.name())
        .withResourceVersion(resourceVersion)
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(identity)
        .withLeaseDurationSeconds((int) options.duration().getSeconds())
        .withAcquireTime(ZonedDateTime.ofInstant(acquired, ZoneOffset.UTC))
        .withRenewTime(ZonedDateTime.ofInstant(renewed, ZoneOffset.UTC))
        .withLeaseTransitions(transitions)
        .endSpec()
        .build();
  }

  Instant expiry(Lease lease) {
    var spec = lease.getSpec();
    Instant renewed = parse(spec.getRenewTime(), Instant.EPOCH);
    long seconds =
        spec.getLeaseDurationSeconds() == null
            ? options.duration().getSeconds()
            : spec.getLeaseDurationSeconds();
    return renewed.plusSeconds(seconds);
  }

  static Instant parse(ZonedDateTime t, Instant fallback) {
    return t == null ? fallback : t.toInstant();
  }

  KubernetesClient client() {
    return client;
  }

  Clock clock() {
    return clock;
  }

  LeaseOptions options() {
    return options;
  }

  String identity() {
    return identity;
  }

  String describe() {
    return options.namespace() + "/" + options.name();
  }
}
