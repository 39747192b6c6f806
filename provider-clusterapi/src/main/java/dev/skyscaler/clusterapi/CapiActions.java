package dev.skyscaler.clusterapi;

import dev.skyscaler.clusterapi.api.ManagementGateway;
import dev.skyscaler.clusterapi.api.ManagementReader;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.discovery.GroupCandidate;
import dev.skyscaler.clusterapi.discovery.NodeGroupDiscovery;
import dev.skyscaler.clusterapi.objects.CapiMachine;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.clusterapi.objects.MachineIds;
import dev.skyscaler.clusterapi.objects.ObjectRef;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.KubernetesApiException;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * The cloud actions on Cluster API node groups. Each re-reads its group's namespace first and
 * checks the group as discovery would (selected, annotated, not paused), so that every action is
 * idempotent and within the group's bounds whatever happened since the scan's discovery.
 */
final class CapiActions {
  private final ManagementGateway gateway;
  private final ClusterApiOptions options;
  private final Clock clock;
  private final GroupScale scales;

  CapiActions(ManagementGateway gateway, ClusterApiOptions options, Clock clock) {
    this.gateway = gateway;
    this.options = options;
    this.clock = clock;
    this.scales = new GroupScale(gateway);
  }

  Outcome setTargetSize(SetTargetSize a) {
    return withGroup(
        a.nodeGroup(),
        g -> {
          if (a.to() < g.min() || a.to() > g.max()) {
            return failed(
                "refused to set "
                    + g.id()
                    + " replicas to "
                    + a.to()
                    + ": outside min "
                    + g.min()
                    + " and max "
                    + g.max());
          }
          int registered = registeredNodes(g);
          if (a.to() < registered) {
            return failed(
                "refused to lower "
                    + g.id()
                    + " replicas to "
                    + a.to()
                    + ": it has "
                    + registered
                    + " registered nodes, which leave only by deleting their Machines");
          }
          return scales.set(g, a.to());
        });
  }

  Outcome deleteInstance(DeleteInstance a) {
    return withGroup(
        a.nodeGroup(),
        g -> {
          Optional<CapiMachine> machine = machineOf(g, a.providerId(), a.node());
          if (machine.isEmpty()) {
            if (a.decrementTarget() && g.withoutMachines() && inPool(g, a.providerId())) {
              return scales.lowerPool(g, a.node().isEmpty() ? a.providerId() : a.node());
            }
            return already(describe(a.providerId(), a.node()) + " is no longer in " + g.id());
          }
          CapiMachine m = machine.get();
          if (m.deleting()) {
            return already(m.describe() + " of " + g.id() + " is already being deleted");
          }
          if (!a.decrementTarget()) {
            return replace(g, m);
          }
          if (g.rollout().isPresent()) {
            return new Outcome(
                Status.RETRY,
                "not deleting "
                    + m.describe()
                    + ": "
                    + g.id()
                    + " is "
                    + g.rollout().get()
                    + ", so lowering its replicas could remove another Machine");
          }
          return scales.deleteMachine(g, m, clock.instant().toString(), options.names());
        });
  }

  Outcome repair(RepairInstance a) {
    return withGroup(
        a.nodeGroup(),
        g -> {
          Optional<CapiMachine> m = machineOf(g, a.providerId(), a.node());
          if (m.isEmpty() || m.get().deleting()) {
            return already(describe(a.providerId(), a.node()) + " is no longer a live Machine");
          }
          return replace(g, m.get());
        });
  }

  /** Deletes the Machine; its MachineSet (or MachinePool) makes a new one. */
  private Outcome replace(GroupCandidate g, CapiMachine m) {
    ObjectRef ref = new ObjectRef("Machine", m.namespace(), m.name());
    if (!gateway.deleteMachine(ref)) {
      return already(m.describe() + " is already gone");
    }
    return Outcome.done("deleted " + m.describe() + " of " + g.id() + ": Cluster API replaces it");
  }

  /** By provider ID, by placeholder, else by the node it reports. */
  private static Optional<CapiMachine> machineOf(GroupCandidate g, String providerId, String node) {
    Optional<ObjectRef> placeholder = MachineIds.machineOf(providerId);
    for (CapiMachine m : g.machines()) {
      if (MachineIds.same(m.providerId(), providerId)
          || placeholder
              .map(p -> p.namespace().equals(m.namespace()) && p.name().equals(m.name()))
              .orElse(false)) {
        return Optional.of(m);
      }
    }
    if (node.isEmpty()) {
      return Optional.empty();
    }
    return g.machines().stream().filter(m -> m.nodeName().equals(node)).findFirst();
  }

  private static boolean inPool(GroupCandidate g, String providerId) {
    return g.resource().providerIds().stream().anyMatch(id -> MachineIds.same(id, providerId));
  }

  /** Nodes that exist: Machines with a node, not failed, not being deleted. */
  private static int registeredNodes(GroupCandidate g) {
    if (g.withoutMachines()) {
      return g.resource().providerIds().size();
    }
    return (int)
        g.machines().stream()
            .filter(m -> !m.nodeName().isEmpty() && !m.deleting() && !m.failed())
            .count();
  }

  private interface GroupAction {
    Outcome apply(GroupCandidate g);
  }

  private Outcome withGroup(String id, GroupAction action) {
    Optional<ObjectRef> ref = ObjectRef.parseId(id);
    if (ref.isEmpty()) {
      return Outcome.notMine(id + " is not a Cluster API node group");
    }
    try {
      NodeGroupDiscovery.Prepared now =
          NodeGroupDiscovery.prepare(
              new ManagementReader(gateway, options)
                  .read(Optional.of(Set.of(ref.get().namespace())), false),
              options);
      Optional<GroupCandidate> g =
          now.candidates().stream().filter(c -> c.id().equals(id)).findFirst();
      if (g.isEmpty()) {
        String why =
            now.warnings().stream()
                .filter(w -> w.startsWith(id + ": "))
                .findFirst()
                .orElse(id + " is not one of this cluster's node groups");
        return Outcome.notMine(why);
      }
      return action.apply(g.get());
    } catch (KubernetesApiException e) {
      return new Outcome(GroupScale.retryable(e) ? Status.RETRY : Status.FAILED, e.getMessage());
    } catch (CapiObjectException e) {
      return failed(e.getMessage());
    }
  }

  private static String describe(String providerId, String node) {
    return node.isEmpty() ? providerId : "node " + node + " (" + providerId + ")";
  }

  static Outcome already(String message) {
    return new Outcome(Status.ALREADY_DONE, message);
  }

  static Outcome failed(String message) {
    return new Outcome(Status.FAILED, message);
  }
}
