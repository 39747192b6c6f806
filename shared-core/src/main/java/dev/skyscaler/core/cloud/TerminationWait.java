package dev.skyscaler.core.cloud;

import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import java.util.Objects;

/**
 * An instance the cloud holds in a termination lifecycle hook right now (an ASG instance in {@code
 * Terminating:Wait}), as a discovery sees it. A fact of each scan, not an event: the interruption
 * policy treats it as the hook's notice when the notice itself was lost (a message that expired, a
 * scan that died before saving its state), and completes the hook again when it recorded the hook
 * as completed but the instance still waits.
 *
 * @param instanceId the bare instance id ({@code i-0abc})
 * @param hook the group and the hook's name; the token is empty (the instance id identifies it)
 */
public record TerminationWait(String instanceId, LifecycleHook hook) {
  public TerminationWait {
    if (instanceId == null || instanceId.isBlank()) {
      throw new IllegalArgumentException("a termination wait needs an instance id");
    }
    Objects.requireNonNull(hook, "hook");
  }

  /** The notice this wait stands for, as of {@code id}; its deadline is when it was seen. */
  public String noticeId() {
    return "terminating-wait/" + hook.nodeGroup() + "/" + hook.name() + "/" + instanceId;
  }
}
