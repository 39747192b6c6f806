package dev.skyscaler.azure.vmss;

import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Reads a discovered scale set's bounds and scale-from-zero template from its tags, its VM size
 * and, for an AKS pool, the pool, the way Cluster Autoscaler's Azure provider does:
 *
 * <ul>
 *   <li>bounds: tags {@code min} and {@code max}, else the discovery spec's;
 *   <li>capacity: the VM size's vCPUs, memory and GPUs ({@code nvidia.com/gpu}), pods 110 or the
 *       AKS pool's {@code maxPods}, overridden by {@code
 *       k8s.io_cluster-autoscaler_node-template_resources_<resource>} tags;
 *   <li>labels: architecture, OS, instance type, region and zone ({@code <region>-<zone>}, {@code
 *       0} without zones), {@code kubernetes.azure.com/agentpool}, {@code
 *       kubernetes.azure.com/scalesetpriority: spot}, {@code kubernetes.azure.com/accelerator:
 *       nvidia}, the AKS pool's labels, then {@code …_node-template_label_<name>} tags;
 *   <li>taints: the AKS pool's, AKS's spot taint, then {@code …_node-template_taint_<key>} tags
 *       ({@code value:Effect}).
 * </ul>
 *
 * Azure tag names cannot hold {@code /}, so in label, taint and resource names {@code _} stands for
 * {@code /} and {@code ~2} for a literal {@code _}. Every bad tag is reported, each named.
 */
final class ScaleSetTags {
  static final String LABEL_PREFIX = "k8s.io_cluster-autoscaler_node-template_label_";
  static final String TAINT_PREFIX = "k8s.io_cluster-autoscaler_node-template_taint_";
  static final String RESOURCE_PREFIX = "k8s.io_cluster-autoscaler_node-template_resources_";
  static final String SPOT_LABEL = "kubernetes.azure.com/scalesetpriority";

  /** What a scale set's tags say about its node group. */
  record Shape(int min, int max, Optional<NodeTemplate> template) {}

  private final ScaleSet set;
  private final List<String> problems = new ArrayList<>();

  private ScaleSetTags(ScaleSet set) {
    this.set = set;
  }

  /**
   * Reads the bounds and, when the VM size is known, the template.
   *
   * @throws IllegalArgumentException naming the scale set and every bad or missing tag
   */
  static Shape read(
      ScaleSet set, DiscoverySpec spec, Optional<AgentPool> pool, Optional<VmSku> size) {
    ScaleSetTags tags = new ScaleSetTags(set);
    NodeGroupSpec named = spec.named().get(set.name());
    OptionalInt min =
        named != null ? OptionalInt.of(named.minSize()) : tags.bound("min", spec.min());
    OptionalInt max =
        named != null ? OptionalInt.of(named.maxSize()) : tags.bound("max", spec.max());
    if (min.isPresent() && max.isPresent() && min.getAsInt() > max.getAsInt()) {
      tags.problems.add(
          "tag min (" + min.getAsInt() + ") must not exceed tag max (" + max.getAsInt() + ")");
    }
    Optional<NodeTemplate> template = size.flatMap(s -> tags.template(s, pool));
    if (!tags.problems.isEmpty()) {
      throw new IllegalArgumentException(
          "scale set "
              + set.resourceGroup()
              + "/"
              + set.name()
              + ": "
              + String.join("; ", tags.problems));
    }
    return new Shape(min.getAsInt(), max.getAsInt(), template);
  }

