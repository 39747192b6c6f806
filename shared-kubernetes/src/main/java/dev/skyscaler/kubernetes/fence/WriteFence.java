package dev.skyscaler.kubernetes.fence;

import java.time.Duration;

/**
 * What every write of a scan passes first, to the cluster and to the cloud alike: proof that the
 * scan's lease is its own at that moment, and how long the write may take so that it ends before
 * any other actor may take the lease. A write the fence refuses is not made: the scan fails closed
 * and the next scan plans again from what the cluster and the cloud then show.
 */
@FunctionalInterface
public interface WriteFence {
  /** No bound of the fence's own: the connection's timeouts and retries apply as configured. */
  Duration UNBOUNDED = Duration.ofDays(1);

  /** For writers that act alone, without a lease (tests, tools): admits every write. */
  WriteFence NONE = write -> UNBOUNDED;

  /**
   * Admits one write: every attempt and retry of it must end within the answer.
   *
   * @param write what is about to be written, for a refusal's message (e.g. {@code patch node n1})
   * @return how long the write may take
   * @throws WriteRefusedException when the lease is not provably this actor's: the write must not
   *     be made
   */
  Duration admit(String write);

  /**
   * What is left, now, of the time granted to the writes admitted so far, by the fence's own clock;
   * zero once it has run out or a write was refused. Asked again just before each request of an
   * admitted write leaves, so that a writer held up between its admission and its request (a pause
   * of the process) does not send it late.
   */
  default Duration timeLeft() {
    return UNBOUNDED;
  }
}
