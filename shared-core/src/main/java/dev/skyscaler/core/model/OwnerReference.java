package dev.skyscaler.core.model;

/** The controller owning a pod (the ownerReference with {@code controller: true}). */
public record OwnerReference(String kind, String name, String uid) {
  public OwnerReference {
    if (kind == null || kind.isBlank()) {
      throw new IllegalArgumentException("owner reference needs a kind");
    }
    name = name == null ? "" : name;
    uid = uid == null ? "" : uid;
  }

  public boolean isDaemonSet() {
    return "DaemonSet".equals(kind);
  }
}
