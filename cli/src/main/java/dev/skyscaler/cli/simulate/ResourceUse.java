package dev.skyscaler.cli.simulate;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the pods bound to one node request, kept up to date as pods come and go: CPU, memory,
 * ephemeral storage, extended resources (GPUs, ...) and the pod slots they take. Summed over the
 * Ready nodes it gives the share of each resource in use ({@link #shares}), which is what tells
 * whether CPU, memory or the pod count ran out.
 */
final class ResourceUse {
  private long cpu;
  private long memory;
  private long storage;
  private long pods;
  private Map<String, Long> extended;

  void add(Pod p, int sign) {
    Resources r = p.requests();
    cpu += sign * r.cpu();
    memory += sign * r.memory();
    storage += sign * r.ephemeralStorage();
    pods += sign;
    if (!r.extended().isEmpty()) {
      if (extended == null) {
        extended = new TreeMap<>();
      }
      r.extended().forEach((name, amount) -> extended.merge(name, sign * amount, Long::sum));
    }
  }

  /**
   * The share of the allocatable of {@code nodes} that their pods request, per resource: CPU,
   * memory and pod slots always, ephemeral storage and extended resources when some pod requests
   * them. A resource of no allocatable counts as 0.
   *
   * @param use what is requested on each node, by node name; nodes without pods may be absent
   */
  static Map<String, Double> shares(Collection<Node> nodes, Map<String, ResourceUse> use) {
    ResourceUse sum = new ResourceUse();
    ResourceUse allocatable = new ResourceUse();
    for (Node n : nodes) {
      if (!n.ready()) {
        continue;
      }
      allocatable.add(n.allocatable());
      ResourceUse u = use.get(n.name());
      if (u != null) {
        sum.plus(u);
      }
    }
    Map<String, Double> shares = new LinkedHashMap<>();
    shares.put(Resources.CPU, share(sum.cpu, allocatable.cpu));
    shares.put(Resources.MEMORY, share(sum.memory, allocatable.memory));
    shares.put(Resources.PODS, share(sum.pods, allocatable.pods));
    if (sum.storage > 0) {
      shares.put(Resources.EPHEMERAL_STORAGE, share(sum.storage, allocatable.storage));
    }
    if (sum.extended != null) {
      sum.extended.forEach(
          (name, amount) -> {
            if (amount > 0) {
              shares.put(name, share(amount, allocatable.extended(name)));
            }
          });
    }
    return shares;
  }

  /** Adds a node's allocatable, its pod slots included. */
  private void add(Resources r) {
    cpu += r.cpu();
    memory += r.memory();
    storage += r.ephemeralStorage();
    pods += r.pods();
    if (!r.extended().isEmpty()) {
      if (extended == null) {
        extended = new TreeMap<>();
      }
      r.extended().forEach((name, amount) -> extended.merge(name, amount, Long::sum));
    }
  }

  private long extended(String name) {
    return extended == null ? 0 : extended.getOrDefault(name, 0L);
  }

  private void plus(ResourceUse o) {
    cpu += o.cpu;
    memory += o.memory;
    storage += o.storage;
    pods += o.pods;
    if (o.extended != null) {
      if (extended == null) {
        extended = new TreeMap<>();
      }
      o.extended.forEach((name, amount) -> extended.merge(name, amount, Long::sum));
    }
  }

  private static double share(long used, long total) {
    return total <= 0 ? 0 : (double) used / total;
  }
}
