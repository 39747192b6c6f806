package dev.skyscaler.core;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.InterruptionNotice;
import java.util.List;

/**
 * What the cloud told the autoscaler since the last scan: every instance of the node groups (for
 * instances that never registered, and for health), and the interruption notices received (spot
 * warnings, rebalance recommendations, lifecycle hooks, state changes).
 */
public record CloudObservations(List<CloudInstance> instances, List<InterruptionNotice> notices) {
  /** Nothing observed: what {@code skyscaler plan} on a snapshot has. */
  public static final CloudObservations NONE = new CloudObservations(List.of(), List.of());

  public CloudObservations {
    instances = List.copyOf(instances);
    notices = List.copyOf(notices);
  }
}
