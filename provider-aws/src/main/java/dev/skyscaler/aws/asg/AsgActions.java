package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.CompleteLifecycleAction;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.fence.Deadline;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Carries out the cloud actions on Auto Scaling Groups. Each action first describes its group
 * afresh, so that it is checked against the group's current state: that is what makes every action
 * idempotent (a target already set, an instance already gone or already unhealthy count as done)
 * and keeps targets within the bounds even though an emulator would accept anything. Both calls of
 * an action end by its {@link Deadline} (the time the scan's lease grants the write); with no time
 * left, the call is not made and the action is retried next scan.
 */
final class AsgActions {
  private final AsgGateway gateway;
  private final LifecycleHooks hooks;
  private final AsgProviderOptions options;

  AsgActions(AsgGateway gateway, LifecycleHooks hooks, AsgProviderOptions options) {
    this.gateway = gateway;
    this.hooks = hooks;
    this.options = options;
  }

  Outcome setTargetSize(SetTargetSize a, Deadline d) {
    return withGroup(
        a.nodeGroup(),
        d,
        g -> {
          int min = options.minSize(g);
          int max = options.maxSize(g);
          if (a.to() < min || a.to() > max) {
            return failed(
                "refused to set "
                    + g.name()
                    + " target size to "
                    + a.to()
                    + ": outside min "
                    + min
                    + " and max "
                    + max);
          }
          if (a.to() == g.desiredCapacity()) {
            return already(g.name() + " target size is already " + a.to());
          }
          // a lower desired capacity lets the group pick which instances go: only requested
          // instances never created may go so
          long staying = g.instances().stream().filter(i -> !i.leaving()).count();
          if (a.to() < g.desiredCapacity() && a.to() < staying) {
            return failed(
                "refused to lower "
                    + g.name()
                    + " target size to "
                    + a.to()
                    + ": it has "
                    + staying
                    + " instances, which leave only by terminating them by id");
          }
          gateway.setDesiredCapacity(g.name(), a.to(), left(d));
          return Outcome.done(
              "set " + g.name() + " target size " + g.desiredCapacity() + " -> " + a.to());
        });
  }

  Outcome deleteInstance(DeleteInstance a, Deadline d) {
    Optional<String> id = ProviderIds.instanceId(a.providerId());
    if (id.isEmpty()) {
      return already(a.providerId() + " is not an AWS instance of " + a.nodeGroup());
    }
    return withGroup(
        a.nodeGroup(),
        d,
        g -> {
          if (ProviderIds.isPlaceholder(id.get())) {
            return deletePlaceholder(g, a, d);
          }
          Optional<AsgInstance> instance = g.instance(id.get());
          if (instance.isEmpty() || instance.get().leaving()) {
            return already(id.get() + " is no longer in " + g.name());
          }
          if (a.decrementTarget() && g.desiredCapacity() <= options.minSize(g)) {
            return failed(
                "refused to delete "
                    + id.get()
                    + " of "
                    + g.name()
                    + ": the group is at its min "
                    + options.minSize(g));
          }
          gateway.terminateInstance(id.get(), a.decrementTarget(), left(d));
          return Outcome.done(
              (a.decrementTarget() ? "terminated " : "terminated for replacement ")
                  + id.get()
                  + " of "
                  + g.name());
        });
  }

  /** A placeholder is capacity asked for and never created: deleting it lowers the target. */
  private Outcome deletePlaceholder(AutoScalingGroup g, DeleteInstance a, Deadline d) {
    if (!a.decrementTarget() || g.desiredCapacity() <= g.instances().size()) {
      return already(a.providerId() + " is not waiting in " + g.name());
    }
    if (g.desiredCapacity() - 1 < options.minSize(g)) {
      return failed(
          "refused to drop a placeholder of "
              + g.name()
              + ": the group is at its min "
              + options.minSize(g));
    }
    gateway.setDesiredCapacity(g.name(), g.desiredCapacity() - 1, left(d));
    return Outcome.done(
        "dropped a placeholder of " + g.name() + ": target size " + (g.desiredCapacity() - 1));
  }

  /** Every rung maps to the one AWS repair: mark the instance unhealthy, the group replaces it. */
  Outcome repair(RepairInstance a, Deadline d) {
    Optional<String> id = ProviderIds.instanceId(a.providerId());
    if (id.isEmpty() || ProviderIds.isPlaceholder(id.get())) {
      return already(a.providerId() + " is not a running instance of " + a.nodeGroup());
    }
    return withGroup(
        a.nodeGroup(),
        d,
        g -> {
          Optional<AsgInstance> instance = g.instance(id.get());
          if (instance.isEmpty() || instance.get().leaving()) {
            return already(id.get() + " is no longer in " + g.name());
          }
          if (instance.get().healthStatus().equals("Unhealthy")) {
            return already(id.get() + " is already marked unhealthy");
          }
          gateway.markUnhealthy(id.get(), left(d));
          return Outcome.done(
              "marked " + id.get() + " of " + g.name() + " unhealthy: the group replaces it");
        });
  }

  Outcome completeLifecycle(CompleteLifecycleAction a, Deadline d) {
    Optional<String> id = ProviderIds.instanceId(a.providerId());
    if (id.isEmpty()) {
      return already(a.providerId() + " is not an AWS instance of " + a.nodeGroup());
    }
    return withGroup(
        a.nodeGroup(),
        d,
        g -> {
          boolean waiting =
              a.result() == CompleteLifecycleAction.Result.CONTINUE
                  ? hooks.complete(g.name(), a.hookName(), a.token(), id.get(), left(d))
                  : hooks.heartbeat(g.name(), a.hookName(), a.token(), id.get(), left(d));
          if (!waiting) {
            return already("no lifecycle action of " + a.hookName() + " waits for " + id.get());
          }
          return Outcome.done(a.describe());
        });
  }

  private interface GroupAction {
    Outcome apply(AutoScalingGroup g);
  }

  private Outcome withGroup(String name, Deadline d, GroupAction action) {
    try {
      List<AutoScalingGroup> found = gateway.describeByNames(List.of(name), left(d));
      if (found.isEmpty() || !options.discovery().selects(found.get(0))) {
        return Outcome.notMine(name + " is not one of this cluster's Auto Scaling Groups");
      }
      return action.apply(found.get(0));
    } catch (AsgGatewayException e) {
      return new Outcome(e.retryable() ? Status.RETRY : Status.FAILED, e.getMessage());
    }
  }

  /**
   * What is left for the next call, at most the client's own call timeout.
   *
   * @throws AsgGatewayException (retryable) when nothing is left: the call is not made
   */
  private static Duration left(Deadline d) {
    if (d.passed()) {
      throw new AsgGatewayException(
          "no time left under the scan's lease: not called, retried next scan", true, null);
    }
    return d.leftAtMost(AwsClientSettings.CALL_TIMEOUT);
  }

  private static Outcome already(String message) {
    return new Outcome(Status.ALREADY_DONE, message);
  }

  private static Outcome failed(String message) {
    return new Outcome(Status.FAILED, message);
  }
}
