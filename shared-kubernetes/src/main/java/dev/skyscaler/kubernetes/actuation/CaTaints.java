package dev.skyscaler.kubernetes.actuation;

import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.time.Instant;
import java.util.Optional;

/**
 * The taints Cluster Autoscaler puts on nodes, with its value format (the time in Unix seconds), so
 * that tools and habits built around CA keep working: {@code
 * ToBeDeletedByClusterAutoscaler=1738317600:NoSchedule} on a node being removed, {@code
 * DeletionCandidateOfClusterAutoscaler=1738317600:PreferNoSchedule} on an unneeded one.
 */
public final class CaTaints {
  public static final String TO_BE_DELETED = "ToBeDeletedByClusterAutoscaler";
  public static final String DELETION_CANDIDATE = "DeletionCandidateOfClusterAutoscaler";

  private CaTaints() {}

  /** {@code ToBeDeletedByClusterAutoscaler=<unix-seconds>:NoSchedule}. */
  public static Taint toBeDeleted(Instant at) {
    return new Taint(TO_BE_DELETED, Long.toString(at.getEpochSecond()), TaintEffect.NO_SCHEDULE);
  }

  /** {@code DeletionCandidateOfClusterAutoscaler=<unix-seconds>:PreferNoSchedule}. */
  public static Taint deletionCandidate(Instant at) {
    return new Taint(
        DELETION_CANDIDATE, Long.toString(at.getEpochSecond()), TaintEffect.PREFER_NO_SCHEDULE);
  }

  /**
   * When a CA taint was set, from its value; empty for other taints or a value CA did not write.
   */
  public static Optional<Instant> setAt(Taint taint) {
    if (!TO_BE_DELETED.equals(taint.key()) && !DELETION_CANDIDATE.equals(taint.key())) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.ofEpochSecond(Long.parseLong(taint.value())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
