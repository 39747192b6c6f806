package dev.skyscaler.kubernetes.state;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A state shaped like the one docs/algorithm.md §1 describes (unneeded-since per node, scale-ups in
 * flight, per-group backoff, drains in progress, last activity times), to test the codec and the
 * store while {@code AutoscalerState} is still being written.
 */
record SampleState(
    Map<String, Instant> unneededSince,
    List<ScaleUpRequest> scaleUpsInFlight,
    Map<String, Backoff> backoff,
    Map<String, Drain> drains,
    Optional<Instant> lastScaleUp,
    Optional<Instant> lastScaleDown,
    Optional<Instant> lastFailure) {

  static final SampleState EMPTY =
      new SampleState(
          Map.of(),
          List.of(),
          Map.of(),
          Map.of(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());

  SampleState {
    unneededSince = Map.copyOf(unneededSince);
    scaleUpsInFlight = List.copyOf(scaleUpsInFlight);
    backoff = Map.copyOf(backoff);
    drains = Map.copyOf(drains);
    Objects.requireNonNull(lastScaleUp, "lastScaleUp");
    Objects.requireNonNull(lastScaleDown, "lastScaleDown");
    Objects.requireNonNull(lastFailure, "lastFailure");
  }

  record ScaleUpRequest(String group, int delta, Instant at) {}

  record Backoff(Instant until, Duration duration, String errorCode) {}

  enum Step {
    TAINTED,
    EVICTING,
    DELETING
  }

  record Drain(String group, Instant started, Instant deadline, Set<String> evicted, Step step) {
    Drain {
      Objects.requireNonNull(deadline, "deadline");
      evicted = Set.copyOf(evicted);
    }
  }

  /** Only entries of nodes in {@code nodes}. */
  SampleState keepOnly(Set<String> nodes) {
    Map<String, Instant> unneeded = new TreeMap<>(unneededSince);
    unneeded.keySet().retainAll(nodes);
    Map<String, Drain> keptDrains = new TreeMap<>(drains);
    keptDrains.keySet().retainAll(nodes);
    return new SampleState(
        unneeded, scaleUpsInFlight, backoff, keptDrains, lastScaleUp, lastScaleDown, lastFailure);
  }
}
