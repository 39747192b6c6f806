package dev.skyscaler.kubernetes;

import java.util.Map;

/**
 * One Kubernetes object as parsed from a snapshot file, before typing.
 *
 * @param file the file, as the user named it
 * @param location where in the file: {@code document 2}, {@code document 1, items[3]}
 * @param body the object's fields
 */
record RawObject(
    String file, String location, String apiVersion, String kind, Map<String, Object> body) {

  String namespace() {
    Object ns = metadata().get("namespace");
    return ns == null || ns.toString().isBlank() ? "default" : ns.toString();
  }

  String name() {
    Object name = metadata().get("name");
    return name == null ? null : name.toString();
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

  private Map<?, ?> metadata() {
    return body.get("metadata") instanceof Map<?, ?> m ? m : Map.of();
  }
}
