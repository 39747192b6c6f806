package dev.skyscaler.magnum.discovery;

import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.magnum.api.Flavor;
import dev.skyscaler.magnum.api.MagnumNodeGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The scale-from-zero template of a Magnum node group: its Nova flavor's vCPUs, RAM and disk, minus
 * the kubelet reservation below, with the labels a node of the group registers with.
 *
 * <p>The reservation: Magnum's drivers leave {@code --kube-reserved} and {@code --system-reserved}
 * unset, so a node's allocatable is its capacity minus kubelet's hard eviction thresholds ({@code
 * memory.available<100Mi}, {@code nodefs.available<10%}); {@value #RESERVED_CPU_MILLI}m CPU and
 * {@value #RESERVED_MEMORY_MIB} MiB more are kept for the OS and the container runtime, so that a
 * template never promises what a real node cannot hold. A flavor with a 0 GiB root disk boots from
 * a volume of the group's {@code boot_volume_size} label (GiB), when set.
 */
public final class FlavorTemplate {
  public static final long RESERVED_CPU_MILLI = 100;
  public static final long RESERVED_MEMORY_MIB = 256 + 100;
  public static final int EVICTION_DISK_PERCENT = 10;

  private static final Pattern LABEL_KEY =
      Pattern.compile(
          "^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$");

  private FlavorTemplate() {}

  public static NodeTemplate of(Flavor f, MagnumNodeGroup g) {
    long cpu = Math.max(0, f.vcpus() * 1000L - RESERVED_CPU_MILLI);
    long memory = Math.max(0, (f.ramMiB() - RESERVED_MEMORY_MIB) << 20);
    long diskGiB = f.diskGiB() > 0 ? f.diskGiB() : bootVolume(g);
    long disk = (diskGiB << 30) * (100 - EVICTION_DISK_PERCENT) / 100;
    return new NodeTemplate(
        new Resources(cpu, memory, disk, 110, Map.of()), labels(f, g), List.of());
  }

  private static long bootVolume(MagnumNodeGroup g) {
    try {
      return Long.parseLong(g.labels().getOrDefault("boot_volume_size", "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * The group's Magnum labels that are valid Kubernetes labels (as Cluster Autoscaler copies them),
   * then {@code magnum.openstack.org/nodegroup} and {@code /role}, the flavor as instance type, and
   * the OS.
   */
  static Map<String, String> labels(Flavor f, MagnumNodeGroup g) {
    Map<String, String> labels = new LinkedHashMap<>();
    g.labels()
        .forEach(
            (k, v) -> {
              if (LABEL_KEY.matcher(k).matches() && LABEL_VALUE.matcher(v).matches()) {
                labels.put(k, v);
              }
            });
    labels.put("magnum.openstack.org/nodegroup", g.name());
    labels.put("magnum.openstack.org/role", g.role());
    if (LABEL_VALUE.matcher(f.name()).matches()) {
      labels.put("node.kubernetes.io/instance-type", f.name());
    }
    labels.put("kubernetes.io/os", "linux");
    return labels;
  }
}
