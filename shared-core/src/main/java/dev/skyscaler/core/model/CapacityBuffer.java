package dev.skyscaler.core.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code CapacityBuffer} ({@code autoscaling.x-k8s.io}, short name {@code cb}): spare capacity
 * declared by a workload owner, in chunks shaped like one pod. The fields are the object's {@code
 * spec} and {@code status}; the adapter resolves what the core cannot read itself:
 *
 * <ul>
 *   <li>{@code podTemplate}: the chunk's shape, the pod of the {@code PodTemplate} named by {@link
 *       #chunkTemplateRef()};
 *   <li>{@code scalableReplicas}: the current replicas of the {@code scalableRef} object, for
 *       {@code percentage}, when known.
 * </ul>
 *
 * <p>Cluster Autoscaler splits the work in two: a buffer controller resolves the spec into the
 * status ({@code status.podTemplateRef}, {@code status.replicas}, condition {@code
 * ReadyForProvisioning}), and the autoscaler makes placeholder pods from the status. Skyscaler
 * honours a status a controller resolved ({@link #resolvedByController()}), and otherwise resolves
 * the spec itself, as the controller would.
 *
 * @param provisioningStrategy {@code spec.provisioningStrategy}; {@link #ACTIVE_CAPACITY} when
 *     unset, the only strategy that creates virtual pods
 * @param podTemplateRef {@code spec.podTemplateRef.name}
 * @param scalableRef {@code spec.scalableRef}; exactly one of the two references is set
 * @param replicas {@code spec.replicas}: chunks wanted
 * @param percentage {@code spec.percentage}: chunks as a percentage of the scalable object's
 *     replicas
 * @param limits {@code spec.limits}: at most as many chunks as fit these totals
 * @param status what a buffer controller wrote, if anything
 * @param podTemplate the pod of the PodTemplate named by {@link #chunkTemplateRef()}, when read
 * @param scalableReplicas replicas of the {@code scalableRef} object, when known
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
    Optional<Status> status,
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

    /** {@code apps/Deployment/web}; {@code /ConfigMap/x} for the core group. */
    @Override
    public String toString() {
      return apiGroup + "/" + kind + "/" + name;
    }
  }

  /** The {@code ReadyForProvisioning} condition a buffer controller sets. */
  public enum Readiness {
    /** {@code True} (or, without that condition, {@code Provisioning=True}). */
    READY,
    /** {@code False}: the controller could not resolve the buffer. */
    NOT_READY,
    /** No such condition, or {@code Unknown}. */
    UNKNOWN
  }

  /**
   * {@code status}, as a buffer controller writes it.
   *
   * @param podTemplateRef {@code status.podTemplateRef.name}: the template the controller resolved
   *     (for a {@code scalableRef}, one it generated from the workload)
   * @param replicas {@code status.replicas}: the chunks the controller resolved
   * @param provisioningStrategy {@code status.provisioningStrategy}
   * @param message the {@code ReadyForProvisioning} condition's message, or empty
   */
  public record Status(
      Optional<String> podTemplateRef,
      OptionalInt replicas,
      Optional<String> provisioningStrategy,
      Readiness readyForProvisioning,
      String message) {
    public Status {
      Objects.requireNonNull(podTemplateRef, "podTemplateRef");
      Objects.requireNonNull(replicas, "replicas");
      Objects.requireNonNull(provisioningStrategy, "provisioningStrategy");
      Objects.requireNonNull(readyForProvisioning, "readyForProvisioning");
      message = message == null ? "" : message;
      if (replicas.isPresent() && replicas.getAsInt() < 0) {
        throw new IllegalArgumentException(
            "status.replicas must be at least 0, was " + replicas.getAsInt());
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
    Objects.requireNonNull(status, "status");
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

  /**
   * True when a buffer controller has resolved the buffer: the status is {@link Readiness#READY}
   * and names a PodTemplate and a number of chunks. These are then what is kept, as Cluster
   * Autoscaler keeps them.
   */
  public boolean resolvedByController() {
    return status
        .filter(s -> s.readyForProvisioning() == Readiness.READY)
        .filter(s -> s.podTemplateRef().isPresent() && s.replicas().isPresent())
        .isPresent();
  }

  /**
   * The PodTemplate a chunk copies: {@code status.podTemplateRef} when {@link
   * #resolvedByController()}, else {@code spec.podTemplateRef} (empty for a {@code scalableRef}).
   */
  public Optional<String> chunkTemplateRef() {
    return resolvedByController() ? status.get().podTemplateRef() : podTemplateRef;
  }

  /** The strategy in force: the status's when a controller wrote one, else the spec's. */
  public String effectiveStrategy() {
    return status
        .flatMap(Status::provisioningStrategy)
        .filter(s -> !s.isBlank())
        .orElse(provisioningStrategy);
  }

  /** The same buffer with the chunk's template resolved (or not). */
  public CapacityBuffer withPodTemplate(Optional<Pod> template) {
    return new CapacityBuffer(
        namespace,
        name,
        uid,
        provisioningStrategy,
        podTemplateRef,
        scalableRef,
        replicas,
        percentage,
        limits,
        status,
        template,
        scalableReplicas);
  }
}
