package dev.skyscaler.core.cloud;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A cloud's word that an instance is going away (or may), as the adapters translate it from
 * EventBridge, Event Grid or a node condition. The adapter sets {@code deadline} per kind:
 *
 * <ul>
 *   <li>{@link Kind#SPOT_WARNING}: the interruption time, two minutes after the event;
 *   <li>{@link Kind#REBALANCE}: the event time (no deadline: used only to forget the notice);
 *   <li>{@link Kind#LIFECYCLE_TERMINATE}: when the hook's wait ends unless heartbeated (event time
 *       + its {@code HeartbeatTimeout});
 *   <li>{@link Kind#STATE_CHANGE}: the event time (the instance is stopping or terminating already:
 *       forward only {@code stopping}, {@code stopped}, {@code shutting-down}, {@code terminated});
 *   <li>{@link Kind#AZURE_PREEMPT_SCHEDULED}: the scheduled event's {@code NotBefore}, or 30 s
 *       after the node condition appeared;
 *   <li>{@link Kind#AZURE_PREEMPTED}: the event time (the VM is gone).
 * </ul>
 *
 * @param id the event's id ({@code id} of the EventBridge envelope, Event Grid {@code id}): a
 *     notice delivered twice has the same id
 * @param instanceId a bare instance id ({@code i-0abc}), an Azure resource id or a provider id; see
 *     {@link ProviderIds}
 * @param hook the termination lifecycle hook to complete; present exactly for {@link
 *     Kind#LIFECYCLE_TERMINATE}
 */
public record InterruptionNotice(
    String id, Kind kind, String instanceId, Instant deadline, Optional<LifecycleHook> hook) {

  /** What happened, in increasing order of how soon and how surely the instance is gone. */
  public enum Kind {
    /** EC2 Instance Rebalance Recommendation: elevated risk of interruption, no deadline. */
    REBALANCE("RebalanceRecommendation"),
    /** ASG EC2 Instance-terminate Lifecycle Action: the ASG waits for the hook. */
    LIFECYCLE_TERMINATE("ASGLifecycleTermination"),
    /** Azure Scheduled Event {@code Preempt}, or the node condition saying so: 30 s or more. */
    AZURE_PREEMPT_SCHEDULED("PreemptScheduled"),
    /** EC2 Spot Instance Interruption Warning: two minutes. */
    SPOT_WARNING("SpotInterruption"),
    /** EC2 Instance State-change Notification: stopping or terminated already. */
    STATE_CHANGE("InstanceStateChange"),
    /** Azure Resource Health {@code VirtualMachinePreempted}: after the fact. */
    AZURE_PREEMPTED("VirtualMachinePreempted");

    private final String eventReason;

    Kind(String eventReason) {
      this.eventReason = eventReason;
    }

    /** The Kubernetes event reason recorded on the node. */
    public String eventReason() {
      return eventReason;
    }

    /** The instance will be gone: everything but a rebalance recommendation. */
    public boolean terminates() {
      return this != REBALANCE;
    }

    /** The deadline cannot be moved: everything but a rebalance and a lifecycle hook. */
    public boolean hardDeadline() {
      return this != REBALANCE && this != LIFECYCLE_TERMINATE;
    }

    /** The taint value: {@code spot-warning}, {@code rebalance}, ... */
    public String taintValue() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** An ASG termination lifecycle action to complete (or heartbeat) once the node is drained. */
  public record LifecycleHook(String nodeGroup, String name, String token) {
    public LifecycleHook {
      if (nodeGroup == null || nodeGroup.isBlank() || name == null || name.isBlank()) {
        throw new IllegalArgumentException("a lifecycle hook needs its group and its name");
      }
      token = token == null ? "" : token;
    }
  }

  public InterruptionNotice {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("an interruption notice needs an id");
    }
    Objects.requireNonNull(kind, "kind");
    if (instanceId == null || instanceId.isBlank()) {
      throw new IllegalArgumentException("interruption notice " + id + ": no instance id");
    }
    Objects.requireNonNull(deadline, "deadline");
    Objects.requireNonNull(hook, "hook");
    if (hook.isPresent() != (kind == Kind.LIFECYCLE_TERMINATE)) {
      throw new IllegalArgumentException(
          "interruption notice "
              + id
              + ": a lifecycle hook comes with LIFECYCLE_TERMINATE notices and only with them");
    }
  }

  /** A notice without a lifecycle hook. */
  public static InterruptionNotice of(String id, Kind kind, String instanceId, Instant deadline) {
    return new InterruptionNotice(id, kind, instanceId, deadline, Optional.empty());
  }
}
