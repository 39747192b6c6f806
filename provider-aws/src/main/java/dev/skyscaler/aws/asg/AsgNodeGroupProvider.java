package dev.skyscaler.aws.asg;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.fence.Deadline;
import dev.skyscaler.kubernetes.fence.WriteFence;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * EC2 Auto Scaling Groups as node groups, compatible with Cluster Autoscaler's AWS provider: the
 * same discovery tags and {@code --nodes} specs, the same node-template and option tags, the same
 * providerIDs and placeholders. Min and max come from the ASG (or the {@code --nodes} spec); only
 * the desired capacity is ever changed.
 *
 * <p>Actions: {@link SetTargetSize} sets the desired capacity (refused outside min and max), {@link
 * DeleteInstance} terminates the instance (decrementing the desired capacity for a scale-down, not
 * for a replacement), {@link RepairInstance} at any rung marks the instance unhealthy so the group
 * replaces it, {@link CompleteLifecycleAction} completes or heartbeats a termination hook.
 */
public final class AsgNodeGroupProvider implements NodeGroupProvider {
  private final AsgGroupDiscoverer discoverer;
  private final AsgActions actions;

  /**
   * @param clock for the launch time of instances EC2 has not reported yet
   */
  public AsgNodeGroupProvider(AsgGateways gateways, AsgProviderOptions options, Clock clock) {
    this.discoverer = new AsgGroupDiscoverer(gateways, options, clock);
    this.actions = new AsgActions(gateways.autoscaling(), gateways.hooks(), options);
  }

  @Override
  public Discovery discover(List<Node> nodes) {
    return discoverWithOptions(nodes).discovery();
  }

  /** Describes the groups, templates and instance types; the nodes are matched afterwards. */
  @Override
  public CloudRead readCloud() {
    AsgGroupDiscoverer.CloudState cloud = discoverer.readCloud();
    return nodes -> cloud.match(nodes).discovery();
  }

  /** {@link #discover} plus each group's {@code autoscaling-options} tag overrides. */
  public AsgDiscovery discoverWithOptions(List<Node> nodes) {
    return discoverer.discover(nodes);
  }

  /**
   * This cluster's groups and the instances each lists (one describe pass): what tells an
   * interruption event for one of our instances or groups from one for another cluster's.
   */
  public GroupMembership membership() {
    return discoverer.membership();
  }

  /** {@link #apply(Action, Duration)} with the clients' own timeouts. */
  @Override
  public Outcome apply(Action action) {
    return apply(action, WriteFence.UNBOUNDED);
  }

  /** Both calls of the action (describe, then change) end within {@code budget}. */
  @Override
  public Outcome apply(Action action, Duration budget) {
    Deadline d = Deadline.after(budget);
    if (action instanceof SetTargetSize a) {
      return actions.setTargetSize(a, d);
    } else if (action instanceof DeleteInstance a) {
      return actions.deleteInstance(a, d);
    } else if (action instanceof RepairInstance a) {
      return actions.repair(a, d);
    } else if (action instanceof CompleteLifecycleAction a) {
      return actions.completeLifecycle(a, d);
    }
    return Outcome.notMine("not a cloud action: " + action.describe());
  }
}
