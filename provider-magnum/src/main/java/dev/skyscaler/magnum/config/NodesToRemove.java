package dev.skyscaler.magnum.config;

/**
 * Whether the cluster's Magnum driver deletes the servers a resize names in {@code nodes_to_remove}
 * (the Heat driver and vexxhost's {@code magnum-cluster-api} do; {@code magnum-capi-helm} ignores
 * them and lets Cluster API choose). Set in cloud-config {@code [Skyscaler] nodes-to-remove}.
 */
public enum NodesToRemove {
  /** Ignored when the cluster template carries {@code magnum-capi-helm}'s labels, else honoured. */
  AUTO,
  HONOURED,
  IGNORED;

  static NodesToRemove parse(String value) {
    return switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "auto" -> AUTO;
      case "honoured", "honored" -> HONOURED;
      case "ignored" -> IGNORED;
      default -> throw new IllegalArgumentException(value);
    };
  }
}
