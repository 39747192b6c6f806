package dev.skyscaler.core.state;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What must survive between scans, as plain data: maps keyed by node name (sorted, so the same
 * state always serialises the same way), records and instants. The Kubernetes adapter stores it as
 * JSON; a scan never reads a clock, so every time in here came from a scan's {@code now}.
 *
 * @param unneededSince when each node in the removable set became unneeded; a node that drops out
 *     of the set once starts again from zero
 * @param unremovableUntil nodes the removal simulation found unremovable, and when they may be
 *     checked again ({@code --unremovable-node-recheck-timeout})
 * @param drains removals in progress, by node
 * @param lastScaleUp when the last scale-up was planned; {@link #NEVER} when none was
 * @param lastScaleDown when the last node removal started; {@link #NEVER} when none did
 * @param lastScaleDownFailure when the last node removal failed; {@link #NEVER} when none did
 * @param backoffs node groups backed off after failed scale-ups, by group name
 */
public record AutoscalerState(
    Map<String, Instant> unneededSince,
    Map<String, Instant> unremovableUntil,
    Map<String, Drain> drains,
    Instant lastScaleUp,
    Instant lastScaleDown,
    Instant lastScaleDownFailure,
    HealthState health,
    InterruptionState interruptions,
    Map<String, NodeGroupBackoff> backoffs) {

  /** The time a thing that never happened is recorded at. */
  public static final Instant NEVER = Instant.EPOCH;

  public static final AutoscalerState EMPTY =
      new AutoscalerState(
          Map.of(),
          Map.of(),
          Map.of(),
          NEVER,
          NEVER,
          NEVER,
          HealthState.EMPTY,
          InterruptionState.EMPTY,
          Map.of());

  public AutoscalerState {
    backoffs = sorted(backoffs);
    unneededSince = sorted(unneededSince);
    unremovableUntil = sorted(unremovableUntil);
    drains = sorted(drains);
    drains.forEach(
        (node, d) -> {
          if (!node.equals(d.node())) {
            throw new IllegalArgumentException(
                "drains: the drain under key " + node + " is for node " + d.node());
          }
        });
    Objects.requireNonNull(lastScaleUp, "lastScaleUp");
    Objects.requireNonNull(lastScaleDown, "lastScaleDown");
    Objects.requireNonNull(lastScaleDownFailure, "lastScaleDownFailure");
    Objects.requireNonNull(health, "health");
    Objects.requireNonNull(interruptions, "interruptions");
  }

  /** The state without node-group backoffs. */
  public AutoscalerState(
      Map<String, Instant> unneededSince,
      Map<String, Instant> unremovableUntil,
      Map<String, Drain> drains,
      Instant lastScaleUp,
      Instant lastScaleDown,
      Instant lastScaleDownFailure,
      HealthState health,
      InterruptionState interruptions) {
    this(
        unneededSince,
        unremovableUntil,
        drains,
        lastScaleUp,
        lastScaleDown,
        lastScaleDownFailure,
        health,
        interruptions,
        Map.of());
  }

  /** The scale-down part of the state, with no repairs or interruptions under way. */
  public AutoscalerState(
      Map<String, Instant> unneededSince,
      Map<String, Instant> unremovableUntil,
      Map<String, Drain> drains,
      Instant lastScaleUp,
      Instant lastScaleDown,
      Instant lastScaleDownFailure) {
    this(
        unneededSince,
        unremovableUntil,
        drains,
        lastScaleUp,
        lastScaleDown,
        lastScaleDownFailure,
        HealthState.EMPTY,
        InterruptionState.EMPTY);
  }

  /** This state with the health and interruption policies' states replaced. */
  public AutoscalerState withPolicies(HealthState h, InterruptionState i) {
    return new AutoscalerState(
        unneededSince,
        unremovableUntil,
        drains,
        lastScaleUp,
        lastScaleDown,
        lastScaleDownFailure,
        h,
        i,
        backoffs);
  }

  /** This state with the node-group backoffs replaced. */
  public AutoscalerState withBackoffs(Map<String, NodeGroupBackoff> b) {
    return new AutoscalerState(
        unneededSince,
        unremovableUntil,
        drains,
        lastScaleUp,
        lastScaleDown,
        lastScaleDownFailure,
        health,
        interruptions,
        b);
  }

  private static <V> Map<String, V> sorted(Map<String, V> m) {
    return Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(m)));
  }

  /** This state after a scan that planned a scale-up at {@code now}. */
  public AutoscalerState withLastScaleUp(Instant now) {
    return new AutoscalerState(
        unneededSince,
        unremovableUntil,
        drains,
        now,
        lastScaleDown,
        lastScaleDownFailure,
        health,
        interruptions,
        backoffs);
  }
}
