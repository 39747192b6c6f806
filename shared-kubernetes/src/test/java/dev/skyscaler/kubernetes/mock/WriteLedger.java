package dev.skyscaler.kubernetes.mock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Every write that landed, in the cluster ({@link MockCluster#record}) and in a test's cloud, in
 * the one order in which they landed: each is applied and entered under one lock. Lease writes say
 * who holds the lease from then on, which divides the ledger into lease terms; {@link
 * #violations()} names every other write that landed outside its writer's term; a ledger with a
 * clock ({@link #WriteLedger(Clock, Duration)}) also names each write that landed after its term's
 * lease had run out (its last renewal plus the lease's duration), though no one had taken it over.
 */
public final class WriteLedger {
  /**
   * One write that landed.
   *
   * @param actor who wrote it
   * @param what the write, for messages
   * @param holder for a write of the lease: who holds it after the write (empty: released); null
   *     for other writes
   * @param renewed for a write of the lease, the renewal time it wrote; null when unknown
   */
  public record Entry(String actor, String what, String holder, Instant renewed) {
    public Entry {
      Objects.requireNonNull(actor, "actor");
      Objects.requireNonNull(what, "what");
    }

    public Entry(String actor, String what, String holder) {
      this(actor, what, holder, null);
    }

    public boolean isLease() {
      return holder != null;
    }
  }

  private final List<Entry> entries = new ArrayList<>();
  private final List<Instant> landed = new ArrayList<>();
  private final Clock clock;
  private final Duration leaseDuration;

  /** A ledger of who wrote in whose term, without times. */
  public WriteLedger() {
    this(null, null);
  }

  /**
   * A ledger that also stamps each write with {@code clock} and checks it against the lease's
   * expiry: {@code leaseDuration} after the renewal its term last wrote.
   */
  public WriteLedger(Clock clock, Duration leaseDuration) {
    this.clock = clock;
    this.leaseDuration = leaseDuration;
  }

  /**
   * Applies {@code write} and enters what it did, atomically with respect to every other write
   * entered here.
   *
   * @param entry the entry for the write's result; null when it did not land (refused, a read)
   */
  public synchronized <T> T land(Supplier<T> write, Function<T, Entry> entry) {
    T result = write.get();
    Entry e = entry.apply(result);
    if (e != null) {
      entries.add(e);
      landed.add(clock == null ? null : clock.instant());
    }
    return result;
  }

  public synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** The holder of each lease term, in order (a released lease is no term). */
  public synchronized List<String> terms() {
    List<String> terms = new ArrayList<>();
    String holder = "";
    for (Entry e : entries) {
      if (e.isLease() && !e.holder().equals(holder)) {
        holder = e.holder();
        if (!holder.isEmpty()) {
          terms.add(holder);
        }
      }
    }
    return terms;
  }

  /** Each write that landed while its writer did not hold the lease, with whose term it fell in. */
  public synchronized List<String> violations() {
    List<String> found = new ArrayList<>();
    String holder = "";
    Instant expiry = null;
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      Instant at = landed.get(i);
      if (e.isLease() && (e.actor().equals(e.holder()) || e.holder().isEmpty())) {
        holder = e.holder();
        expiry =
            e.renewed() == null || leaseDuration == null ? null : e.renewed().plus(leaseDuration);
      } else if (e.isLease()) {
        found.add(e.actor() + " wrote the lease for " + e.holder() + " during " + term(holder));
      } else if (!e.actor().equals(holder)) {
        found.add(e.what() + " by " + e.actor() + " landed during " + term(holder));
      } else if (at != null && expiry != null && !at.isBefore(expiry)) {
        found.add(
            e.what()
                + " by "
                + e.actor()
                + " landed at "
                + at
                + ", after its lease ran out at "
                + expiry);
      }
    }
    return found;
  }

  private static String term(String holder) {
    return holder.isEmpty() ? "no lease term" : "the lease term of " + holder;
  }
}
