package dev.skyscaler.aws.asg;

import dev.skyscaler.core.config.ConfigException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which Auto Scaling Groups are this cluster's node groups, in CA's two spellings: auto-discovery
 * by tags ({@code
 * --node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/<cluster>};
 * a tag written {@code key=value} must have that value, a bare key any value) and explicit groups
 * ({@code --nodes=<min>:<max>:<asg name>}, whose bounds replace the ASG's own, as in CA).
 *
 * @param tagSpecs one map of tag key to value (empty: any value) per auto-discovery spec; an ASG
 *     matching any spec is selected
 */
public record AsgDiscoveryOptions(
    List<Map<String, String>> tagSpecs, List<ExplicitGroup> explicit) {

  private static final String TAG_PREFIX = "asg:tag=";

  public AsgDiscoveryOptions {
    tagSpecs = tagSpecs.stream().map(Map::copyOf).toList();
    explicit = List.copyOf(explicit);
    if (tagSpecs.isEmpty() && explicit.isEmpty()) {
      throw new IllegalArgumentException(
          "no node groups configured: set --node-group-auto-discovery or --nodes");
    }
  }

  /** A group named with {@code --nodes=<min>:<max>:<name>}. */
  public record ExplicitGroup(int min, int max, String name) {
    public ExplicitGroup {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return min + ":" + max + ":" + name;
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
    List<ExplicitGroup> groups = new ArrayList<>();
    for (String spec : nodes) {
      parseExplicit(spec, errors).ifPresent(groups::add);
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
  public Optional<ExplicitGroup> explicit(String name) {
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

  private static Optional<ExplicitGroup> parseExplicit(String spec, List<String> errors) {
    String[] parts = spec == null ? new String[0] : spec.split(":", 3);
    if (parts.length != 3 || parts[2].isBlank()) {
      errors.add("--nodes: expected <min>:<max>:<asg name>, got \"" + spec + "\"");
      return Optional.empty();
    }
    Optional<Integer> min = whole(parts[0]);
    Optional<Integer> max = whole(parts[1]);
    if (min.isEmpty() || max.isEmpty()) {
      String which = min.isEmpty() ? "min \"" + parts[0] + "\"" : "max \"" + parts[1] + "\"";
      errors.add("--nodes " + spec + ": " + which + " is not a whole number >= 0");
      return Optional.empty();
    }
    if (min.get() > max.get()) {
      errors.add(
          "--nodes " + spec + ": min (" + min.get() + ") must not exceed max (" + max.get() + ")");
      return Optional.empty();
    }
    return Optional.of(new ExplicitGroup(min.get(), max.get(), parts[2]));
  }

  private static Optional<Integer> whole(String text) {
    try {
      int v = Integer.parseInt(text);
      return v >= 0 ? Optional.of(v) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
