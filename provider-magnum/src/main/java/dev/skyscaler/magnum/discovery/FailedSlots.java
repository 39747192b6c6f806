package dev.skyscaler.magnum.discovery;

import java.util.Optional;

/**
 * The provider IDs of servers a failed resize never made ({@code magnum:///<node group
 * uuid>/failed- <n>}): instances for the core's failed-scale-up rules, which no node will ever
 * carry.
 */
public final class FailedSlots {
  private static final String PREFIX = "magnum:///";

  private FailedSlots() {}

  static String providerId(String groupUuid, int n) {
    return PREFIX + groupUuid + "/failed-" + n;
  }

  /** The node group uuid of a failed slot's provider ID; empty for any other ID. */
  public static Optional<String> groupOf(String providerId) {
    if (providerId == null || !providerId.startsWith(PREFIX) || !providerId.contains("/failed-")) {
      return Optional.empty();
    }
    String rest = providerId.substring(PREFIX.length());
    return Optional.of(rest.substring(0, rest.indexOf('/')));
  }
}
