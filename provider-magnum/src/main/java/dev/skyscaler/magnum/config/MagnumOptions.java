package dev.skyscaler.magnum.config;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.config.NodeGroupSpec.NameRule;
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
 * (read by {@link NodeGroupSpec}; bounds from the flag, not from Magnum) and {@code
 * --node-group-auto-discovery=magnum:role=<role>[,<role>...]} (node groups of any role named, with
 * {@code max_node_count} set; several flags OR'd). With neither, every node group that is not the
 * control plane ({@code role=master}) and has a {@code max_node_count} is one. At most {@value
 * #MAX_GROUPS} node groups in all.
 *
 * @param staticGroups node-group name to its {@code --nodes} entry
 * @param roles the roles discovery takes; empty: every role but {@code master}
 */
public record MagnumOptions(
    String clusterName,
    Map<String, NodeGroupSpec> staticGroups,
    Set<String> roles,
    CloudConfig cloud) {
  public static final int MAX_GROUPS = 200;
  public static final String DISCOVERY_PREFIX = "magnum:";
  private static final Pattern GROUP_NAME = Pattern.compile("[A-Za-z0-9][-A-Za-z0-9_.]{0,254}");

  /** Magnum's node group names: a letter or digit, then letters, digits, '-', '_' or '.'. */
  static final NameRule NODE_GROUP_NAME =
      new NameRule(
          "a Magnum node group name (a letter or digit, then up to 254 letters, digits, '-', '_'"
              + " or '.')",
          name -> GROUP_NAME.matcher(name).matches());

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
    try {
      NodeGroupSpec.parseAll("--nodes", nodes, NODE_GROUP_NAME);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
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
    if (nodes.size() > MAX_GROUPS) {
      errors.add("--nodes: at most " + MAX_GROUPS + " node groups");
    }
    return errors;
  }

  private static Map<String, NodeGroupSpec> groups(List<String> nodes) {
    Map<String, NodeGroupSpec> groups = new LinkedHashMap<>();
    for (NodeGroupSpec spec : NodeGroupSpec.parseAll("--nodes", nodes, NODE_GROUP_NAME)) {
      groups.put(spec.name(), spec);
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
