package dev.skyscaler.kubernetes.state;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The scan's hold on the {@link ScanLease}. A long scan renews it ({@link #renewIfDue()} between
 * steps, or {@link #renewInBackground()}); writers ask {@link #stillHeld()} before each write and
 * stop once it is false: after a renewal found another holder, or when the lease has run out by
 * this actor's clock because renewals stopped (a frozen function). Closing releases the lease so
 * the next scan need not wait for it to expire.
 */
public final class HeldLease implements AutoCloseable {
  private final ScanLease owner;
  private final Duration duration;
  private Lease current;
  private volatile Instant renewedAt;
  private volatile boolean lost;
  private ScheduledExecutorService renewer;

  HeldLease(ScanLease owner, Lease current, Instant renewedAt) {
    this.owner = owner;
    this.current = current;
    this.renewedAt = renewedAt;
    this.duration = owner.options().duration();
  }

  /** True while the lease is this actor's and has not run out. */
  public boolean stillHeld() {
    return !lost && owner.clock().instant().isBefore(renewedAt.plus(duration));
  }

  /** When the lease runs out unless renewed. */
  public Instant expiresAt() {
    return renewedAt.plus(duration);
  }

  /**
   * Renews the lease now. False when it was lost: another actor wrote it (a 409, or it names
   * another holder). A failed call leaves the lease as it was; it runs out unless a later renewal
   * succeeds.
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
        lost = true;
      }
      return !lost;
    }
  }

  /** Renews when a third of the lease's duration has passed since the last renewal. */
  public boolean renewIfDue() {
    if (owner.clock().instant().isBefore(renewedAt.plus(duration.dividedBy(3)))) {
      return stillHeld();
    }
    return renew();
  }

  /** Renews every third of the lease's duration on a daemon thread, until {@link #close()}. */
  public synchronized void renewInBackground() {
    if (renewer != null) {
      return;
    }
    renewer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "skyscaler-lease");
              t.setDaemon(true);
              return t;
            });
    long period = Math.max(1, duration.toMillis() / 3);
    renewer.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
  }

  /** Stops renewing and frees the lease, unless it was already lost. Never throws. */
  @Override
  public synchronized void close() {
    if (renewer != null) {
      renewer.shutdownNow();
      renewer = null;
    }
    if (lost) {
      return;
    }
    lost = true;
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
