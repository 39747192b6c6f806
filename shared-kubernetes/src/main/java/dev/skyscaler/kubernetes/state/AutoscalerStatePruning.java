package dev.skyscaler.kubernetes.state;

import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.state.StateStore.StatePruning;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Drops the per-node entries of {@link AutoscalerState} whose node is gone before the state is
 * stored: unneeded-since times, unremovable-until times and drains (the scale-down state machine
 * forgets a drain whose node is gone in the same scan). The health and interruption states and the
 * node-group backoffs are kept whole: they are keyed by group and instance, and forget their
 * entries on their own schedule.
 */
public final class AutoscalerStatePruning implements StatePruning<AutoscalerState> {
  @Override
  public AutoscalerState keepOnly(AutoscalerState s, Set<String> nodes) {
    return new AutoscalerState(
        only(s.unneededSince(), nodes),
        only(s.unremovableUntil(), nodes),
        only(s.drains(), nodes),
        s.lastScaleUp(),
        s.lastScaleDown(),
        s.lastScaleDownFailure(),
        s.health(),
        s.interruptions(),
        s.backoffs());
  }

  private static <V> Map<String, V> only(Map<String, V> m, Set<String> nodes) {
    Map<String, V> kept = new TreeMap<>(m);
    kept.keySet().retainAll(nodes);
    return kept;
  }
}
