package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which object an API object is: its namespace (empty for cluster-scoped kinds) and name. Objects
 * are kept and handed to the core in this order, so a read gives the same snapshot whichever order
 * the server listed them in.
 */
record ObjectKey(String namespace, String name) implements Comparable<ObjectKey> {
  /** The key of an object's tree; a missing namespace of a namespaced kind is {@code default}. */
  static ObjectKey of(JsonNode object, boolean namespaced) {
    JsonNode meta = object.get("metadata");
    String name = ModelTranslator.name(meta);
    return new ObjectKey(
        namespaced ? ModelTranslator.namespaceOf(meta) : "", name == null ? "" : name);
  }

  @Override
  public int compareTo(ObjectKey o) {
    int byNamespace = namespace.compareTo(o.namespace);
    return byNamespace != 0 ? byNamespace : name.compareTo(o.name);
  }
}
