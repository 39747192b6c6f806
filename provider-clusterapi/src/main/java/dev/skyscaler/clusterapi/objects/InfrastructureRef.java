package dev.skyscaler.clusterapi.objects;

import java.util.Objects;

/**
 * A scalable resource's {@code spec.template.spec.infrastructureRef}: v1beta1 names the template by
 * {@code apiVersion}, v1beta2 by {@code apiGroup} only (the served version is looked up).
 *
 * @param version empty for a v1beta2 reference
 */
public record InfrastructureRef(String group, String version, String kind, String name) {
  public InfrastructureRef {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(version, "version");
    if (kind == null || kind.isBlank() || name == null || name.isBlank()) {
      throw new IllegalArgumentException("an infrastructure reference needs a kind and a name");
    }
  }

  @Override
  public String toString() {
    return kind + " " + name + " (" + (version.isEmpty() ? group : group + "/" + version) + ")";
  }
}
