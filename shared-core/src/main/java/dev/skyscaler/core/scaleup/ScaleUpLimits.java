package dev.skyscaler.core.scaleup;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.model.Resources;
import java.util.HashMap;
import java.util.Map;

/**
 * Cluster-wide limits on scale-up: {@code --max-nodes-total}, {@code --cores-total}, {@code
 * --memory-total} (GiB, as CA) and {@code --gpu-total}, counted over registered, upcoming and
 * planned nodes. Template nodes count with their allocatable resources.
 */
final class ScaleUpLimits {
  private static final long GIB = 1L << 30;

  private final ScaleUpOptions options;
  private long nodes;
  private long cpuMilli;
  private long memory;
  private final Map<String, Long> gpus = new HashMap<>();

  ScaleUpLimits(ScaleUpOptions options) {
    this.options = options;
  }

  /** Counts {@code count} nodes of this size as existing or requested. */
  void add(Resources capacity, int count) {
    nodes += count;
    cpuMilli += capacity.cpu() * count;
    memory += capacity.memory() * count;
    capacity
        .extended()
        .forEach(
            (k, v) -> {
              if (Resources.isGpu(k)) {
                gpus.merge(k, v * count, Long::sum);
              }
            });
  }

  /** How many more nodes of this size the limits allow (Integer.MAX_VALUE when unbounded). */
  int headroom(Resources capacity) {
    long room = Integer.MAX_VALUE;
    if (options.maxNodesTotal() > 0) {
      room = Math.min(room, options.maxNodesTotal() - nodes);
    }
    room = Math.min(room, roomFor(options.coresTotal().max() * 1000, cpuMilli, capacity.cpu()));
    room = Math.min(room, roomFor(options.memoryTotal().max() * GIB, memory, capacity.memory()));
    for (var e : options.gpuTotal().entrySet()) {
      room =
          Math.min(
              room,
              roomFor(
                  e.getValue().max(),
                  gpus.getOrDefault(e.getKey(), 0L),
                  capacity.extended(e.getKey())));
    }
    return (int) Math.max(0, room);
  }

  /** The limit that leaves no room for one more node of this size, or null. */
  String reason(Resources capacity) {
    if (options.maxNodesTotal() > 0 && nodes >= options.maxNodesTotal()) {
      return "exceeded quota: max-nodes-total (" + options.maxNodesTotal() + ")";
    }
    if (roomFor(options.coresTotal().max() * 1000, cpuMilli, capacity.cpu()) < 1) {
      return "exceeded quota: cluster-wide cores";
    }
    if (roomFor(options.memoryTotal().max() * GIB, memory, capacity.memory()) < 1) {
      return "exceeded quota: cluster-wide memory";
    }
    for (var e : options.gpuTotal().entrySet()) {
      if (roomFor(
              e.getValue().max(), gpus.getOrDefault(e.getKey(), 0L), capacity.extended(e.getKey()))
          < 1) {
        return "exceeded quota: cluster-wide " + e.getKey();
      }
    }
    return null;
  }

  private static long roomFor(long max, long used, long perNode) {
    if (perNode <= 0) {
      return Integer.MAX_VALUE;
    }
    return Math.max(0, (max - used) / perNode);
  }
}