  private OptionalInt bound(String name, OptionalInt fallback) {
    Optional<String> value = tag(name);
    if (value.isEmpty()) {
      if (fallback.isEmpty()) {
        problems.add("has no " + name + " tag and the discovery spec sets no " + name);
      }
      return fallback;
    }
    try {
      int n = Integer.parseInt(value.get().trim());
      if (n >= 0) {
        return OptionalInt.of(n);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add("tag " + name + " must be a whole number >= 0, got \"" + value.get() + "\"");
    return OptionalInt.of(0);
  }

  private Optional<String> tag(String name) {
    return set.tags().entrySet().stream()
        .filter(e -> e.getKey().equalsIgnoreCase(name))
        .map(Map.Entry::getValue)
        .findFirst();
  }

  private Optional<NodeTemplate> template(VmSku size, Optional<AgentPool> pool) {
    Map<String, String> capacity = new TreeMap<>();
    capacity.put(Resources.CPU, Integer.toString(size.vcpus()));
    capacity.put(Resources.MEMORY, size.memoryMiB() + "Mi");
    capacity.put(
        Resources.PODS,
        Integer.toString(pool.map(AgentPool::maxPods).filter(n -> n > 0).orElse(110)));
    if (size.gpus() > 0) {
      capacity.put("nvidia.com/gpu", Integer.toString(size.gpus()));
    }
    Map<String, String> labels = new LinkedHashMap<>(genericLabels(size));
    List<Taint> taints = new ArrayList<>();
    pool.ifPresent(p -> addPool(p, labels, taints));
    set.tags()
        .forEach((key, value) -> addTag(key, value == null ? "" : value, capacity, labels, taints));
    try {
      return Optional.of(new NodeTemplate(Resources.parse(capacity), labels, taints));
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
      return Optional.empty();
    }
  }

  private Map<String, String> genericLabels(VmSku size) {
    Map<String, String> labels = new LinkedHashMap<>();
    String region = set.location().toLowerCase(Locale.ROOT);
    labels.put("kubernetes.io/arch", size.arm64() ? "arm64" : "amd64");
    labels.put("kubernetes.io/os", "linux");
    labels.put("node.kubernetes.io/instance-type", set.sku());
    labels.put("topology.kubernetes.io/region", region);
    labels.put(
        "topology.kubernetes.io/zone",
        set.zones().stream().sorted().findFirst().map(z -> region + "-" + z).orElse("0"));
    if (!set.aksPool().isEmpty()) {
      labels.put("kubernetes.azure.com/agentpool", set.aksPool());
    }
    if (set.spot()) {
      labels.put(SPOT_LABEL, "spot");
    }
    if (size.gpus() > 0) {
      labels.put("kubernetes.azure.com/accelerator", "nvidia");
    }
    return labels;
  }

  private void addPool(AgentPool pool, Map<String, String> labels, List<Taint> taints) {
    labels.putAll(pool.nodeLabels());
    for (String taint : pool.nodeTaints()) {
      // AKS writes key=value:Effect (or key:Effect)
      int colon = taint.lastIndexOf(':');
      String head = colon < 0 ? taint : taint.substring(0, colon);
      int eq = head.indexOf('=');
      String key = eq < 0 ? head : head.substring(0, eq);
      String value = eq < 0 ? "" : head.substring(eq + 1);
      try {
        taints.add(Taint.parse(key, colon < 0 ? value : value + taint.substring(colon)));
      } catch (IllegalArgumentException e) {
        problems.add("AKS pool " + pool.name() + " taint \"" + taint + "\": " + e.getMessage());
      }
    }
    if (set.spot()) {
      // AKS taints every spot node so that only pods tolerating eviction land there
      taints.add(Taint.parse(SPOT_LABEL, "spot:NoSchedule"));
    }
  }

  private void addTag(
      String key,
      String value,
      Map<String, String> capacity,
      Map<String, String> labels,
      List<Taint> taints) {
    String lower = key.toLowerCase(Locale.ROOT);
    if (lower.startsWith(LABEL_PREFIX)) {
      String name = decode(key.substring(LABEL_PREFIX.length()));
      if (name.isEmpty()) {
        problems.add("tag " + key + " names no label");
      } else {
        labels.put(name, value);
      }
    } else if (lower.startsWith(TAINT_PREFIX)) {
      String name = decode(key.substring(TAINT_PREFIX.length()));
      try {
        taints.removeIf(t -> t.key().equals(name));
        taints.add(Taint.parse(name, value));
      } catch (IllegalArgumentException e) {
        problems.add("tag " + key + ": " + e.getMessage());
      }
    } else if (lower.startsWith(RESOURCE_PREFIX)) {
      String name = decode(key.substring(RESOURCE_PREFIX.length()));
      try {
        Resources.parse(Map.of(name, value));
        capacity.put(name, value);
      } catch (IllegalArgumentException e) {
        problems.add("tag " + key + ": expected a quantity like 100Gi or 2, got \"" + value + "\"");
      }
    }
  }

  /** CA's encoding of names in Azure tags: {@code _} is {@code /}, {@code ~2} is {@code _}. */
  static String decode(String encoded) {
    return encoded.replace("_", "/").replace("~2", "_");
  }
}
