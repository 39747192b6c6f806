package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Pod;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A Deployment the scenario declares: a new one (with a pod template) or one of the snapshot's (its
 * pods' spec is kept), with its replicas at the start and, optionally, a daily pattern that sets
 * them at every scan.
 *
 * @param template the pod spec of a new Deployment; empty for one of the snapshot
 */
public record WorkloadSpec(
    String namespace,
    String name,
    Optional<Pod> template,
    OptionalInt replicas,
    Optional<DailyPattern> daily) {
  public WorkloadSpec {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(replicas, "replicas");
    Objects.requireNonNull(daily, "daily");
  }

  /** {@code namespace/name}. */
  public String key() {
    return namespace + "/" + name;
  }
}
