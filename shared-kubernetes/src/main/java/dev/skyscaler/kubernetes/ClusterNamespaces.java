package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.Namespace;

/**
 * Namespace objects translated into the core model: their names and labels, which pod
 * (anti-)affinity {@code namespaceSelector}s match. Read live with the other kinds a scan lists
 * ({@link ObjectKind#NAMESPACES}), and from snapshot files ({@code kubectl get
 * namespaces,nodes,pods,... -o yaml}).
 */
final class ClusterNamespaces {
  private ClusterNamespaces() {}

  /**
   * The namespace's name and labels, from its JSON tree.
   *
   * @throws SnapshotException naming the namespace and the field that cannot be represented
   */
  static Namespace toNamespace(JsonNode namespace) {
    JsonNode meta = Fields.get(namespace, "metadata");
    String name = ModelTranslator.name(meta);
    return Fields.translating(
        describe(name),
        () ->
            new Namespace(
                SchedulingTerms.required(name, "metadata.name"),
                Fields.strings(meta, "labels", "metadata")));
  }

  /** {@code Namespace data}: namespaces are cluster-scoped. */
  static String describe(String name) {
    return name == null ? "Namespace (no name)" : "Namespace " + name;
  }
}
