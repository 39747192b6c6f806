package dev.skyscaler.azure.vmss;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Which scale sets belong to the cluster, in Cluster Autoscaler's Azure auto-discovery form {@code
 * label:key=value,key=value[,min=N,max=M]} ({@code --node-group-auto-discovery}): a scale set
 * belongs when it has every tag of the selector with the given value (an empty value matches any).
 * {@code min} and {@code max} are the bounds for scale sets without {@code min} / {@code max} tags.
 * Tag names compare case-insensitively, as Azure compares them.
 *
 * <p>The default for a cluster is the two tags of {@link #forCluster}: {@code
 * k8s.io_cluster-autoscaler_enabled} and {@code k8s.io_cluster-autoscaler_<cluster>}, any value
 * (CA's AWS tags with {@code _} for {@code /}, which Azure tag names cannot hold).
 */
public record DiscoverySpec(Map<String, String> selector, OptionalInt min, OptionalInt max) {
  public static final String ENABLED_TAG = "k8s.io_cluster-autoscaler_enabled";
  public static final String CLUSTER_TAG_PREFIX = "k8s.io_cluster-autoscaler_";

  public DiscoverySpec {
    selector = Map.copyOf(selector);
    if (selector.isEmpty()) {
      throw new IllegalArgumentException("a discovery selector needs at least one tag");
    }
  }

  /** The default selector of a cluster: both CA tags present, whatever their values. */
  public static DiscoverySpec forCluster(String cluster) {
    Map<String, String> tags = new LinkedHashMap<>();
    tags.put(ENABLED_TAG, "");
    tags.put(CLUSTER_TAG_PREFIX + cluster, "");
    return new DiscoverySpec(tags, OptionalInt.empty(), OptionalInt.empty());
  }

  /**
   * Parses CA's {@code label:} spec.
   *
   * @throws IllegalArgumentException with every problem, each naming the part of the spec
   */
  public static DiscoverySpec parse(String spec) {
    List<String> errors = new ArrayList<>();
    String body = spec.trim();
    if (!body.startsWith("label:")) {
      throw new IllegalArgumentException(
          "expected label:key=value,key=value[,min=N,max=M], got \"" + spec + "\"");
    }
    Map<String, String> selector = new LinkedHashMap<>();
    OptionalInt min = OptionalInt.empty();
    OptionalInt max = OptionalInt.empty();
    for (String pair : body.substring("label:".length()).split(",")) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || eq == pair.length() - 1) {
        errors.add("\"" + pair + "\" is not key=value");
        continue;
      }
      String key = pair.substring(0, eq).trim();
      String value = pair.substring(eq + 1).trim();
      switch (key) {
        case "min" -> min = bound("min", value, errors);
        case "max" -> max = bound("max", value, errors);
        default -> selector.put(key, value);
      }
    }
    if (selector.isEmpty()) {
      errors.add("no tag to match");
    }
    if (min.isPresent() && max.isPresent() && min.getAsInt() > max.getAsInt()) {
      errors.add("min " + min.getAsInt() + " is above max " + max.getAsInt());
    }
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
    return new DiscoverySpec(selector, min, max);
  }

  private static OptionalInt bound(String name, String value, List<String> errors) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 0) {
        return OptionalInt.of(n);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    errors.add(name + " must be a whole number >= 0, got \"" + value + "\"");
    return OptionalInt.empty();
  }

  /** True when the tags carry every selector tag with its value (names ignoring case). */
  public boolean matches(Map<String, String> tags) {
    Map<String, String> lower = new LinkedHashMap<>();
    tags.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v == null ? "" : v));
    for (Map.Entry<String, String> wanted : selector.entrySet()) {
      String actual = lower.get(wanted.getKey().toLowerCase(Locale.ROOT));
      if (actual == null || (!wanted.getValue().isEmpty() && !wanted.getValue().equals(actual))) {
        return false;
      }
    }
    return true;
  }
}
