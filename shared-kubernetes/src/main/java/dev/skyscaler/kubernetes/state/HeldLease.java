package dev.skyscaler.kubernetes.state;

import dev.skyscaler.kubernetes.KubernetesApiException;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Objects;

/**
 * The scan's hold on the {@link ScanLease}, and the {@link WriteFence} of its writes. Each write is
 * admitted only with proof that the lease is still this actor's, taken just before it:
 *
 * <ul>
 *   <li>a renewal, when a third of the lease's duration has passed since the last one (or too
 *       little time would be left): an update carrying the {@code resourceVersion} last written,
 *       which the API server refuses (409) once anyone else wrote the lease;
 *   <li>otherwise a read of the lease, which must still show this actor and that {@code
 *       resourceVersion}.
 * </ul>
 *
 * The write then gets what is left of the lease by this actor's clock, less {@link
 * ScanLease.LeaseOptions#clockSkew()}: another actor takes the lease over only once its own clock
 * passes {@code renewTime + duration}, and its clock may run that far ahead. A write that cannot be
 * admitted (the lease was taken or deleted, cannot be read, or has too little time left) is refused
 * with {@link WriteRefusedException}, and so is every later write of the scan: it fails closed.
 * Closing releases the lease so the next scan need not wait for it to expire.
 */
public final class HeldLease implements WriteFence, AutoCloseable {
  /** The least time a write is admitted with; less, and the lease is renewed first. */
  static final Duration MIN_WRITE_TIME = Duration.ofSeconds(5);

  private final ScanLease owner;
  private final Duration duration;
  private final Duration skew;
  private Lease current;
  private Instant renewedAt;
  private boolean lost;
  private String refusal;

  HeldLease(ScanLease owner, Lease current, Instant renewedAt) {
    this.owner = owner;
    this.current = current;
    this.renewedAt = renewedAt;
    this.duration = owner.options().duration();
    this.skew = owner.options().clockSkew();
  }

  /** True while no write was refused and the lease has time left by this actor's clock. */
  public synchronized boolean stillHeld() {
    return refusal == null && owner.clock().instant().isBefore(usableUntil());
  }

  /** When the lease runs out unless renewed, by this actor's clock. */
  public synchronized Instant expiresAt() {
    return renewedAt.plus(duration);
  }

  /** When this actor stops writing unless it renews: the expiry less the clock skew allowed. */
  public synchronized Instant usableUntil() {
    return renewedAt.plus(duration).minus(skew);
  }

  @Override
  public synchronized Duration admit(String write) {
    Objects.requireNonNull(write, "write");
    if (refusal != null) {
      throw new WriteRefusedException(write + ": not made: " + refusal);
    }
    Instant now = owner.clock().instant();
    boolean renewed = renewalDue(now) && renew();
    if (!renewed) {
      confirm();
    }
    if (refusal == null) {
      Duration left = Duration.between(owner.clock().instant(), usableUntil());
      if (left.compareTo(MIN_WRITE_TIME) < 0) {
        refusal =
            "lease "
                + owner.describe()
                + " has "
                + left.toMillis()
                + " ms left before "
                + usableUntil()
                + " (its expiry less the "
                + skew.toSeconds()
                + " s of clock skew allowed) and could not be renewed";
      } else {
        return left;
      }
    }
    throw new WriteRefusedException(write + ": not made: " + refusal);
  }

  @Override
  public synchronized Duration timeLeft() {
    if (refusal != null) {
      return Duration.ZERO;
    }
    Duration left = Duration.between(owner.clock().instant(), usableUntil());
    return left.isNegative() ? Duration.ZERO : left;
  }

  private boolean renewalDue(Instant now) {
    return !now.isBefore(renewedAt.plus(duration.dividedBy(3)))
        || Duration.between(now, usableUntil()).compareTo(duration.dividedBy(3)) < 0;
  }

  /**
   * Renews the lease now. False when it was lost (another actor wrote it: a 409, or it is gone) or
   * the renewal failed; a failed call leaves the lease as it was, and it runs out unless a later
   * renewal succeeds.
   */
  public synchronized boolean renew() {
    if (lost) {
      return false;
    }
    Instant now = owner.clock().instant();
    var spec = current.getSpec();
    Lease renewed =
        owner.lease(
            current.getMetadata().getResourceVersion(),
            ScanLease.parse(spec.getAcquireTime(), now),
            spec.getLeaseTransitions() == null ? 0 : spec.getLeaseTransitions(),
            now);
    try {
      current = owner.client().leases().resource(renewed).update();
      renewedAt = now;
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409 || e.getCode() == 404) {
        lose("lease " + owner.describe() + " was written by another actor since it was renewed");
      }
      return false;
    }
  }

  /** Renews when a third of the lease's duration has passed since the last renewal. */
  public synchronized boolean renewIfDue() {
    if (owner.clock().instant().isBefore(renewedAt.plus(duration.dividedBy(3)))) {
      return stillHeld();
    }
    return renew();
  }

  /**
   * Reads the lease: it must still name this actor with the version last written. The same holder
   * with a newer version is this actor's own renewal whose answer was lost: adopted.
   */
  private void confirm() {
    if (lost) {
      return;
    }
    Lease read;
    try {
      read = owner.get();
    } catch (KubernetesApiException e) {
      refusal = "cannot confirm lease " + owner.describe() + ": " + e.getMessage();
      return;
    }
    String holder =
        read == null || read.getSpec() == null ? null : read.getSpec().getHolderIdentity();
    if (read == null) {
      lose("lease " + owner.describe() + " was deleted");
    } else if (!owner.identity().equals(holder)) {
      lose("lease " + owner.describe() + " is now held by " + (holder == null ? "nobody" : holder));
    } else if (!Objects.equals(
        read.getMetadata().getResourceVersion(), current.getMetadata().getResourceVersion())) {
      current = read;
      renewedAt = ScanLease.parse(read.getSpec().getRenewTime(), renewedAt);
    }
  }

  private void lose(String why) {
    lost = true;
    refusal = why;
  }

  /** Frees the lease, unless it was lost. Never throws. */
  @Override
  public synchronized void close() {
    if (lost) {
      return;
    }
    lost = true;
    refusal = "lease " + owner.describe() + " was released";
    Lease released =
        new LeaseBuilder(current)
            .editSpec()
            .withHolderIdentity(null)
            .withRenewTime(ZonedDateTime.ofInstant(owner.clock().instant(), ZoneOffset.UTC))
            .endSpec()
            .build();
    try {
      owner.client().leases().resource(released).update();
    } catch (KubernetesClientException e) {
      // a lease that cannot be released runs out by itself
    }
  }

  @Override
  public String toString() {
    return "lease " + owner.describe() + " held by " + owner.identity();
  }
}
