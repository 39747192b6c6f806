package dev.skyscaler.aws.asg;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a launch template version or launch configuration says about new instances.
 *
 * @param instanceType empty when the template leaves it to the group (mixed instances)
 * @param rootVolumeGib size of the first EBS block device mapping, when declared
 * @param spot the template requests spot capacity (market options, or a launch configuration's spot
 *     price)
 */
public record LaunchSpec(Optional<String> instanceType, OptionalInt rootVolumeGib, boolean spot) {
  public LaunchSpec {
    Objects.requireNonNull(instanceType, "instanceType");
    Objects.requireNonNull(rootVolumeGib, "rootVolumeGib");
  }
}
