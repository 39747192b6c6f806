package dev.skyscaler.magnum;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.magnum.api.MagnumCluster;
import dev.skyscaler.magnum.api.MagnumGateway;
import dev.skyscaler.magnum.api.NovaGateway;
import dev.skyscaler.magnum.api.Server;
import dev.skyscaler.magnum.config.MagnumOptions;
import dev.skyscaler.magnum.config.NodesToRemove;
import dev.skyscaler.magnum.discovery.CloudState;
import dev.skyscaler.magnum.discovery.FailedSlots;
import dev.skyscaler.magnum.discovery.MagnumGroup;
import dev.skyscaler.magnum.discovery.MagnumReader;
import dev.skyscaler.magnum.discovery.NodeGroupDiscovery;
import dev.skyscaler.magnum.discovery.ServerIds;
import dev.skyscaler.magnum.http.OpenStackApiException;
import java.util.List;
import java.util.Optional;

/**
 * The cloud actions on Magnum node groups. Each re-reads the cluster, its groups and the servers
 * first, so that it is idempotent and within the group's bounds whatever happened since the scan's
 * discovery; resizes are sent only in the states Magnum accepts them in.
 */
final class MagnumActions {
  private final MagnumGateway magnum;
  private final NovaGateway nova;
  private final MagnumOptions options;

  MagnumActions(MagnumGateway magnum, NovaGateway nova, MagnumOptions options) {
    this.magnum = magnum;
    this.nova = nova;
    this.options = options;
  }

  Outcome setTargetSize(SetTargetSize a) {
    return withGroup(
        a.nodeGroup(),
        (cluster, g, removal) -> {
          if (a.to() < g.min() || a.to() > g.max()) {
            return failed(
                "refused to set "
                    + g.name()
                    + " node count to "
                    + a.to()
                    + ": outside min "
                    + g.min()
                    + " and max "
                    + g.max());
          }
          if (g.group().nodeCount() == a.to()) {
            return already(g.name() + " node count is already " + a.to());
          }
          int live = g.live().size();
          if (a.to() < live) {
            return failed(
                "refused to lower "
                    + g.name()
                    + " node count to "
                    + a.to()
                    + ": it has "
                    + live
                    + " servers, which leave only by naming them in nodes_to_remove");
          }
          Optional<Outcome> busy = notResizable(cluster);
          if (busy.isPresent()) {
            return busy.get();
          }
          magnum.resize(cluster, g.group(), a.to(), List.of());
          return Outcome.done(
              "resized " + g.name() + " of Magnum cluster " + cluster.name() + " to " + a.to());
        });
  }

  Outcome deleteInstance(DeleteInstance a) {
    return withGroup(
        a.nodeGroup(),
        (cluster, g, removal) -> {
          if (FailedSlots.groupOf(a.providerId()).filter(g.group().uuid()::equals).isPresent()) {
            return dropFailedSlot(cluster, g);
          }
          Optional<Server> server = serverOf(g, a.providerId(), a.node());
          if (server.isEmpty() || server.get().deleting()) {
            return already(describe(a) + " is no longer a server of " + g.name());
          }
          Server s = server.get();
          if (!a.decrementTarget()) {
            return replace(g, s);
          }
          if (removal == NodesToRemove.IGNORED) {
            return failed(
                "refused to remove "
                    + describe(a)
                    + ": the driver of Magnum cluster "
                    + cluster.name()
                    + " ignores nodes_to_remove and could remove another node");
          }
          if (g.group().nodeCount() - 1 < g.min()) {
            return failed(
                "refused to remove "
                    + describe(a)
                    + ": "
                    + g.name()
                    + " would go below min "
                    + g.min());
          }
          if (cluster.updating()) {
            return retry(
                "not removing "
                    + describe(a)
                    + " yet: Magnum cluster "
                    + cluster.name()
                    + " is UPDATE_IN_PROGRESS, and a resize now could count a server twice");
          }
          Optional<Outcome> busy = notResizable(cluster);
          if (busy.isPresent()) {
            return busy.get();
          }
          int to = g.group().nodeCount() - 1;
          magnum.resize(cluster, g.group(), to, List.of(s.id()));
          return Outcome.done(
              "resized "
                  + g.name()
                  + " to "
                  + to
                  + " removing server "
                  + s.id()
                  + " ("
                  + s.name()
                  + ")");
        });
  }

