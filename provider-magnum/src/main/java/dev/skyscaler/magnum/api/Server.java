package dev.skyscaler.magnum.api;

import java.time.Instant;
import java.util.List;

/**
 * A Nova server as {@code GET /servers/detail} answers.
 *
 * @param status {@code BUILD}, {@code ACTIVE}, {@code ERROR}, {@code DELETED}, ...
 * @param taskState {@code OS-EXT-STS:task_state}, e.g. {@code deleting}; empty when none
 */
public record Server(
    String id,
    String name,
    String status,
    String taskState,
    List<String> addresses,
    Instant created) {
  public Server {
    addresses = List.copyOf(addresses);
  }

  public String providerId() {
    return "openstack:///" + id;
  }

  public boolean deleting() {
    return "deleting".equals(taskState)
        || "DELETED".equals(status)
        || "SOFT_DELETED".equals(status);
  }
}
