package dev.skyscaler.magnum.discovery;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.NodeGroupSpec;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.magnum.api.MagnumNodeGroup;
import dev.skyscaler.magnum.api.Server;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.config.NodesToRemove;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which Magnum node groups are node groups, and what they hold, as Cluster Autoscaler's {@code
 * magnum} provider decides, without Heat: a selected group ({@link MagnumOptions#selects}) with a
 * {@code max_node_count} (or bounds from {@code --nodes}); its servers are those whose address is
 * in the group's {@code node_addresses}, else whose name starts with the cluster's name and holds
 * the group's ({@code <cluster>-<group>-...}, as the Cluster API drivers name them). A node is a
 * member when its provider ID names one of the servers ({@code openstack:///<id>}), or, without a
 * provider ID, its name is the server's.
 *
 * <p>Magnum's states drive the rest: a group short of servers while the cluster is {@code
 * UPDATE_FAILED} (or the group {@code *_FAILED}) shows the missing ones as failed instances, so the
 * core backs the group off; while an update is in progress they are upcoming. Where the driver
 * ignores {@code nodes_to_remove}, every node of the group is kept from scale-down, with the
 * reason.
 */
public final class NodeGroupDiscovery {
  private NodeGroupDiscovery() {}

  /** The cloud side of a discovery, ready to be matched with the cluster's nodes. */
  public record Prepared(CloudState state, List<MagnumGroup> groups, List<String> warnings) {
    public Prepared {
      groups = List.copyOf(groups);
      warnings = List.copyOf(warnings);
    }

    /** The discovery with {@code nodes} matched to the groups. */
    public Discovery match(List<Node> nodes) {
      List<NodeGroup> out = new ArrayList<>();
      List<CloudInstance> instances = new ArrayList<>();
      List<String> warn = new ArrayList<>(warnings);
      Map<String, String> noScaleDown = new TreeMap<>();
      for (MagnumGroup g : groups) {
        Set<String> members = members(g, nodes);
        if (members.isEmpty() && g.template().isEmpty()) {
          warn.add(
              g.name()
                  + ": has no nodes and Nova has no flavor "
                  + g.group().flavorId()
                  + " to build a template from; left out");
          continue;
        }
        out.add(
            new NodeGroup(
                g.name(),
                g.min(),
                g.max(),
                g.group().nodeCount(),
                members,
                g.template(),
                OptionalDouble.empty()));
        instances.addAll(instances(g, state));
        if (state.removal() == NodesToRemove.IGNORED) {
          members.forEach(
              m ->
                  noScaleDown.put(
                      m,
                      "Magnum node group "
                          + g.name()
                          + ": the cluster's driver ignores nodes_to_remove (magnum-capi-helm), so"
                          + " a resize could remove another node than the one drained; set"
                          + " [Skyscaler] nodes-to-remove = honoured in cloud-config to override"));
        }
      }
      return new Discovery(out, instances, warn, noScaleDown);
    }
  }

  public static Prepared prepare(CloudState state, MagnumOptions options) {
    List<MagnumGroup> groups = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Set<String> claimed = new HashSet<>();
    for (MagnumNodeGroup g : state.groups()) {
      if (!options.selects(g.name(), g.role())) {
        continue;
      }
      NodeGroupSpec flag = options.staticGroups().get(g.name());
      int min = flag != null ? flag.minSize() : g.minNodeCount();
      int max;
      if (flag != null) {
        max = flag.maxSize();
      } else if (g.maxNodeCount().isEmpty()) {
        if (!options.roles().isEmpty()) {
          warnings.add(g.name() + ": has no max_node_count, so it is not autoscaled");
        }
        continue;
      } else {
        max = g.maxNodeCount().get();
      }
      if (max < min || max == 0) {
        warnings.add(g.name() + ": min " + min + " and max " + max + " are not a range; left out");
        continue;
      }
      List<Server> servers = servers(g, state, claimed);
      var flavor = state.flavors().get(g.flavorId());
      groups.add(
          new MagnumGroup(
              g,
              min,
              max,
              servers,
              java.util.Optional.ofNullable(flavor).map(f -> FlavorTemplate.of(f, g))));
    }
    for (String name : options.staticGroups().keySet()) {
      if (groups.stream().noneMatch(g -> g.name().equals(name))) {
        warnings.add(
            "--nodes: Magnum cluster " + state.cluster().name() + " has no node group " + name);
      }
    }
    return new Prepared(state, groups, warnings);
  }

  private static List<Server> servers(MagnumNodeGroup g, CloudState state, Set<String> claimed) {
    Set<String> addresses = new HashSet<>(g.nodeAddresses());
    String prefix = state.cluster().name() + "-";
    String infix = "-" + g.name() + "-";
    List<Server> mine = new ArrayList<>();
    for (Server s : state.servers()) {
      boolean byAddress = s.addresses().stream().anyMatch(addresses::contains);
      boolean byName = s.name().startsWith(prefix) && s.name().contains(infix);
      if ((byAddress || byName) && claimed.add(s.id())) {
        mine.add(s);
      }
    }
    return mine;
  }

  private static Set<String> members(MagnumGroup g, List<Node> nodes) {
    Set<String> ids = new HashSet<>();
    Set<String> names = new HashSet<>();
    g.servers()
        .forEach(
            s -> {
              ids.add(s.id());
              names.add(s.name());
            });
    Set<String> members = new LinkedHashSet<>();
    for (Node n : nodes) {
      String id = ServerIds.of(n.providerId());
      if (id.isEmpty() ? n.providerId().isBlank() && names.contains(n.name()) : ids.contains(id)) {
        members.add(n.name());
      }
    }
    return members;
  }

  private static List<CloudInstance> instances(MagnumGroup g, CloudState state) {
    List<CloudInstance> out = new ArrayList<>();
    for (Server s : g.servers()) {
      out.add(new CloudInstance(g.name(), s.providerId(), state(s), s.created()));
    }
    int shortBy = g.group().nodeCount() - g.live().size();
    boolean failed = state.cluster().failed() || g.group().status().endsWith("_FAILED");
    for (int i = 0; failed && i < shortBy; i++) {
      out.add(
          new CloudInstance(
              g.name(),
              FailedSlots.providerId(g.group().uuid(), i),
              InstanceState.FAILED,
              java.time.Instant.EPOCH));
    }
    return out;
  }

  private static InstanceState state(Server s) {
    if (s.deleting()) {
      return InstanceState.TERMINATING;
    }
    return switch (s.status()) {
      case "BUILD" -> InstanceState.PENDING;
      case "ERROR" -> InstanceState.FAILED;
      default -> InstanceState.RUNNING;
    };
  }
}