  Outcome repair(RepairInstance a) {
    return withGroup(
        a.nodeGroup(),
        (cluster, g, removal) -> {
          Optional<Server> s = serverOf(g, a.providerId(), a.node());
          if (s.isEmpty() || s.get().deleting()) {
            return already("node " + a.node() + " is no longer a server of " + g.name());
          }
          if (a.level() == RepairInstance.Level.RESTART) {
            return nova.reboot(s.get().id())
                ? Outcome.done("rebooted server " + s.get().id() + " of " + g.name())
                : already("server " + s.get().id() + " is gone");
          }
          return replace(g, s.get());
        });
  }

  /** Deletes the server; the driver sees its group short and makes a new one. */
  private Outcome replace(MagnumGroup g, Server s) {
    if (!nova.delete(s.id())) {
      return already("server " + s.id() + " is already gone");
    }
    return Outcome.done(
        "deleted server " + s.id() + " (" + s.name() + ") of " + g.name() + ": Magnum replaces it");
  }

  private Outcome dropFailedSlot(MagnumCluster cluster, MagnumGroup g) {
    int live = g.live().size();
    if (g.group().nodeCount() <= live || g.group().nodeCount() - 1 < g.min()) {
      return already(g.name() + " has no server left to give up");
    }
    Optional<Outcome> busy = notResizable(cluster);
    if (busy.isPresent()) {
      return busy.get();
    }
    magnum.resize(cluster, g.group(), g.group().nodeCount() - 1, List.of());
    return Outcome.done(
        "lowered "
            + g.name()
            + " to "
            + (g.group().nodeCount() - 1)
            + ": a server it failed to make");
  }

  private static Optional<Outcome> notResizable(MagnumCluster cluster) {
    if (cluster.resizable()) {
      return Optional.empty();
    }
    return Optional.of(
        retry(
            "Magnum cluster "
                + cluster.name()
                + " is "
                + cluster.status()
                + "; Magnum resizes only a cluster that is *_COMPLETE, UPDATE_IN_PROGRESS or"
                + " UPDATE_FAILED"));
  }

  private static Optional<Server> serverOf(MagnumGroup g, String providerId, String node) {
    String id = ServerIds.of(providerId);
    for (Server s : g.servers()) {
      if (!id.isEmpty() ? s.id().equals(id) : (!node.isEmpty() && s.name().equals(node))) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  private interface GroupAction {
    Outcome apply(MagnumCluster cluster, MagnumGroup g, NodesToRemove removal);
  }

  private Outcome withGroup(String name, GroupAction action) {
    try {
      CloudState state = new MagnumReader(magnum, nova, options).read(false);
      NodeGroupDiscovery.Prepared now = NodeGroupDiscovery.prepare(state, options);
      Optional<MagnumGroup> g =
          now.groups().stream().filter(c -> c.name().equals(name)).findFirst();
      if (g.isEmpty()) {
        return Outcome.notMine(
            name + " is not one of Magnum cluster " + state.cluster().name() + "'s node groups");
      }
      return action.apply(state.cluster(), g.get(), state.removal());
    } catch (OpenStackApiException e) {
      return new Outcome(e.retryable() ? Status.RETRY : Status.FAILED, e.getMessage());
    }
  }

  private static String describe(DeleteInstance a) {
    return a.node().isEmpty() ? a.providerId() : "node " + a.node() + " (" + a.providerId() + ")";
  }

  private static Outcome already(String message) {
    return new Outcome(Status.ALREADY_DONE, message);
  }

  private static Outcome failed(String message) {
    return new Outcome(Status.FAILED, message);
  }

  private static Outcome retry(String message) {
    return new Outcome(Status.RETRY, message);
  }
}
