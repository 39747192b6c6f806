package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.CapacityBuffer.Readiness;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * How many chunks a {@link CapacityBuffer} asks for, decided as Cluster Autoscaler decides:
 *
 * <ol>
 *   <li>only the {@code buffer.x-k8s.io/active-capacity} strategy makes chunks (the status's
 *       strategy when a controller wrote one), and a status whose {@code ReadyForProvisioning}
 *       condition is {@code False} makes none (CA's {@code NotReadyForProvisioning});
 *   <li>a buffer a controller resolved ({@link CapacityBuffer#resolvedByController()}) keeps {@code
 *       status.replicas} chunks, as CA's pod list processor does;
 *   <li>otherwise the spec is resolved here as CA's buffer controller would ({@code
 *       capacitybuffer/translators/replicas.go}): the smallest of the bounds that are set — {@code
 *       replicas}; {@code percentage × scalable replicas / 100}, rounded down; and for {@code
 *       limits}, for every resource the chunk requests and the limits name, {@code limit / request}
 *       rounded down. A buffer with none of the three set asks for nothing.
 * </ol>
 */
final class BufferChunks {
  private static final String NOTHING_KEPT = "; no capacity kept";

  /** The count, or the reason there is none ({@code count} is then 0). */
  record Count(int count, String problem) {
    static Count none(String problem) {
      return new Count(0, problem);
    }
  }

  private BufferChunks() {}

  static Count of(CapacityBuffer b) {
    if (!b.effectiveStrategy().equals(CapacityBuffer.ACTIVE_CAPACITY)) {
      return Count.none("provisioning strategy " + b.effectiveStrategy() + " is not supported");
    }
    if (b.status().filter(s -> s.readyForProvisioning() == Readiness.NOT_READY).isPresent()) {
      String message = b.status().get().message();
      return Count.none(
          "status says not ready for provisioning"
              + (message.isEmpty() ? "" : " (" + message + ")")
              + NOTHING_KEPT);
    }
    if (b.podTemplate().isEmpty()) {
      return Count.none(missingTemplate(b) + NOTHING_KEPT);
    }
    if (b.resolvedByController()) {
      return new Count(b.status().get().replicas().getAsInt(), null);
    }
    return fromSpec(b, b.podTemplate().get());
  }

  private static String missingTemplate(CapacityBuffer b) {
    if (b.chunkTemplateRef().isPresent()) {
      String field = b.resolvedByController() ? "status.podTemplateRef" : "spec.podTemplateRef";
      return "PodTemplate "
          + b.namespace()
          + "/"
          + b.chunkTemplateRef().get()
          + " ("
          + field
          + ") is not in the snapshot";
    }
    return "spec.scalableRef "
        + b.scalableRef().map(Object::toString).orElse("")
        + " is resolved by a buffer controller (status.podTemplateRef, status.replicas,"
        + " ReadyForProvisioning=True), and the status has none";
  }

  private static Count fromSpec(CapacityBuffer b, Pod template) {
    long chunks = Long.MAX_VALUE;
    boolean bounded = false;
    if (b.replicas().isPresent()) {
      chunks = Math.min(chunks, b.replicas().getAsInt());
      bounded = true;
    }
    if (b.percentage().isPresent() && b.scalableReplicas().isPresent()) {
      chunks =
          Math.min(
              chunks, (long) b.percentage().getAsInt() * b.scalableReplicas().getAsInt() / 100);
      bounded = true;
    }
    if (b.limits().isPresent()) {
      long byLimits = byLimits(template.requests(), b.limits().get());
      if (byLimits < 0) {
        return Count.none(
            "none of the resources in spec.limits is requested by the template" + NOTHING_KEPT);
      }
      chunks = Math.min(chunks, byLimits);
      bounded = true;
    }
    if (!bounded) {
      return Count.none(
          "spec sets none of replicas, percentage (with a scalableRef) and limits" + NOTHING_KEPT);
    }
    return new Count((int) Math.min(chunks, Integer.MAX_VALUE), null);
  }

  /** The chunks the limits admit, or -1 when they name no resource the chunk requests. */
  private static long byLimits(Resources request, Resources limits) {
    long fit = Long.MAX_VALUE;
    boolean found = false;
    for (String resource : names(request)) {
      long need = request.amount(resource);
      long limit = limits.amount(resource);
      if (need > 0 && limit > 0) {
        fit = Math.min(fit, limit / need);
        found = true;
      }
    }
    return found ? fit : -1;
  }

  /** Resource names a chunk may request; pod slots are not a limit CA counts. */
  private static List<String> names(Resources r) {
    List<String> names =
        new ArrayList<>(List.of(Resources.CPU, Resources.MEMORY, Resources.EPHEMERAL_STORAGE));
    names.addAll(r.extended().keySet());
    return names;
  }
}
