package dev.skyscaler.core.headroom;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * How many chunks a {@link CapacityBuffer} asks for, as Cluster Autoscaler's buffer controller
 * computes it ({@code capacitybuffer/translators/replicas.go}): the smallest of the bounds that are
 * set — {@code replicas}; {@code percentage × scalable replicas / 100}, rounded down; and for
 * {@code limits}, for every resource the chunk requests and the limits name, {@code limit /
 * request} rounded down. A buffer with none of the three set asks for nothing.
 */
final class BufferChunks {
  /** The count, or the reason there is none ({@code count} is then 0). */
  record Count(int count, String problem) {}

  private BufferChunks() {}

  static Count of(CapacityBuffer b, Pod template) {
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
        return new Count(0, "none of the resources in spec.limits is requested by the template");
      }
      chunks = Math.min(chunks, byLimits);
      bounded = true;
    }
    if (!bounded) {
      return new Count(0, "spec sets none of replicas, percentage (with a scalableRef) and limits");
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
