package dev.skyscaler.aws.asg;

import java.time.Duration;

/**
 * The two lifecycle-hook calls, behind an interface of their own because the AWS emulator used in
 * tests (moto) does not implement them. {@link AsgGateway} implements it against Auto Scaling;
 * tests use a fake.
 */
public interface LifecycleHooks {

  /**
   * Completes the instance's lifecycle action with {@code CONTINUE}, within {@code timeout}.
   *
   * @return false when there was no action waiting (already completed or timed out)
   */
  boolean complete(String group, String hook, String token, String instanceId, Duration timeout);

  /**
   * Extends the instance's lifecycle action by one heartbeat timeout, within {@code timeout}.
   *
   * @return false when there was no action waiting
   */
  boolean heartbeat(String group, String hook, String token, String instanceId, Duration timeout);
}
