package dev.skyscaler.core.cloud;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import java.time.Duration;
import java.util.List;

/**
 * A cloud's node groups (AWS Auto Scaling Groups, Azure VM Scale Sets / AKS node pools) as the core
 * sees them. Implementations sit in the function modules behind one gateway per cloud service; the
 * core never calls a cloud itself. Every implementation passes the same contract test (in the test
 * kit).
 */
public interface NodeGroupProvider {

  /**
   * Discovers the node groups of this cluster (by tags, or as configured) with their min, max,
   * target size, template for scale-from-zero and price, matches {@code nodes} to groups by
   * providerID, and lists every instance. A group with a bad tag is left out and named in {@link
   * Discovery#warnings()}; the others carry on.
   *
   * @param nodes the cluster's nodes, for membership
   */
  Discovery discover(List<Node> nodes);

  /**
   * Starts a discovery with what needs nothing from the cluster (the groups, their templates and
   * instances, as the cloud lists them), so that a runner can read the cloud while it reads the
   * cluster; {@link CloudRead#match} finishes it with the cluster's nodes. {@code
   * readCloud().match(nodes)} answers what {@code discover(nodes)} answers. The default reads
   * nothing ahead: all of it happens in {@code match}.
   *
   * <p>Called on a thread of its own, at most once per scan and never at the same time as {@link
   * #apply}; a failure here is a failure of the discovery, as in {@link #discover}.
   */
  default CloudRead readCloud() {
    return this::discover;
  }

  /** The cloud's side of one discovery, read; {@link #match} joins the cluster's nodes to it. */
  @FunctionalInterface
  interface CloudRead {
    /** The discovery, with {@code nodes} matched to groups and instances by providerID. */
    Discovery match(List<Node> nodes);
  }

  /**
   * Carries out one cloud-side action: {@code SetTargetSize}, {@code DeleteInstance}, {@code
   * RepairInstance}, {@code CompleteLifecycleAction}. Other actions are not the cloud's and are
   * refused with {@link Outcome#notMine}. Idempotent: a target already set, an instance already
   * gone, count as done. Never sets a target outside the group's min and max.
   */
  Outcome apply(Action action);

  /**
   * {@link #apply(Action)} within a time budget: every call the action makes, retries and waits for
   * a long-running operation included, ends within {@code budget} of this call, so that a write
   * made under a lease lands while the lease is still the caller's. The default ignores the budget:
   * only for providers whose calls cannot outlast it (in-memory ones).
   */
  default Outcome apply(Action action, Duration budget) {
    return apply(action);
  }

  /**
   * What discovery found.
   *
   * @param waits instances the cloud holds in a termination lifecycle hook now (AWS {@code
   *     Terminating:Wait}); empty for clouds without hooks
   * @param noScaleDown nodes of managed groups that must not be scale-down candidates now, with the
   *     reason (a Cluster API MachineDeployment rolling out); the runner gives them Cluster
   *     Autoscaler's {@code scale-down-disabled} annotation in the scan's snapshot
   */
  record Discovery(
      List<dev.skyscaler.core.model.NodeGroup> groups,
      List<CloudInstance> instances,
      List<String> warnings,
      List<TerminationWait> waits,
      java.util.Map<String, String> noScaleDown) {
    public Discovery {
      groups = List.copyOf(groups);
      instances = List.copyOf(instances);
      warnings = List.copyOf(warnings);
      waits = List.copyOf(waits);
      noScaleDown = java.util.Map.copyOf(noScaleDown);
    }

    /** A discovery of a cloud without lifecycle hooks whose every node may be scaled down. */
    public Discovery(
        List<dev.skyscaler.core.model.NodeGroup> groups,
        List<CloudInstance> instances,
        List<String> warnings) {
      this(groups, instances, warnings, List.of(), java.util.Map.of());
    }

    /** A discovery with lifecycle-hook waits whose every node may be scaled down. */
    public Discovery(
        List<dev.skyscaler.core.model.NodeGroup> groups,
        List<CloudInstance> instances,
        List<String> warnings,
        List<TerminationWait> waits) {
      this(groups, instances, warnings, waits, java.util.Map.of());
    }

    /** A discovery of a cloud without lifecycle hooks, some of whose nodes stay. */
    public Discovery(
        List<dev.skyscaler.core.model.NodeGroup> groups,
        List<CloudInstance> instances,
        List<String> warnings,
        java.util.Map<String, String> noScaleDown) {
      this(groups, instances, warnings, List.of(), noScaleDown);
    }
  }

  /** The result of one action. */
  record Outcome(Status status, String message) {
    /** How an action ended. */
    public enum Status {
      DONE,
      /** Already in the asked state: nothing to do. */
      ALREADY_DONE,
      /** Refused for a reason that may pass (throttling, conflict): retry next scan. */
      RETRY,
      FAILED,
      /** Not a cloud action, or not this provider's group. */
      NOT_MINE
    }

    public static Outcome done(String message) {
      return new Outcome(Status.DONE, message);
    }

    public static Outcome notMine(String message) {
      return new Outcome(Status.NOT_MINE, message);
    }
  }
}
