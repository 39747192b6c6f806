package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.Namespace;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * Namespace objects translated into the core model: their names and labels, which pod
 * (anti-)affinity {@code namespaceSelector}s match. Read live with one paginated list, and from
 * snapshot files ({@code kubectl get namespaces,nodes,pods,... -o yaml}).
 */
final class ClusterNamespaces {
  private ClusterNamespaces() {}

  /**
   * The namespace's name and labels.
   *
   * @throws SnapshotException naming the namespace and the field that cannot be represented
   */
  static Namespace toNamespace(io.fabric8.kubernetes.api.model.Namespace namespace) {
    ObjectMeta meta = namespace.getMetadata() == null ? new ObjectMeta() : namespace.getMetadata();
    return Fields.translating(
        meta.getName() == null ? "Namespace (no name)" : "Namespace " + meta.getName(),
        () ->
            new Namespace(
                SchedulingTerms.required(meta.getName(), "metadata.name"),
                Fields.strings(meta.getLabels(), "metadata.labels")));
  }

  /** {@code Namespace data}: namespaces are cluster-scoped. */
  static String describe(String name) {
    return name == null ? "Namespace (no name)" : "Namespace " + name;
  }
}
