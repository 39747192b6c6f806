package dev.skyscaler.azure.vmss;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.config.NodeGroupSpec.NameRule;
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
 *
 * <p>Scale sets can also be named, as CA's {@code --nodes=<min>:<max>:<scale set>} names them
 * ({@link #named}): a named scale set belongs whatever its tags, with the bounds it was named with,
 * which replace its own (as in CA).
 *
 * @param named scale sets named with {@code --nodes}, by name
 */
public record DiscoverySpec(
    Map<String, String> selector,
    OptionalInt min,
    OptionalInt max,
    Map<String, NodeGroupSpec> named) {
  public static final String ENABLED_TAG = "k8s.io_cluster-autoscaler_enabled";
  public static final String CLUSTER_TAG_PREFIX = "k8s.io_cluster-autoscaler_";

  /**
   * The part of Azure's naming rules for scale sets that a name in {@code --nodes} is checked
   * against: at most 64 characters, no whitespace or control characters, and none of the refused
   * characters that would also end or escape the name in a resource path.
   */
  static final NameRule SCALE_SET_NAME =
      new NameRule(
          "a scale set name (1 to 64 characters, no whitespace, ':', '/', '\\', '?', '#' or"
              + " '%')",
          name ->
              name.length() <= 64
                  && name.chars()
                      .noneMatch(
                          c ->
                              Character.isWhitespace(c)
                                  || Character.isISOControl(c)
                                  || ":/\\?#%".indexOf(c) >= 0));

  public DiscoverySpec {
    selector = Map.copyOf(selector);
    named = Map.copyOf(named);
    if (selector.isEmpty() && named.isEmpty()) {
      throw new IllegalArgumentException(
          "a discovery selector needs at least one tag, or a named scale set");
    }
  }

  /** Scale sets whose tags match {@code selector}, bounded by {@code min} and {@code max}. */
  public DiscoverySpec(Map<String, String> selector, OptionalInt min, OptionalInt max) {
    this(selector, min, max, Map.of());
  }

  /**
   * The scale sets of CA's {@code --nodes=<min>:<max>:<scale set>}, one entry each, read by {@link
   * NodeGroupSpec} with a scale set's name rule.
   *
   * @throws ConfigException with every problem, each naming the flag and its entry
   */
  public static DiscoverySpec named(List<String> nodes) {
    if (nodes.isEmpty()) {
      throw new ConfigException(List.of("--nodes: no scale set named"));
    }
    Map<String, NodeGroupSpec> named = new LinkedHashMap<>();
    for (NodeGroupSpec spec : NodeGroupSpec.parseAll("--nodes", nodes, SCALE_SET_NAME)) {
      named.put(spec.name(), spec);
    }
    return new DiscoverySpec(Map.of(), OptionalInt.empty(), OptionalInt.empty(), named);
  }

  /** This spec, also selecting the scale sets {@code other} names, with their bounds. */
  public DiscoverySpec withNamed(DiscoverySpec other) {
    return new DiscoverySpec(selector, min, max, other.named);
  }

  /** True when the scale set is named, or its tags match the selector. */
  public boolean selects(ScaleSet set) {
    return named.containsKey(set.name()) || (!selector.isEmpty() && matches(set.tags()));
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
