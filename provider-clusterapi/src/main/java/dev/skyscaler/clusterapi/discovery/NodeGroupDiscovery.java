package dev.skyscaler.clusterapi.discovery;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.objects.CapiMachine;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.objects.CapiObjects;
import dev.skyscaler.clusterapi.objects.MachineIds;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cluster API node groups from the objects read, in two steps as a scan overlaps them: {@link
 * #prepare} needs only the Cluster API objects ({@link Candidates}); {@link Prepared#match} joins
 * the workload cluster's nodes:
 *
 * <ul>
 *   <li>a node belongs to the MachinePool whose {@code providerIDList} has its provider ID, else to
 *       the group of the Machine with its provider ID (compared after the last {@code /}), else to
 *       the group of the Machine its annotations name ({@code cluster.x-k8s.io/machine} in {@code
 *       cluster.x-k8s.io/cluster-namespace});
 *   <li>each Machine is an instance: deleting ones {@code TERMINATING}, failed ones {@code FAILED}
 *       (a failed scale-up), ones without a node {@code PENDING} (upcoming), the others {@code
 *       RUNNING}; a MachinePool without Machines lists its {@code providerIDList};
 *   <li>two Machines with one provider ID fail the discovery, naming both;
 *   <li>the nodes of a MachineDeployment rolling out are {@link Discovery#noScaleDown}.
 * </ul>
 */
public final class NodeGroupDiscovery {
  private NodeGroupDiscovery() {}

  /** The node groups of {@code objects}, waiting for the nodes. */
  public static Prepared prepare(CapiObjects objects, ClusterApiOptions options) {
    Candidates c = new Candidates(objects, options);
    List<GroupCandidate> candidates = c.find();
    List<String> warnings = new ArrayList<>(objects.warnings());
    warnings.addAll(c.warnings());
    return new Prepared(candidates, options, warnings);
  }

  /** The groups found, before the nodes are matched. */
  public static final class Prepared {
    private final List<GroupCandidate> candidates;
    private final ClusterApiOptions options;
    private final List<String> warnings;

    private Prepared(
        List<GroupCandidate> candidates, ClusterApiOptions options, List<String> warnings) {
      this.candidates = List.copyOf(candidates);
      this.options = options;
      this.warnings = List.copyOf(warnings);
    }

    /** The node groups. */
    public List<GroupCandidate> candidates() {
      return candidates;
    }

    /** Why resources were left out, and the objects that could not be read. */
    public List<String> warnings() {
      return warnings;
    }

    /**
     * The discovery with {@code nodes} matched.
     *
     * @throws CapiObjectException when two Machines have the same provider ID
     */
    public Discovery match(List<Node> nodes) {
      Map<String, CapiMachine> byProviderId = machinesByProviderId();
      Map<String, Node> nodeByName = new HashMap<>();
      nodes.forEach(n -> nodeByName.put(n.name(), n));
      Map<String, String> groupOfMachine = new HashMap<>();
      Map<String, String> groupOfPoolId = new HashMap<>();
      for (GroupCandidate g : candidates) {
        g.machines().forEach(m -> groupOfMachine.put(key(m), g.id()));
        g.resource()
            .providerIds()
            .forEach(id -> groupOfPoolId.put(MachineIds.normalize(id), g.id()));
      }
      Map<String, Set<String>> members = new LinkedHashMap<>();
      candidates.forEach(g -> members.put(g.id(), new TreeSet<>()));
      for (Node n : nodes) {
        String group = groupOf(n, byProviderId, groupOfMachine, groupOfPoolId);
        if (group != null) {
          members.get(group).add(n.name());
        }
      }
      List<NodeGroup> groups = new ArrayList<>();
      List<CloudInstance> instances = new ArrayList<>();
      List<String> notes = new ArrayList<>(warnings);
      Map<String, String> noScaleDown = new TreeMap<>();
      for (GroupCandidate g : candidates) {
        Set<String> own = members.get(g.id());
        if (own.isEmpty() && g.template().isEmpty()) {
          notes.add(
              g.id()
                  + ": no node has registered yet and no scale-from-zero capacity is known: left"
                  + " out until one registers");
          continue;
        }
        groups.add(
            new NodeGroup(
                g.id(), g.min(), g.max(), g.replicas(), own, g.template(), OptionalDouble.empty()));
        instances.addAll(instances(g, nodeByName));
        g.rollout()
            .ifPresent(reason -> own.forEach(n -> noScaleDown.put(n, g.id() + " " + reason)));
        if (g.withoutMachines()) {
          notes.add(
              g.id()
                  + ": no Machine objects (its infrastructure provider keeps none per instance):"
                  + " a scale-down lowers replicas and cannot choose which instance goes");
        }
      }
      return new Discovery(groups, instances, notes, noScaleDown);
    }

    private String groupOf(
        Node n,
        Map<String, CapiMachine> byProviderId,
        Map<String, String> groupOfMachine,
        Map<String, String> groupOfPoolId) {
      String id = MachineIds.normalize(n.providerId());
      if (!id.isEmpty() && groupOfPoolId.containsKey(id)) {
        return groupOfPoolId.get(id);
      }
      CapiMachine m = id.isEmpty() ? null : byProviderId.get(id);
      if (m != null) {
        return groupOfMachine.get(key(m));
      }
      String machine = n.annotations().get(options.names().machineAnnotation());
      String namespace = n.annotations().get(options.names().clusterNamespaceAnnotation());
      if (machine != null && namespace != null) {
        return groupOfMachine.get(namespace + "/" + machine);
      }
      return null;
    }

    private Map<String, CapiMachine> machinesByProviderId() {
      Map<String, CapiMachine> byId = new HashMap<>();
      for (GroupCandidate g : candidates) {
        for (CapiMachine m : g.machines()) {
          String id = MachineIds.normalize(m.providerId());
          if (id.isEmpty()) {
            continue;
          }
          CapiMachine other = byId.putIfAbsent(id, m);
          if (other != null && !key(other).equals(key(m))) {
            throw new CapiObjectException(
                other.describe()
                    + " and "
                    + m.describe()
                    + " have the same provider ID "
                    + m.providerId()
                    + ": a node cannot be matched to one Machine; fix the Machines");
          }
        }
      }
      return byId;
    }

    private static List<CloudInstance> instances(GroupCandidate g, Map<String, Node> nodes) {
      List<CloudInstance> list = new ArrayList<>();
      if (g.withoutMachines()) {
        for (String id : g.resource().providerIds()) {
          list.add(new CloudInstance(g.id(), id, InstanceState.RUNNING, g.resource().created()));
        }
        return list;
      }
      for (CapiMachine m : g.machines()) {
        InstanceState state = state(m);
        String id = providerId(m, state, nodes);
        list.add(new CloudInstance(g.id(), id, state, m.created()));
      }
      return list;
    }

    private static InstanceState state(CapiMachine m) {
      if (m.deleting()) {
        return InstanceState.TERMINATING;
      }
      if (m.failed()) {
        return InstanceState.FAILED;
      }
      return m.nodeName().isEmpty() ? InstanceState.PENDING : InstanceState.RUNNING;
    }

    /** Its provider ID, else its node's, else CA's placeholder for its state. */
    private static String providerId(CapiMachine m, InstanceState state, Map<String, Node> nodes) {
      if (!m.providerId().isEmpty()) {
        return m.providerId();
      }
      Node n = nodes.get(m.nodeName());
      if (n != null && !n.providerId().isEmpty()) {
        return n.providerId();
      }
      String prefix =
          switch (state) {
            case TERMINATING -> MachineIds.DELETING;
            case FAILED -> MachineIds.FAILED;
            default -> MachineIds.PENDING;
          };
      return MachineIds.placeholder(prefix, m.namespace(), m.name());
    }

    private static String key(CapiMachine m) {
      return m.namespace() + "/" + m.name();
    }
  }
}
