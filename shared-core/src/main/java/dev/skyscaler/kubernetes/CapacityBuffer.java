package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code CapacityBuffer} ({@code autoscaling.x-k8s.io}, SIG Autoscaling's API for spare
 * capacity): placeholder pods the autoscaler keeps room for. Carried as read; what it means for a
 * scan is the headroom policy's business.
 *
 * @param provisioningStrategy {@code buffer.x-k8s.io/active-capacity} unless the object says
 *     otherwise
 * @param podTemplateRef the PodTemplate giving one chunk's shape: the status's resolved reference
 *     when a buffer controller wrote one, else the spec's
 * @param podTemplate that PodTemplate's pod, when it was read
 * @param scalableRef {@code group/Kind/name} of the workload the buffer follows ({@code
 *     apps/Deployment/web}; the group is empty for the core group)
 * @param replicas the number of chunks asked for
 * @param percentage the chunks as a percentage of the scalable object's replicas
 * @param limits the total requests the chunks may use
 */
public record CapacityBuffer(
    String namespace,
    String name,
    String provisioningStrategy,
    Optional<String> podTemplateRef,
    Optional<Pod> podTemplate,
    Optional<String> scalableRef,
    OptionalInt replicas,
    OptionalInt percentage,
    Optional<Resources> limits) {

  public static final String API_GROUP = "autoscaling.x-k8s.io";
  public static final String ACTIVE_CAPACITY = "buffer.x-k8s.io/active-capacity";

  public CapacityBuffer {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    provisioningStrategy = provisioningStrategy == null ? ACTIVE_CAPACITY : provisioningStrategy;
    Objects.requireNonNull(podTemplateRef, "podTemplateRef");
    Objects.requireNonNull(podTemplate, "podTemplate");
    Objects.requireNonNull(scalableRef, "scalableRef");
    Objects.requireNonNull(replicas, "replicas");
    Objects.requireNonNull(percentage, "percentage");
    Objects.requireNonNull(limits, "limits");
  }

  /** {@code namespace/name}. */
  public String key() {
    return namespace + "/" + name;
  }
}
