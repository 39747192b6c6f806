package dev.skyscaler.clusterapi;

import dev.skyscaler.clusterapi.api.ManagementGateway;
import dev.skyscaler.clusterapi.api.ManagementReader;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.discovery.NodeGroupDiscovery;
import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Cluster API MachineDeployments, MachineSets (not owned by a MachineDeployment) and MachinePools
 * as node groups, read from and scaled through the management cluster, with Cluster Autoscaler's
 * annotations and rules ({@link NodeGroupDiscovery}): ids {@code MachineDeployment/<ns>/<name>},
 * min and max from {@code cluster.x-k8s.io/cluster-api-autoscaler-node-group-{min,max}-size},
 * scale-from-zero templates from the capacity annotations and the infrastructure template.
 *
 * <p>Actions ({@link CapiActions}) re-read their group first: {@code SetTargetSize} through the
 * {@code /scale} subresource, never outside min and max nor below the group's registered nodes;
 * {@code DeleteInstance} marks the node's Machine {@code cluster.x-k8s.io/delete-machine} and then
 * lowers the replicas (removing the mark again when that fails), or, for a replacement, deletes the
 * Machine; {@code RepairInstance} deletes the Machine, which its MachineSet replaces.
 *
 * <p>The management cluster is its own connection: the workload cluster (nodes, pods, lease, state)
 * is the scan's.
 */
public final class ClusterApiNodeGroupProvider implements NodeGroupProvider {
  private final ManagementGateway gateway;
  private final ClusterApiOptions options;
  private final Clock clock;
  private final CapiActions actions;

  public ClusterApiNodeGroupProvider(
      ManagementGateway gateway, ClusterApiOptions options, Clock clock) {
    this.gateway = gateway;
    this.options = options;
    this.clock = clock;
    this.actions = new CapiActions(gateway, options, clock);
  }

  /** A provider over the management cluster {@code management}; no request is sent yet. */
  public static ClusterApiNodeGroupProvider connect(
      KubernetesConnection management, ClusterApiOptions options, Clock clock) {
    return new ClusterApiNodeGroupProvider(
        new ManagementGateway(management, options.names().group(), options.version()),
        options,
        clock);
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    return readCloud().match(nodes);
  }

  @Override
  public CloudRead readCloud() {
    NodeGroupDiscovery.Prepared prepared =
        NodeGroupDiscovery.prepare(new ManagementReader(gateway, options).read(), options);
    return prepared::match;
  }

  @Override
  public Outcome apply(Action action) {
    return apply(actions, action);
  }

  /** {@inheritDoc} Each write to the management cluster is sent only while the budget lasts. */
  @Override
  public Outcome apply(Action action, Duration budget) {
    try {
      return apply(new CapiActions(gateway.within(budget), options, clock), action);
    } catch (WriteRefusedException e) {
      return new Outcome(Status.RETRY, "not sent: " + e.getMessage());
    }
  }

  private static Outcome apply(CapiActions actions, Action action) {
    if (action instanceof SetTargetSize a) {
      return actions.setTargetSize(a);
    }
    if (action instanceof DeleteInstance a) {
      return actions.deleteInstance(a);
    }
    if (action instanceof RepairInstance a) {
      return actions.repair(a);
    }
    return Outcome.notMine(action.describe() + " is not a Cluster API action");
  }
}
