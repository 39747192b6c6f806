package dev.skyscaler.core.model;

import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A required inter-pod (anti-)affinity term: pods matching {@code selector} within the same {@code
 * topologyKey} domain, in the namespaces the term names. Which namespaces, as kube-scheduler reads
 * them:
 *
 * <ul>
 *   <li>no {@code namespaces} and no namespace selector: the owner pod's own namespace;
 *   <li>{@code namespaces}: those, plus the namespaces {@code namespaceSelector} selects;
 *   <li>{@code allNamespaces}: the namespace selector was {@code {}}, which selects every
 *       namespace.
 * </ul>
 *
 * <p>A non-empty {@code namespaceSelector} needs the cluster's Namespace objects to be read: {@link
 * #resolved} turns it into names, as kube-scheduler's PreFilter does, and leaves {@link
 * LabelSelector#NOTHING} in its place. Until then the term selects pods in every namespace (the
 * guess the plan warns about when the snapshot has no Namespace objects).
 *
 * @param namespaceSelector a non-empty namespace selector, or empty when the term has none ({@code
 *     {}} is {@code allNamespaces})
 */
public record PodAffinityTerm(
    LabelSelector selector,
    Set<String> namespaces,
    boolean allNamespaces,
    Optional<LabelSelector> namespaceSelector,
    String topologyKey) {
  public PodAffinityTerm {
    Objects.requireNonNull(selector, "selector");
    namespaces = Set.copyOf(namespaces);
    Objects.requireNonNull(namespaceSelector, "namespaceSelector");
    if (topologyKey == null || topologyKey.isBlank()) {
      throw new IllegalArgumentException("pod affinity term needs a topologyKey");
    }
  }

  /** A term without a namespace selector. */
  public PodAffinityTerm(
      LabelSelector selector, Set<String> namespaces, boolean allNamespaces, String topologyKey) {
    this(selector, namespaces, allNamespaces, Optional.empty(), topologyKey);
  }

  /** True while a non-empty namespace selector waits for the cluster's Namespace objects. */
  public boolean unresolved() {
    return namespaceSelector.isPresent() && !namespaceSelector.get().equals(LabelSelector.NOTHING);
  }

  /** True when pods of every namespace count: {@code {}}, or a selector not resolved. */
  public boolean everyNamespace() {
    return allNamespaces || unresolved();
  }

  /** The namespaces the term selects pods in, for an owner in {@code ownerNamespace}. */
  public Set<String> namespacesFor(String ownerNamespace) {
    return namespaces.isEmpty() && namespaceSelector.isEmpty()
        ? Set.of(ownerNamespace)
        : namespaces;
  }

  /**
   * The term with its namespace selector turned into names: {@code namespaces} plus every namespace
   * whose labels {@code namespaceLabels} (by name) the selector matches.
   */
  public PodAffinityTerm resolved(Map<String, Map<String, String>> namespaceLabels) {
    if (!unresolved()) {
      return this;
    }
    Set<String> names = new HashSet<>(namespaces);
    LabelSelector s = namespaceSelector.get();
    namespaceLabels.forEach(
        (name, labels) -> {
          if (s.matches(labels)) {
            names.add(name);
          }
        });
    return new PodAffinityTerm(
        selector, names, allNamespaces, Optional.of(LabelSelector.NOTHING), topologyKey);
  }

  /** The term read as selecting every namespace (no Namespace objects to resolve it with). */
  public PodAffinityTerm everyNamespaceGuess() {
    return unresolved()
        ? new PodAffinityTerm(selector, Set.of(), true, Optional.empty(), topologyKey)
        : this;
  }

  /** True when a pod in {@code namespace} with {@code labels} is selected by this term. */
  public boolean selects(String ownerNamespace, String namespace, Map<String, String> labels) {
    boolean nsOk = everyNamespace() || namespacesFor(ownerNamespace).contains(namespace);
    return nsOk && selector.matches(labels);
  }
}
