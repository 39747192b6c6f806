package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.objects.CapiNames;
import dev.skyscaler.clusterapi.objects.InfrastructureTemplate;
import dev.skyscaler.clusterapi.objects.ScalableResource;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The template of a node a scalable resource would add, as Cluster Autoscaler's {@code clusterapi}
 * provider builds it for scaling from zero:
 *
 * <ul>
 *   <li>capacity: the infrastructure template's {@code status.capacity} (values that do not parse
 *       are skipped, as CA does), overridden by the {@code
 *       capacity.cluster-autoscaler.kubernetes.io} annotations {@code cpu}, {@code memory}, {@code
 *       ephemeral-disk}, {@code maxPods}, and {@code gpu-count} of resource {@code gpu-type} (both
 *       needed); pods default to 110;
 *   <li>it can scale from zero only when cpu and memory are both known;
 *   <li>labels: {@code kubernetes.io/os=linux} and {@code kubernetes.io/arch} (the default
 *       architecture), then the infrastructure template's {@code status.nodeInfo}, then the labels
 *       Cluster API copies to nodes from {@code spec.template.metadata.labels} ({@code
 *       node-role.kubernetes.io/*}, {@code [*.]node-restriction.kubernetes.io/*}, {@code
 *       [*.]node.cluster.x-k8s.io/*}), then the {@code labels} annotation ({@code k1=v1,k2=v2});
 *   <li>taints: {@code spec.template.spec.taints}, then the {@code taints} annotation ({@code
 *       k=v:NoSchedule,k2:NoExecute}), which replaces a taint of the same key and effect.
 * </ul>
 *
 * An annotation that does not parse fails with {@link IllegalArgumentException} naming it.
 */
final class ScaleFromZero {
  static final int MAX_ANNOTATION_ENTRIES = 64;
  private static final String ARCH = "kubernetes.io/arch";
  private static final String OS = "kubernetes.io/os";

  private ScaleFromZero() {}

  /** The template, or empty when cpu or memory is unknown. */
  static Optional<NodeTemplate> template(
      ScalableResource r, Optional<InfrastructureTemplate> infra, String defaultArch) {
    InfrastructureTemplate t = infra.orElse(InfrastructureTemplate.NONE);
    Map<String, String> a = r.annotations();
    Map<String, Long> amounts = new TreeMap<>();
    t.capacity()
        .forEach((name, text) -> fromStatus(name, text).ifPresent(v -> amounts.put(name, v)));
    annotation(a, CapiNames.CPU, true).ifPresent(v -> amounts.put(Resources.CPU, v));
    annotation(a, CapiNames.MEMORY, false).ifPresent(v -> amounts.put(Resources.MEMORY, v));
    annotation(a, CapiNames.EPHEMERAL_DISK, false)
        .ifPresent(v -> amounts.put(Resources.EPHEMERAL_STORAGE, v));
    wholeNumber(a, CapiNames.MAX_PODS).ifPresent(v -> amounts.put(Resources.PODS, v));
    Optional<Long> gpus = wholeNumber(a, CapiNames.GPU_COUNT);
    String gpuType = a.getOrDefault(CapiNames.GPU_TYPE, "");
    if (gpus.isPresent() && gpus.get() > 0 && !gpuType.isBlank()) {
      amounts.put(gpuType.trim(), gpus.get());
    }
    if (amounts.getOrDefault(Resources.CPU, 0L) <= 0
        || amounts.getOrDefault(Resources.MEMORY, 0L) <= 0) {
      return Optional.empty();
    }
    return Optional.of(new NodeTemplate(resources(amounts), labels(r, t, defaultArch), taints(r)));
  }

  private static Resources resources(Map<String, Long> amounts) {
    Map<String, Long> extended = new TreeMap<>(amounts);
    long cpu = nz(extended.remove(Resources.CPU));
    long memory = nz(extended.remove(Resources.MEMORY));
    long storage = nz(extended.remove(Resources.EPHEMERAL_STORAGE));
    long pods = extended.containsKey(Resources.PODS) ? extended.remove(Resources.PODS) : 110;
    return new Resources(cpu, memory, storage, pods, extended);
  }

  private static Optional<Long> fromStatus(String name, String text) {
    try {
      return Optional.of(
          name.equals(Resources.CPU) ? Quantity.parseMilli(text) : Quantity.parseUnits(text));
    } catch (RuntimeException e) {
      return Optional.empty(); // as CA: a capacity that does not parse is not added
    }
  }

  private static Optional<Long> annotation(Map<String, String> a, String key, boolean milli) {
    String text = a.get(key);
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          milli ? Quantity.parseMilli(text.trim()) : Quantity.parseUnits(text.trim()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "annotation " + key + ": expected a quantity such as 4 or 16Gi, got \"" + text + "\"");
    }
  }

  private static Optional<Long> wholeNumber(Map<String, String> a, String key) {
    String text = a.get(key);
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      long v = Long.parseLong(text.trim());
      if (v >= 0) {
        return Optional.of(v);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "annotation " + key + ": expected a whole number >= 0, got \"" + text + "\"");
  }

  private static Map<String, String> labels(
      ScalableResource r, InfrastructureTemplate t, String defaultArch) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(OS, "linux");
    labels.put(ARCH, defaultArch);
    if (!t.architecture().isEmpty()) {
      labels.put(ARCH, t.architecture());
    }
    if (!t.operatingSystem().isEmpty()) {
      labels.put(OS, t.operatingSystem());
    }
    r.templateLabels()
        .forEach(
            (k, v) -> {
              if (managed(k)) {
                labels.put(k, v);
              }
            });
    for (String entry : entries(r.annotations().get(CapiNames.LABELS), CapiNames.LABELS)) {
      int eq = entry.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "annotation " + CapiNames.LABELS + ": expected key=value pairs, got \"" + entry + "\"");
      }
      labels.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
    }
    return labels;
  }

  /** The label domains Cluster API copies from a Machine to its Node. */
  static boolean managed(String key) {
    int slash = key.indexOf('/');
    if (slash < 0) {
      return false;
    }
    String domain = key.substring(0, slash);
    return domain.equals("node-role.kubernetes.io")
        || domain.equals("node-restriction.kubernetes.io")
        || domain.endsWith(".node-restriction.kubernetes.io")
        || domain.equals("node.cluster.x-k8s.io")
        || domain.endsWith(".node.cluster.x-k8s.io");
  }

  private static List<Taint> taints(ScalableResource r) {
    List<Taint> taints = new ArrayList<>(r.templateTaints());
    for (String entry : entries(r.annotations().get(CapiNames.TAINTS), CapiNames.TAINTS)) {
      Taint t = taint(entry);
      taints.removeIf(old -> old.key().equals(t.key()) && old.effect() == t.effect());
      taints.add(t);
    }
    return taints;
  }

  /** {@code key=value:Effect} or {@code key:Effect}. */
  private static Taint taint(String entry) {
    try {
      int colon = entry.lastIndexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException("no effect");
      }
      String keyValue = entry.substring(0, colon);
      int eq = keyValue.indexOf('=');
      String key = eq < 0 ? keyValue : keyValue.substring(0, eq);
      String value = eq < 0 ? "" : keyValue.substring(eq + 1);
      return Taint.parse(key.trim(), value.trim() + ":" + entry.substring(colon + 1).trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "annotation "
              + CapiNames.TAINTS
              + ": expected key=value:Effect entries with Effect one of NoSchedule,"
              + " PreferNoSchedule, NoExecute, got \""
              + entry
              + "\"");
    }
  }

  private static List<String> entries(String value, String key) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    List<String> entries = new ArrayList<>();
    for (String e : value.split(",")) {
      if (!e.isBlank()) {
        entries.add(e.trim());
      }
    }
    if (entries.size() > MAX_ANNOTATION_ENTRIES) {
      throw new IllegalArgumentException(
          "annotation "
              + key
              + ": "
              + entries.size()
              + " entries; at most "
              + MAX_ANNOTATION_ENTRIES
              + " are read");
    }
    return entries;
  }

  private static long nz(Long v) {
    return v == null ? 0 : v;
  }
}
