package dev.skyscaler.aws.asg;

import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.cloud.TerminationWait;
import java.util.ArrayList;
import java.util.List;

/**
 * The instances Auto Scaling holds in {@code Terminating:Wait}, each with every termination hook of
 * its group: what recovers a lifecycle notice that never reached the interruption function (a
 * message that expired or went to the dead-letter queue, a scan that died before saving its state).
 * Costs one DescribeLifecycleHooks per group with such an instance, none otherwise.
 */
final class TerminationWaits {
  private TerminationWaits() {}

  /**
   * @param warnings gets one line per group whose hooks could not be described; its waits are
   *     looked at again next scan
   */
  static List<TerminationWait> of(
      AsgGateway gateway, List<AutoScalingGroup> groups, List<String> warnings) {
    List<TerminationWait> waits = new ArrayList<>();
    for (AutoScalingGroup g : groups) {
      List<AsgInstance> waiting =
          g.instances().stream().filter(AsgInstance::waitingToTerminate).toList();
      if (waiting.isEmpty()) {
        continue;
      }
      List<String> hooks;
      try {
        hooks = gateway.terminationHooks(g.name());
      } catch (AsgGatewayException e) {
        warnings.add(
            "ASG "
                + g.name()
                + ": "
                + e.getMessage()
                + "; its instances in Terminating:Wait are looked at again next scan");
        continue;
      }
      for (AsgInstance i : waiting) {
        for (String hook : hooks) {
          waits.add(new TerminationWait(i.instanceId(), new LifecycleHook(g.name(), hook, "")));
        }
      }
    }
    return waits;
  }
}
