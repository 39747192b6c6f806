package dev.skyscaler.core.state;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the health policy keeps between scans (persisted with the autoscaler state, as JSON).
 *
 * @param repairs the repair in progress, by node group: at most one per group
 * @param deletions unregistered instances whose deletion was requested, by instance key ({@link
 *     dev.skyscaler.core.cloud.ProviderIds#instanceKey}), with the time; not requested again before
 *     {@code --repair-step-timeout}, and forgotten once the cloud no longer lists them
 * @param shortfalls node groups whose target is above their instances, by group; a state written
 *     before this field reads as none
 */
public record HealthState(
    Map<String, RepairRecord> repairs,
    Map<String, Instant> deletions,
    Map<String, TargetShortfall> shortfalls) {
  public static final HealthState EMPTY = new HealthState(Map.of(), Map.of(), Map.of());

  public HealthState {
    repairs = Collections.unmodifiableMap(new TreeMap<>(repairs));
    deletions = Collections.unmodifiableMap(new TreeMap<>(deletions));
    shortfalls =
        Collections.unmodifiableMap(new TreeMap<>(shortfalls == null ? Map.of() : shortfalls));
  }

  /** Repairs and deletions, no shortfall. */
  public HealthState(Map<String, RepairRecord> repairs, Map<String, Instant> deletions) {
    this(repairs, deletions, Map.of());
  }
}
