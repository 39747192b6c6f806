package dev.skyscaler.clusterapi.objects;

import java.util.Optional;

/**
 * A namespaced Cluster API object by kind, namespace and name. {@link #id()} is the node group id
 * Cluster Autoscaler writes for a scalable resource: {@code MachineDeployment/<ns>/<name>}.
 */
public record ObjectRef(String kind, String namespace, String name) {
  public ObjectRef {
    if (kind == null || kind.isBlank() || name == null || name.isBlank()) {
      throw new IllegalArgumentException("an object reference needs a kind and a name");
    }
    namespace = namespace == null ? "" : namespace;
  }

  /** {@code Kind/namespace/name}. */
  public String id() {
    return kind + "/" + namespace + "/" + name;
  }

  /** Parses a node group id; empty when it is not {@code Kind/namespace/name} of a known kind. */
  public static Optional<ObjectRef> parseId(String id) {
    String[] parts = id == null ? new String[0] : id.split("/", -1);
    if (parts.length != 3 || !ScalableKind.names().contains(parts[0])) {
      return Optional.empty();
    }
    if (parts[1].isEmpty() || parts[2].isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new ObjectRef(parts[0], parts[1], parts[2]));
  }

  @Override
  public String toString() {
    return id();
  }
}
