package dev.skyscaler.aws.asg;

import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import java.util.Map;
import java.util.Objects;

/**
 * What one discovery of Auto Scaling Groups found: the provider-neutral {@link Discovery} and, for
 * each group, the option overrides of its {@code autoscaling-options} tags (only groups with at
 * least one override are listed).
 */
public record AsgDiscovery(Discovery discovery, Map<String, GroupAutoscalingOptions> groupOptions) {
  public AsgDiscovery {
    Objects.requireNonNull(discovery, "discovery");
    groupOptions = Map.copyOf(groupOptions);
  }
}
