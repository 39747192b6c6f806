package dev.skyscaler.core.model;

import java.util.HashMap;
import java.util.Map;

/**
 * A Namespace, as far as scheduling reads it: its name and labels, which a pod (anti-)affinity
 * term's {@code namespaceSelector} matches. Every namespace carries {@value #NAME_LABEL} with its
 * own name, as the API server sets it; a namespace written without that label gets it here.
 */
public record Namespace(String name, Map<String, String> labels) {
  /** The label the API server puts on every namespace, with the namespace's name. */
  public static final String NAME_LABEL = "kubernetes.io/metadata.name";

  public Namespace {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("namespace name must not be blank");
    }
    Map<String, String> all = new HashMap<>(labels);
    all.putIfAbsent(NAME_LABEL, name);
    labels = Map.copyOf(all);
  }
}
