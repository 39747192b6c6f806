package dev.skyscaler.aws.events;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An EventBridge event saying an EC2 instance is going away, or may: the four kinds the
 * interruption function subscribes to, reduced to what the autoscaler acts on.
 *
 * @param id the EventBridge event id: the same notice delivered twice has the same id
 * @param time when AWS emitted the event
 * @param account the AWS account the event comes from
 * @param region the region the event comes from
 * @param state for {@link Kind#STATE_CHANGE}, the new EC2 state ({@code shutting-down}, ...); empty
 *     otherwise
 * @param action for {@link Kind#SPOT_WARNING}, {@code terminate}, {@code stop} or {@code
 *     hibernate}; empty otherwise
 * @param lifecycle present exactly for {@link Kind#LIFECYCLE_TERMINATE}
 */
public record Ec2InstanceEvent(
    String id,
    Kind kind,
    String instanceId,
    Instant time,
    String account,
    String region,
    String state,
    String action,
    Optional<LifecycleAction> lifecycle) {

  /** Spot capacity is reclaimed this long after the warning. */
  public static final Duration SPOT_NOTICE = Duration.ofMinutes(2);

  /** The event kinds, by their EventBridge {@code detail-type}. */
  public enum Kind {
    SPOT_WARNING("EC2 Spot Instance Interruption Warning"),
    REBALANCE("EC2 Instance Rebalance Recommendation"),
    LIFECYCLE_TERMINATE("EC2 Instance-terminate Lifecycle Action"),
    STATE_CHANGE("EC2 Instance State-change Notification");

    private final String detailType;

    Kind(String detailType) {
      this.detailType = detailType;
    }

    public String detailType() {
      return detailType;
    }

    static Optional<Kind> of(String detailType) {
      for (Kind k : values()) {
        if (k.detailType.equals(detailType)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }
  }

  /** The termination lifecycle action an Auto Scaling Group waits on. */
  public record LifecycleAction(String group, String hook, String token, String transition) {
    public LifecycleAction {
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(hook, "hook");
      token = token == null ? "" : token;
      transition = transition == null ? "" : transition;
    }
  }

  public Ec2InstanceEvent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(time, "time");
    account = account == null ? "" : account;
    region = region == null ? "" : region;
    state = state == null ? "" : state;
    action = action == null ? "" : action;
    Objects.requireNonNull(lifecycle, "lifecycle");
    if (lifecycle.isPresent() != (kind == Kind.LIFECYCLE_TERMINATE)) {
      throw new IllegalArgumentException(
          "event " + id + ": a lifecycle action comes with lifecycle events and only with them");
    }
  }

  /**
   * When the instance is gone at the latest: two minutes after a spot warning; the event time for a
   * state change (it is going already); empty for a rebalance recommendation (no deadline) and a
   * lifecycle action (its deadline is the hook's heartbeat timeout, which the event does not
   * carry).
   */
  public Optional<Instant> deadline() {
    return switch (kind) {
      case SPOT_WARNING -> Optional.of(time.plus(SPOT_NOTICE));
      case STATE_CHANGE -> Optional.of(time);
      default -> Optional.empty();
    };
  }
}
