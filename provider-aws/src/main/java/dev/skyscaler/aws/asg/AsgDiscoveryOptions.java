package dev.skyscaler.aws.asg;

import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.config.NodeGroupSpec.NameRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which Auto Scaling Groups are this cluster's node groups, in CA's two spellings: auto-discovery
 * by tags ({@code
 * --node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/<cluster>};
 * a tag written {@code key=value} must have that value, a bare key any value) and explicit groups
 * ({@code --nodes=<min>:<max>:<asg name>}, read by {@link NodeGroupSpec}, whose bounds replace the
 * ASG's own, as in CA; the name must be one AWS allows for a group).
 *
 * @param tagSpecs one map of tag key to value (empty: any value) per auto-discovery spec; an ASG
 *     matching any spec is selected
 */
public record AsgDiscoveryOptions(
    List<Map<String, String>> tagSpecs, List<NodeGroupSpec> explicit) {

  private static final String TAG_PREFIX = "asg:tag=";

  /** CreateAutoScalingGroup's rule: 1 to 255 ASCII characters from 33 to 126, no colon. */
  static final NameRule ASG_NAME =
      new NameRule(
          "an Auto Scaling group name (1 to 255 characters from ASCII 33 to 126, no ':')",
          name ->
              name.length() <= 255 && name.chars().allMatch(c -> c >= 33 && c <= 126 && c != ':'));

  public AsgDiscoveryOptions {
    tagSpecs = tagSpecs.stream().map(Map::copyOf).toList();
    explicit = List.copyOf(explicit);
    if (tagSpecs.isEmpty() && explicit.isEmpty()) {
      throw new IllegalArgumentException(
          "no node groups configured: set --node-group-auto-discovery or --nodes");
    }
  }

  /** CA's default tags for a cluster: {@code k8s.io/cluster-autoscaler/enabled} and its own. */
  public static AsgDiscoveryOptions forCluster(String cluster) {
    return parse(
        List.of(
            TAG_PREFIX + "k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/" + cluster),
        List.of());
  }

  /**
   * Parses the two flags' values.
   *
   * @throws ConfigException listing every bad value, each naming its flag
   */
  public static AsgDiscoveryOptions parse(List<String> autoDiscovery, List<String> nodes) {
    List<String> errors = new ArrayList<>();
    List<Map<String, String>> specs = new ArrayList<>();
    for (String spec : autoDiscovery) {
      parseTags(spec).ifPresentOrElse(specs::add, () -> errors.add(badTagSpec(spec)));
    }
    List<NodeGroupSpec> groups = List.of();
    try {
      groups = NodeGroupSpec.parseAll("--nodes", nodes, ASG_NAME);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
    }
    if (errors.isEmpty() && specs.isEmpty() && groups.isEmpty()) {
      errors.add(
          "--node-group-auto-discovery / --nodes: no node groups configured; expected e.g."
              + " asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/<cluster>");
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new AsgDiscoveryOptions(specs, groups);
  }

  /** The explicit spec naming this group, if any. */
  public Optional<NodeGroupSpec> explicit(String name) {
    return explicit.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** True when the group is named explicitly or carries every tag of some auto-discovery spec. */
  public boolean selects(AutoScalingGroup g) {
    return explicit(g.name()).isPresent()
        || tagSpecs.stream().anyMatch(spec -> matches(spec, g.tags()));
  }

  private static boolean matches(Map<String, String> spec, Map<String, String> tags) {
    return spec.entrySet().stream()
        .allMatch(
            e ->
                tags.containsKey(e.getKey())
                    && (e.getValue().isEmpty() || e.getValue().equals(tags.get(e.getKey()))));
  }

  private static Optional<Map<String, String>> parseTags(String spec) {
    if (spec == null || !spec.startsWith(TAG_PREFIX)) {
      return Optional.empty();
    }
    Map<String, String> tags = new LinkedHashMap<>();
    for (String part : spec.substring(TAG_PREFIX.length()).split(",", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part : part.substring(0, eq);
      if (key.isBlank()) {
        return Optional.empty();
      }
      tags.put(key, eq < 0 ? "" : part.substring(eq + 1));
    }
    return Optional.of(tags);
  }

  private static String badTagSpec(String spec) {
    return "--node-group-auto-discovery: expected asg:tag=<key>[=<value>],<key>[=<value>]...,"
        + " got \""
        + spec
        + "\"";
  }
}
