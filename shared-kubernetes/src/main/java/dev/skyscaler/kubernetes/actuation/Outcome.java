package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.plan.action.Action;
import java.util.Objects;

/**
 * What happened to one action.
 *
 * @param detail one sentence for people, e.g. {@code a PodDisruptionBudget allows no disruption of
 *     default/web-1 now; the next scan tries again}
 */
public record Outcome(Action action, Result result, String detail) {
  /** How an action ended. */
  public enum Result {
    /** The cluster changed as asked. */
    DONE,
    /** The cluster already was as asked (actions are idempotent). */
    UNCHANGED,
    /** The API said no for now (an eviction a PodDisruptionBudget forbids): try again later. */
    REFUSED,
    /** The object is gone (or a pod left the node): nothing left to do. */
    GONE,
    /** Deliberately not carried out (a mirror pod, a rate-limited event, a lost lease). */
    SKIPPED,
    /** The API call failed after retries: the next scan plans it again. */
    FAILED
  }

  public Outcome {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(detail, "detail");
  }

  /** True when the action did not happen and a later scan must try again: failed or refused. */
  public boolean unsuccessful() {
    return result == Result.FAILED || result == Result.REFUSED;
  }

  @Override
  public String toString() {
    return result + ": " + action.describe() + (detail.isEmpty() ? "" : " (" + detail + ")");
  }
}
