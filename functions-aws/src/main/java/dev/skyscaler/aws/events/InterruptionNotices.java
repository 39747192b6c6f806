package dev.skyscaler.aws.events;

import dev.skyscaler.aws.events.Ec2InstanceEvent.LifecycleAction;
import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * EC2 events as the core's {@link InterruptionNotice}s, with the deadlines the core expects: two
 * minutes after a spot warning; the event time for a rebalance recommendation and a state change;
 * the event time plus the hook's heartbeat timeout for a terminate lifecycle action. A state change
 * to anything but stopping, stopped, shutting-down or terminated is not a notice.
 */
public final class InterruptionNotices {
  /** AWS's default heartbeat timeout, for a hook whose own cannot be read. */
  public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofHours(1);

  private static final Set<String> GOING =
      Set.of("stopping", "stopped", "shutting-down", "terminated");

  private InterruptionNotices() {}

  /**
   * @param heartbeatTimeout the hook's heartbeat timeout, looked up only for lifecycle actions
   */
  public static Optional<InterruptionNotice> of(
      Ec2InstanceEvent e, Function<LifecycleAction, Optional<Duration>> heartbeatTimeout) {
    return switch (e.kind()) {
      case SPOT_WARNING ->
          Optional.of(
              InterruptionNotice.of(
                  e.id(),
                  Kind.SPOT_WARNING,
                  e.instanceId(),
                  e.time().plus(Ec2InstanceEvent.SPOT_NOTICE)));
      case REBALANCE ->
          Optional.of(InterruptionNotice.of(e.id(), Kind.REBALANCE, e.instanceId(), e.time()));
      case STATE_CHANGE ->
          GOING.contains(e.state())
              ? Optional.of(
                  InterruptionNotice.of(e.id(), Kind.STATE_CHANGE, e.instanceId(), e.time()))
              : Optional.empty();
      case LIFECYCLE_TERMINATE -> {
        LifecycleAction a = e.lifecycle().orElseThrow();
        Duration wait = heartbeatTimeout.apply(a).orElse(DEFAULT_HEARTBEAT_TIMEOUT);
        yield Optional.of(
            new InterruptionNotice(
                e.id(),
                Kind.LIFECYCLE_TERMINATE,
                e.instanceId(),
                e.time().plus(wait),
                Optional.of(new LifecycleHook(a.group(), a.hook(), a.token()))));
      }
    };
  }
}
