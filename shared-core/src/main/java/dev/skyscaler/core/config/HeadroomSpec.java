package dev.skyscaler.core.config;

import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Spare capacity to keep free: {@code count} pod-shaped units of {@code perUnit} resources, in one
 * node group or anywhere in the cluster (Spot Ocean's headroom units). The flag form ({@code
 * --headroom}, repeatable) is a comma-separated list of {@code key=value}:
 *
 * <pre>
 *   cpu=500m,memory=1Gi,count=10        ten 500m/1Gi units anywhere
 *   group=gpu-spot,cpu=4,memory=16Gi,gpu=1   one unit in node group gpu-spot
 * </pre>
 *
 * <p>Keys: {@code group} (optional; the cluster when absent), {@code cpu}, {@code memory} (at least
 * one of the two, Kubernetes quantities), {@code gpu} ({@code nvidia.com/gpu} per unit, optional)
 * and {@code count} (whole number >= 1, default 1). {@link #toString()} gives the flag form back.
 */
public record HeadroomSpec(Optional<String> nodeGroup, Resources perUnit, int count) {
  public static final String GPU_RESOURCE = "nvidia.com/gpu";
  private static final List<String> KEYS = List.of("group", "cpu", "memory", "gpu", "count");

  public HeadroomSpec {
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    Objects.requireNonNull(perUnit, "perUnit");
    perUnit = perUnit.withPods(1);
    if (perUnit.cpu() == 0 && perUnit.memory() == 0) {
      throw new IllegalArgumentException("a headroom unit needs cpu or memory");
    }
    if (count < 1) {
      throw new IllegalArgumentException("headroom count must be at least 1, was " + count);
    }
    if (nodeGroup.isPresent() && nodeGroup.get().isBlank()) {
      throw new IllegalArgumentException("headroom group must not be blank");
    }
  }

  /**
   * Parses the flag form.
   *
   * @throws IllegalArgumentException naming the text, the key and what was expected
   */
  public static HeadroomSpec parse(String text) {
    Map<String, String> pairs = pairs(text);
    try {
      long cpu = quantity(pairs, "cpu");
      long memory = quantity(pairs, "memory");
      long gpu = quantity(pairs, "gpu");
      if (cpu == 0 && memory == 0) {
        throw new IllegalArgumentException("needs cpu or memory per unit");
      }
      int count = pairs.containsKey("count") ? count(pairs.get("count")) : 1;
      Resources unit =
          new Resources(cpu, memory, 0, 1, gpu == 0 ? Map.of() : Map.of(GPU_RESOURCE, gpu));
      return new HeadroomSpec(Optional.ofNullable(pairs.get("group")), unit, count);
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException(quoted(text) + ": " + bad.getMessage(), bad);
    }
  }

  private static Map<String, String> pairs(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "expected key=value pairs (group, cpu, memory, gpu, count), got \"\"");
    }
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String part : text.split(",", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.trim() : part.substring(0, eq).trim();
      if (eq < 0 || part.substring(eq + 1).isBlank()) {
        throw new IllegalArgumentException(
            quoted(text) + ": expected key=value, got " + quoted(part));
      }
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(
            quoted(text)
                + ": unknown key "
                + quoted(key)
                + "; allowed: "
                + String.join(", ", KEYS));
      }
      if (pairs.put(key, part.substring(eq + 1).trim()) != null) {
        throw new IllegalArgumentException(quoted(text) + ": key " + quoted(key) + " given twice");
      }
    }
    return pairs;
  }

  private static long quantity(Map<String, String> pairs, String key) {
    String value = pairs.get(key);
    if (value == null) {
      return 0;
    }
    try {
      return key.equals("cpu") ? Quantity.parseMilli(value) : Quantity.parseUnits(value);
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException(key + ": " + bad.getMessage(), bad);
    }
  }

  private static int count(String text) {
    try {
      int n = Integer.parseInt(text);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("count: expected a whole number >= 1, got " + quoted(text));
  }

  private static String quoted(String s) {
    return "\"" + s + "\"";
  }

  /** Who the units are for, in messages and virtual pod names: the group or {@code cluster}. */
  public String scope() {
    return nodeGroup.orElse("cluster");
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    nodeGroup.ifPresent(g -> parts.add("group=" + g));
    if (perUnit.cpu() > 0) {
      parts.add("cpu=" + Quantity.formatMilli(perUnit.cpu()));
    }
    if (perUnit.memory() > 0) {
      parts.add("memory=" + Quantity.formatBytes(perUnit.memory()));
    }
    if (perUnit.extended(GPU_RESOURCE) > 0) {
      parts.add("gpu=" + perUnit.extended(GPU_RESOURCE));
    }
    parts.add("count=" + count);
    return String.join(",", parts);
  }
}
