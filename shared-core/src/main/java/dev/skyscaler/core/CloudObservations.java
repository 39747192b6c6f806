package dev.skyscaler.core;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.TerminationWait;
import java.util.List;

/**
 * What the cloud told the autoscaler since the last scan: every instance of the node groups (for
 * instances that never registered, and for health), and the interruption notices received (spot
 * warnings, rebalance recommendations, lifecycle hooks, state changes), and the instances the cloud
 * holds in a termination hook now ({@link TerminationWait}), which stand for a lost hook notice.
 */
public record CloudObservations(
    List<CloudInstance> instances, List<InterruptionNotice> notices, List<TerminationWait> waits) {
  /** Nothing observed: what {@code skyscaler plan} on a snapshot has. */
  public static final CloudObservations NONE = new CloudObservations(List.of(), List.of());

  public CloudObservations {
    instances = List.copyOf(instances);
    notices = List.copyOf(notices);
    waits = List.copyOf(waits);
  }

  /** Instances and notices, no instance waiting in a hook. */
  public CloudObservations(List<CloudInstance> instances, List<InterruptionNotice> notices) {
    this(instances, notices, List.of());
  }
}
