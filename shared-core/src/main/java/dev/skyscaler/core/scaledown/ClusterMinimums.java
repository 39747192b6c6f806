package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.Node;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The minimum side of {@code --cores-total}, {@code --memory-total} (GiB) and {@code --gpu-total}:
 * what the cluster's nodes add up to (by capacity, as CA counts them) as removals are chosen, and
 * whether one more node may go.
 */
final class ClusterMinimums {
  private static final long GIB = 1L << 30;

  private final ScaleUpOptions limits;
  private long cpuMilli;
  private long memory;
  private final Map<String, Long> gpus = new HashMap<>();

  /**
   * @param nodes the nodes that count: every node except those whose removal is under way
   */
  ClusterMinimums(ScaleUpOptions limits, Collection<Node> nodes) {
    this.limits = limits;
    for (Node n : nodes) {
      add(n, 1);
    }
  }

  /**
   * True when removing {@code n} keeps every total it contributes to at or above its minimum (a
   * node without a kind of GPU does not touch that GPU's total).
   */
  boolean allowsRemoving(Node n) {
    if (cpuMilli - n.capacity().cpu() < limits.coresTotal().min() * 1000) {
      return false;
    }
    if (memory - n.capacity().memory() < limits.memoryTotal().min() * GIB) {
      return false;
    }
    for (var e : limits.gpuTotal().entrySet()) {
      long own = n.capacity().extended(e.getKey());
      if (own > 0 && gpus.getOrDefault(e.getKey(), 0L) - own < e.getValue().min()) {
        return false;
      }
    }
    return true;
  }

  void remove(Node n) {
    add(n, -1);
  }

  private void add(Node n, int sign) {
    cpuMilli += sign * n.capacity().cpu();
    memory += sign * n.capacity().memory();
    n.capacity().extended().forEach((k, v) -> gpus.merge(k, sign * v, Long::sum));
  }
}
