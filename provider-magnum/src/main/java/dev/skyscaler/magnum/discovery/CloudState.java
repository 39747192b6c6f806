package dev.skyscaler.magnum.discovery;

import dev.skyscaler.magnum.api.Flavor;
import dev.skyscaler.magnum.api.MagnumCluster;
import dev.skyscaler.magnum.api.MagnumNodeGroup;
import dev.skyscaler.magnum.api.Server;
import dev.skyscaler.magnum.config.NodesToRemove;
import java.util.List;
import java.util.Map;

/**
 * What one read of OpenStack found for the cluster: the cluster, its node groups (all of them,
 * selected or not), the project's servers, the flavors of the groups (by the group's {@code
 * flavor_id}; absent when Nova has none) and whether the driver honours {@code nodes_to_remove}.
 */
public record CloudState(
    MagnumCluster cluster,
    List<MagnumNodeGroup> groups,
    List<Server> servers,
    Map<String, Flavor> flavors,
    NodesToRemove removal) {
  public CloudState {
    groups = List.copyOf(groups);
    servers = List.copyOf(servers);
    flavors = Map.copyOf(flavors);
    if (removal == NodesToRemove.AUTO) {
      throw new IllegalArgumentException("the removal of a read cluster is decided, not auto");
    }
  }
}
