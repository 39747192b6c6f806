package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One Kubernetes object as parsed from a snapshot file, before translation.
 *
 * @param file the file, as the user named it
 * @param location where in the file: {@code document 2}, {@code document 1, items[3]}
 * @param body the object's fields
 */
record RawObject(String file, String location, String apiVersion, String kind, JsonNode body) {

  String namespace() {
    return ModelTranslator.namespaceOf(body.get("metadata"));
  }

  String name() {
    return ModelTranslator.name(body.get("metadata"));
  }

  /** {@code Pod default/web-1}, or {@code Node n1} and {@code Namespace data} (cluster-scoped). */
  String describe() {
    if (kind.equals("Node")) {
      return name() == null ? "Node (no name)" : "Node " + name();
    }
    if (kind.equals("Namespace")) {
      return ClusterNamespaces.describe(name());
    }
    return ModelTranslator.describe(kind, namespace(), name());
  }
}
