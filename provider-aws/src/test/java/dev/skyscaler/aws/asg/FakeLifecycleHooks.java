package dev.skyscaler.aws.asg;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Lifecycle hooks as Auto Scaling keeps them, in memory (moto does not implement them): an action
 * waits for an instance until it is completed; a heartbeat on a waiting action is accepted; both on
 * an action that does not wait report "nothing waiting", as AWS's validation error does.
 */
final class FakeLifecycleHooks implements LifecycleHooks {
  private final Set<String> waiting = new HashSet<>();
  final List<String> calls = new ArrayList<>();

  /** An instance enters Terminating:Wait under this hook with this token. */
  void await(String group, String hook, String token, String instanceId) {
    waiting.add(key(group, hook, instanceId));
  }

  boolean waits(String group, String hook, String instanceId) {
    return waiting.contains(key(group, hook, instanceId));
  }

  @Override
  public boolean complete(
      String group, String hook, String token, String instanceId, Duration timeout) {
    calls.add("complete " + group + " " + hook + " " + token + " " + instanceId);
    return waiting.remove(key(group, hook, instanceId));
  }

  @Override
  public boolean heartbeat(
      String group, String hook, String token, String instanceId, Duration timeout) {
    calls.add("heartbeat " + group + " " + hook + " " + token + " " + instanceId);
    return waiting.contains(key(group, hook, instanceId));
  }

  private static String key(String group, String hook, String instanceId) {
    return group + "/" + hook + "/" + instanceId;
  }
}
