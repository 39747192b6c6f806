package dev.skyscaler.aws.asg;

import dev.skyscaler.core.config.NodeGroupSpec;
import java.util.Objects;

/**
 * What the Auto Scaling Group provider needs to know besides the cloud itself.
 *
 * @param region the region of the groups, for the {@code topology.kubernetes.io/region} label
 */
public record AsgProviderOptions(String region, AsgDiscoveryOptions discovery, PriceTable prices) {
  public AsgProviderOptions {
    if (region == null || region.isBlank()) {
      throw new IllegalArgumentException("the AWS region must be set");
    }
    Objects.requireNonNull(discovery, "discovery");
    Objects.requireNonNull(prices, "prices");
  }

  /** The lower bound Skyscaler keeps for a group: the {@code --nodes} one, else the ASG's. */
  int minSize(AutoScalingGroup g) {
    return discovery.explicit(g.name()).map(NodeGroupSpec::minSize).orElse(g.minSize());
  }

  /** The upper bound Skyscaler keeps for a group: the {@code --nodes} one, else the ASG's. */
  int maxSize(AutoScalingGroup g) {
    return discovery.explicit(g.name()).map(NodeGroupSpec::maxSize).orElse(g.maxSize());
  }
}
