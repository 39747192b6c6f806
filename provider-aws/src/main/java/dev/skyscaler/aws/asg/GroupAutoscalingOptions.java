package dev.skyscaler.aws.asg;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Per-group overrides of the cluster-wide options, from CA's {@code
 * k8s.io/cluster-autoscaler/node-template/autoscaling-options/<name>} tags. An empty field means
 * "use the cluster-wide value".
 */
public record GroupAutoscalingOptions(
    OptionalDouble scaleDownUtilizationThreshold,
    OptionalDouble scaleDownGpuUtilizationThreshold,
    Optional<Duration> scaleDownUnneededTime,
    Optional<Duration> scaleDownUnreadyTime,
    Optional<Duration> maxNodeProvisionTime,
    Optional<Boolean> ignoreDaemonSetsUtilization) {

  public static final GroupAutoscalingOptions NONE =
      new GroupAutoscalingOptions(
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());

  public GroupAutoscalingOptions {
    Objects.requireNonNull(scaleDownUtilizationThreshold, "scaleDownUtilizationThreshold");
    Objects.requireNonNull(scaleDownGpuUtilizationThreshold, "scaleDownGpuUtilizationThreshold");
    Objects.requireNonNull(scaleDownUnneededTime, "scaleDownUnneededTime");
    Objects.requireNonNull(scaleDownUnreadyTime, "scaleDownUnreadyTime");
    Objects.requireNonNull(maxNodeProvisionTime, "maxNodeProvisionTime");
    Objects.requireNonNull(ignoreDaemonSetsUtilization, "ignoreDaemonSetsUtilization");
  }

  /** True when no option is overridden. */
  public boolean isEmpty() {
    return equals(NONE);
  }
}
