package dev.skyscaler.magnum.config;

import dev.skyscaler.core.config.ConfigException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which Magnum cluster and which of its node groups, with Cluster Autoscaler's flags: {@code
 * --cluster-name} (the Magnum cluster's name or UUID), static {@code --nodes=<min>:<max>:<name>}
 * (bounds from the flag, not from Magnum) and {@code
 * --node-group-auto-discovery=magnum:role=<role>[,<role>...]} (node groups of any role named, with
 * {@code max_node_count} set; several flags OR'd). With neither, every node group that is not the
 * control plane ({@code role=master}) and has a {@code max_node_count} is one. At most {@value
 * #MAX_GROUPS} node groups in all.
 *
 * @param staticGroups node-group name to its flag's bounds
 * @param roles the roles discovery takes; empty: every role but {@code master}
 */
public record MagnumOptions(
    String clusterName, Map<String, Bounds> staticGroups, Set<String> roles, CloudConfig cloud) {
  public static final int MAX_GROUPS = 200;
  public static final String DISCOVERY_PREFIX = "magnum:";
  private static final Pattern STATIC =
      Pattern.compile("^([0-9]{1,6}):([0-9]{1,6}):([A-Za-z0-9][-A-Za-z0-9_.]{0,254})$");

  /** Bounds from {@code --nodes}. */
  public record Bounds(int min, int max) {}

  public MagnumOptions {
    Objects.requireNonNull(clusterName, "clusterName");
    staticGroups = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(staticGroups));
    roles = Set.copyOf(roles);
    Objects.requireNonNull(cloud, "cloud");
  }

  /**
   * Checks the flags together.
   *
   * @throws ConfigException listing every problem, each naming its flag
   */
  public static MagnumOptions parse(
      String clusterName, List<String> nodes, List<String> discovery, CloudConfig cloud) {
    List<String> errors = problems(clusterName, nodes, discovery);
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new MagnumOptions(clusterName.strip(), groups(nodes), roles(discovery), cloud);
  }

  /** The problems of the flags, each naming its flag; empty when they are fine. */
  public static List<String> problems(
      String clusterName, List<String> nodes, List<String> discovery) {
    List<String> errors = new ArrayList<>();
    if (clusterName == null || clusterName.isBlank()) {
      errors.add(
          "--cluster-name: required with --cloud-provider=magnum (the Magnum cluster's name or UUID)");
    }
    Map<String, Bounds> groups = new LinkedHashMap<>();
    for (String n : nodes) {
      var m = STATIC.matcher(n == null ? "" : n);
      if (!m.matches()) {
        errors.add("--nodes: expected <min>:<max>:<node group name>, got \"" + n + "\"");
        continue;
      }
      int min = Integer.parseInt(m.group(1));
      int max = Integer.parseInt(m.group(2));
      if (max < min || max == 0) {
        errors.add("--nodes: \"" + n + "\": max must be at least min and above 0");
      } else if (groups.put(m.group(3), new Bounds(min, max)) != null) {
        errors.add("--nodes: node group " + m.group(3) + " is named twice");
      }
    }
    Set<String> roles = new LinkedHashSet<>();
    for (String d : discovery) {
      if (d == null
          || !d.startsWith(DISCOVERY_PREFIX + "role=")
          || d.length() == (DISCOVERY_PREFIX + "role=").length()) {
        errors.add(
            "--node-group-auto-discovery: expected magnum:role=<role>[,<role>...], got \""
                + d
                + "\"");
        continue;
      }
      for (String r : d.substring((DISCOVERY_PREFIX + "role=").length()).split(",")) {
        if (!r.isBlank()) {
          roles.add(r.strip());
        }
      }
    }
    if (!nodes.isEmpty() && !discovery.isEmpty()) {
      errors.add("--nodes and --node-group-auto-discovery exclude each other: give one");
    }
    if (groups.size() > MAX_GROUPS) {
      errors.add("--nodes: at most " + MAX_GROUPS + " node groups");
    }
    return errors;
  }

  private static Map<String, Bounds> groups(List<String> nodes) {
    Map<String, Bounds> groups = new LinkedHashMap<>();
    for (String n : nodes) {
      var m = STATIC.matcher(n);
      m.matches();
      groups.put(
          m.group(3), new Bounds(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
    }
    return groups;
  }

  private static Set<String> roles(List<String> discovery) {
    Set<String> roles = new LinkedHashSet<>();
    for (String d : discovery) {
      for (String r : d.substring((DISCOVERY_PREFIX + "role=").length()).split(",")) {
        if (!r.isBlank()) {
          roles.add(r.strip());
        }
      }
    }
    return roles;
  }

  /** Whether a node group of this role and name is a candidate at all (before its bounds). */
  public boolean selects(String name, String role) {
    if (!staticGroups.isEmpty()) {
      return staticGroups.containsKey(name);
    }
    return roles.isEmpty() ? !"master".equals(role) : roles.contains(role);
  }
}
