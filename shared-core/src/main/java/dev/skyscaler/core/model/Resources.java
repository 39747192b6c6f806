package dev.skyscaler.core.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An immutable vector of resource amounts: CPU in millicores, memory and ephemeral storage in
 * bytes, pod slots, and any extended resource (GPUs and others) as whole units.
 *
 * @param cpu millicores
 * @param memory bytes
 * @param ephemeralStorage bytes
 * @param pods pod slots
 * @param extended extended resources by name (e.g. {@code nvidia.com/gpu}); zero entries dropped
 */
public record Resources(
    long cpu, long memory, long ephemeralStorage, long pods, Map<String, Long> extended) {

  public static final String CPU = "cpu";
  public static final String MEMORY = "memory";
  public static final String EPHEMERAL_STORAGE = "ephemeral-storage";
  public static final String PODS = "pods";

  public static final Resources ZERO = new Resources(0, 0, 0, 0, Map.of());

  public Resources {
    if (cpu < 0 || memory < 0 || ephemeralStorage < 0 || pods < 0) {
      throw new IllegalArgumentException("resource amounts cannot be negative");
    }
    Objects.requireNonNull(extended, "extended");
    TreeMap<String, Long> clean = new TreeMap<>();
    extended.forEach(
        (k, v) -> {
          if (v < 0) {
            throw new IllegalArgumentException("resource " + k + " cannot be negative");
          }
          if (v > 0) {
            clean.put(k, v);
          }
        });
    extended = Map.copyOf(clean);
  }

  /** Parses a Kubernetes resource list such as {@code {cpu: "4", memory: 16Gi}}. */
  public static Resources parse(Map<String, String> list) {
    long cpu = 0;
    long memory = 0;
    long storage = 0;
    long pods = 0;
    Map<String, Long> extended = new TreeMap<>();
    for (Map.Entry<String, String> e : list.entrySet()) {
      String value = e.getValue();
      switch (e.getKey()) {
        case CPU -> cpu = Quantity.parseMilli(value);
        case MEMORY -> memory = Quantity.parseUnits(value);
        case EPHEMERAL_STORAGE -> storage = Quantity.parseUnits(value);
        case PODS -> pods = Quantity.parseUnits(value);
        default -> extended.put(e.getKey(), Quantity.parseUnits(value));
      }
    }
    return new Resources(cpu, memory, storage, pods, extended);
  }

  public static Resources of(long cpuMilli, long memoryBytes) {
    return new Resources(cpuMilli, memoryBytes, 0, 0, Map.of());
  }

  public Resources withPods(long count) {
    if (count == pods) {
      return this; // every pod's requests pass through here: share rather than copy
    }
    return new Resources(cpu, memory, ephemeralStorage, count, extended);
  }

  public long extended(String name) {
    return extended.getOrDefault(name, 0L);
  }

  /** The amount of a resource by its Kubernetes name. */
  public long amount(String name) {
    return switch (name) {
      case CPU -> cpu;
      case MEMORY -> memory;
      case EPHEMERAL_STORAGE -> ephemeralStorage;
      case PODS -> pods;
      default -> extended(name);
    };
  }

  public Resources plus(Resources o) {
    return new Resources(
        cpu + o.cpu,
        memory + o.memory,
        ephemeralStorage + o.ephemeralStorage,
        pods + o.pods,
        merge(o, 1));
  }

  /** Subtraction that stops at zero, for "what is left" arithmetic. */
  public Resources minusFloor(Resources o) {
    Map<String, Long> ext = new TreeMap<>(extended);
    o.extended.forEach((k, v) -> ext.put(k, Math.max(0, ext.getOrDefault(k, 0L) - v)));
    return new Resources(
        Math.max(0, cpu - o.cpu),
        Math.max(0, memory - o.memory),
        Math.max(0, ephemeralStorage - o.ephemeralStorage),
        Math.max(0, pods - o.pods),
        ext);
  }

  public Resources times(long n) {
    Map<String, Long> ext = new TreeMap<>();
    extended.forEach((k, v) -> ext.put(k, v * n));
    return new Resources(cpu * n, memory * n, ephemeralStorage * n, pods * n, ext);
  }

  /** Component-wise maximum (the init-container rule). */
  public Resources max(Resources o) {
    Map<String, Long> ext = new TreeMap<>(extended);
    o.extended.forEach((k, v) -> ext.merge(k, v, Math::max));
    return new Resources(
        Math.max(cpu, o.cpu),
        Math.max(memory, o.memory),
        Math.max(ephemeralStorage, o.ephemeralStorage),
        Math.max(pods, o.pods),
        ext);
  }

  /** True when every amount here is at most the same amount in {@code capacity}. */
  public boolean fitsIn(Resources capacity) {
    if (cpu > capacity.cpu
        || memory > capacity.memory
        || ephemeralStorage > capacity.ephemeralStorage
        || pods > capacity.pods) {
      return false;
    }
    for (Map.Entry<String, Long> e : extended.entrySet()) {
      if (e.getValue() > capacity.extended(e.getKey())) {
        return false;
      }
    }
    return true;
  }

  /** Total of every resource whose name marks it as a GPU ({@code <vendor>/gpu}). */
  public long gpus() {
    long total = 0;
    for (Map.Entry<String, Long> e : extended.entrySet()) {
      if (isGpu(e.getKey())) {
        total += e.getValue();
      }
    }
    return total;
  }

  public static boolean isGpu(String resourceName) {
    return resourceName.endsWith("/gpu");
  }

  private Map<String, Long> merge(Resources o, int sign) {
    if (o.extended.isEmpty()) {
      return extended;
    }
    Map<String, Long> ext = new TreeMap<>(extended);
    o.extended.forEach((k, v) -> ext.merge(k, sign * v, Long::sum));
    return ext;
  }

  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder("cpu=")
            .append(Quantity.formatMilli(cpu))
            .append(" memory=")
            .append(Quantity.formatBytes(memory));
    if (ephemeralStorage > 0) {
      sb.append(" ephemeral-storage=").append(Quantity.formatBytes(ephemeralStorage));
    }
    if (pods > 0) {
      sb.append(" pods=").append(pods);
    }
    extended.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }
}
