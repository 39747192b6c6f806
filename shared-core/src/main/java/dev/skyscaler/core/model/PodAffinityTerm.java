package dev.skyscaler.core.model;

import java.util.Objects;
import java.util.Set;

/**
 * A required inter-pod (anti-)affinity term: pods matching {@code selector} in {@code namespaces}
 * (empty = the pod's own namespace; {@code allNamespaces} when a namespace selector selects every
 * namespace) within the same {@code topologyKey} domain.
 */
public record PodAffinityTerm(
    LabelSelector selector, Set<String> namespaces, boolean allNamespaces, String topologyKey) {
  public PodAffinityTerm {
    Objects.requireNonNull(selector, "selector");
    namespaces = Set.copyOf(namespaces);
    if (topologyKey == null || topologyKey.isBlank()) {
      throw new IllegalArgumentException("pod affinity term needs a topologyKey");
    }
  }

  /** True when a pod in {@code namespace} with {@code labels} is selected by this term. */
  public boolean selects(
      String ownerNamespace, String namespace, java.util.Map<String, String> labels) {
    boolean nsOk =
        allNamespaces
            || (namespaces.isEmpty()
                ? ownerNamespace.equals(namespace)
                : namespaces.contains(namespace));
    return nsOk && selector.matches(labels);
  }
}
