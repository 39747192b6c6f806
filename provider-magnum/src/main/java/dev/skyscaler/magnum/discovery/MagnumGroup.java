package dev.skyscaler.magnum.discovery;

import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.magnum.api.MagnumNodeGroup;
import dev.skyscaler.magnum.api.Server;
import java.util.List;
import java.util.Optional;

/**
 * A Magnum node group that is one of Skyscaler's node groups, with its bounds (from {@code
 * --nodes}, else from Magnum), its servers and its scale-from-zero template.
 */
public record MagnumGroup(
    MagnumNodeGroup group,
    int min,
    int max,
    List<Server> servers,
    Optional<NodeTemplate> template) {
  public MagnumGroup {
    servers = List.copyOf(servers);
  }

  public String name() {
    return group.name();
  }

  /** Servers that are or will be nodes: not failed, not being deleted. */
  public List<Server> live() {
    return servers.stream().filter(s -> !s.deleting() && !"ERROR".equals(s.status())).toList();
  }
}
