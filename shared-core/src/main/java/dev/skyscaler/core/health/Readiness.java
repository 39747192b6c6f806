package dev.skyscaler.core.health;

import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeCondition;
import dev.skyscaler.core.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** How Cluster Autoscaler classifies a node's readiness, and since when it is not Ready. */
final class Readiness {
  private static final List<String> LEAVING_TAINTS =
      List.of("ToBeDeletedByClusterAutoscaler", InterruptionPolicy.TAINT_KEY);

  private Readiness() {}

  /**
   * When the node stopped being Ready (its Ready condition's last transition; its creation when it
   * reports no Ready condition), or empty when it is Ready.
   */
  static Optional<Instant> unhealthySince(Node n) {
    if (n.ready()) {
      return Optional.empty();
    }
    return Optional.of(
        n.condition("Ready").map(NodeCondition::lastTransitionTime).orElse(n.creationTime()));
  }

  /** CA's NotStarted: not Ready yet, and younger than {@code --max-node-startup-time}. */
  static boolean booting(Node n, Instant now, Duration startupTime) {
    return !n.ready() && Duration.between(n.creationTime(), now).compareTo(startupTime) < 0;
  }

  /** CA's Unready (LongNotStarted included): not Ready, and not booting. */
  static boolean unready(Node n, Instant now, Duration startupTime) {
    return !n.ready() && !booting(n, now, startupTime);
  }

  /**
   * The taint of a node on its way out — scale-down's {@code ToBeDeletedByClusterAutoscaler} or an
   * interruption's {@code skyscaler.dev/interrupted} — if it has one. Such a node going NotReady is
   * expected: CA counts nodes being deleted apart from the unready ones.
   */
  static Optional<String> leavingTaint(Node n) {
    return n.taints().stream().map(Taint::key).filter(LEAVING_TAINTS::contains).findFirst();
  }
}
