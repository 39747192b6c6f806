package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code CapacityBuffer} ({@code autoscaling.x-k8s.io/v1beta1}, namespaced, short name {@code
 * cb}): spare capacity declared by a workload owner, in chunks shaped like one pod. The fields are
 * the CRD's {@code spec}; the adapter resolves what the core cannot read itself:
 *
 * <ul>
 *   <li>{@code podTemplate}: the chunk's shape, from the {@code PodTemplate} named by {@code
 *       podTemplateRef} or from the pod template of the object named by {@code scalableRef};
 *   <li>{@code scalableReplicas}: the current replicas of the {@code scalableRef} object, for
 *       {@code percentage}.
 * </ul>
 *
 * <p>Translation from YAML and from the API is not written yet; the core honours buffers given to
 * it ({@link Headroom#virtualPods}).
 *
 * @param provisioningStrategy {@code spec.provisioningStrategy}; {@link #ACTIVE_CAPACITY} when
 *     unset, the only strategy that creates virtual pods
 * @param podTemplateRef {@code spec.podTemplateRef.name}
 * @param scalableRef {@code spec.scalableRef}; exactly one of the two references is set
 * @param replicas {@code spec.replicas}: chunks wanted
 * @param percentage {@code spec.percentage}: chunks as a percentage of the scalable object's
 *     replicas
 * @param limits {@code spec.limits}: at most as many chunks as fit these totals (a zero amount
 *     counts as not limited)
 */
public record CapacityBuffer(
    String namespace,
    String name,
    String uid,
    String provisioningStrategy,
    Optional<String> podTemplateRef,
    Optional<ScalableRef> scalableRef,
    OptionalInt replicas,
    OptionalInt percentage,
    Optional<Resources> limits,
    Optional<Pod> podTemplate,
    OptionalInt scalableReplicas) {

  /** The default strategy: the buffer scales the cluster up with placeholder pods. */
  public static final String ACTIVE_CAPACITY = "buffer.x-k8s.io/active-capacity";

  /** {@code spec.scalableRef}: an object with a scale subresource. */
  public record ScalableRef(String apiGroup, String kind, String name) {
    public ScalableRef {
      apiGroup = apiGroup == null ? "" : apiGroup;
      if (kind == null || kind.isBlank() || name == null || name.isBlank()) {
        throw new IllegalArgumentException("scalableRef needs a kind and a name");
      }
    }
  }

  public CapacityBuffer {
    if (namespace == null || namespace.isBlank() || name == null || name.isBlank()) {
      throw new IllegalArgumentException("a CapacityBuffer needs a namespace and a name");
    }
    String who = "CapacityBuffer " + namespace + "/" + name;
    uid = uid == null ? "" : uid;
    provisioningStrategy =
        provisioningStrategy == null || provisioningStrategy.isBlank()
            ? ACTIVE_CAPACITY
            : provisioningStrategy;
    Objects.requireNonNull(podTemplateRef, "podTemplateRef");
    Objects.requireNonNull(scalableRef, "scalableRef");
    if (podTemplateRef.isPresent() == scalableRef.isPresent()) {
      throw new IllegalArgumentException(
          who + ": spec needs exactly one of podTemplateRef and scalableRef");
    }
    requireNotNegative(replicas, who + ": spec.replicas");
    requireNotNegative(percentage, who + ": spec.percentage");
    requireNotNegative(scalableReplicas, who + ": replicas of the scalableRef");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(podTemplate, "podTemplate");
  }

  private static void requireNotNegative(OptionalInt v, String what) {
    if (Objects.requireNonNull(v, what).isPresent() && v.getAsInt() < 0) {
      throw new IllegalArgumentException(what + " must be at least 0, was " + v.getAsInt());
    }
  }

  /** {@code namespace/name}. */
  public String key() {
    return namespace + "/" + name;
  }
}
