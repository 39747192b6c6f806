package dev.skyscaler.clusterapi.config;

import dev.skyscaler.clusterapi.objects.ScalableResource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One {@code
 * --node-group-auto-discovery=clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value>} value,
 * as Cluster Autoscaler's {@code clusterapi} provider parses it: {@code namespace} and {@code
 * clusterName} are special keys, every other {@code key=value} is an equality requirement on the
 * scalable resource's labels; any combination, empty ones dropped. A resource is selected by a spec
 * when it matches every part of it; several specs select the union.
 */
public record DiscoverySpec(
    Optional<String> namespace, Optional<String> clusterName, Map<String, String> labels) {
  public static final String PREFIX = "clusterapi:";
  private static final Pattern LABEL_KEY =
      Pattern.compile(
          "^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$");

  public DiscoverySpec {
    labels = Map.copyOf(labels);
  }

  /** Every scalable resource. */
  public static final DiscoverySpec ALL =
      new DiscoverySpec(Optional.empty(), Optional.empty(), Map.of());

  /**
   * Parses one flag value.
   *
   * @throws IllegalArgumentException naming the value and what was expected
   */
  public static DiscoverySpec parse(String spec) {
    if (spec == null || !spec.startsWith(PREFIX)) {
      throw new IllegalArgumentException(
          "expected clusterapi:namespace=<ns>,clusterName=<name>,<label>=<value>, got \""
              + spec
              + "\"");
    }
    Optional<String> namespace = Optional.empty();
    Optional<String> cluster = Optional.empty();
    Map<String, String> labels = new LinkedHashMap<>();
    for (String part : spec.substring(PREFIX.length()).split(",")) {
      if (part.isEmpty()) {
        continue;
      }
      String[] kv = part.split("=", -1);
      if (kv.length != 2 || kv[0].isEmpty()) {
        throw new IllegalArgumentException(
            "\"" + spec + "\": invalid key=value pair \"" + part + "\"");
      }
      switch (kv[0]) {
        case "namespace" -> namespace = Optional.of(kv[1]).filter(v -> !v.isEmpty());
        case "clusterName" -> cluster = Optional.of(kv[1]).filter(v -> !v.isEmpty());
        default -> {
          if (!LABEL_KEY.matcher(kv[0]).matches()) {
            throw new IllegalArgumentException(
                "\"" + spec + "\": \"" + kv[0] + "\" is not a valid label key");
          }
          labels.put(kv[0], kv[1]);
        }
      }
    }
    return new DiscoverySpec(namespace, cluster, labels);
  }

  /** The resource is in the namespace, of the cluster and has the labels this spec names. */
  public boolean selects(ScalableResource r) {
    return namespace.map(ns -> ns.equals(r.ref().namespace())).orElse(true)
        && clusterName.map(c -> c.equals(r.clusterName())).orElse(true)
        && labels.entrySet().stream()
            .allMatch(e -> e.getValue().equals(r.labels().get(e.getKey())));
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(PREFIX);
    namespace.ifPresent(ns -> sb.append("namespace=").append(ns).append(','));
    clusterName.ifPresent(c -> sb.append("clusterName=").append(c).append(','));
    labels.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
    return sb.substring(0, sb.length() - (sb.charAt(sb.length() - 1) == ',' ? 1 : 0));
  }
}
