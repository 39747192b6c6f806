package dev.skyscaler.aws.asg;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An EC2 Auto Scaling Group as DescribeAutoScalingGroups reports it, reduced to what the autoscaler
 * reads. No SDK type leaks out of {@link AsgGateway}.
 *
 * @param zones availability zones, as the ASG lists them
 * @param tags tag key to value
 * @param launchTemplate the group's launch template, or the mixed-instances policy's one
 * @param launchConfiguration the legacy launch configuration name, when the group uses one
 * @param overrideTypes the instance types of the mixed-instances overrides, in order
 * @param spotOnly a mixed-instances policy with no on-demand base and 0% on-demand above it
 */
public record AutoScalingGroup(
    String name,
    int minSize,
    int maxSize,
    int desiredCapacity,
    List<String> zones,
    Map<String, String> tags,
    List<AsgInstance> instances,
    Optional<LaunchTemplateRef> launchTemplate,
    Optional<String> launchConfiguration,
    List<String> overrideTypes,
    boolean spotOnly) {

  public AutoScalingGroup {
    Objects.requireNonNull(name, "name");
    zones = List.copyOf(zones);
    tags = Map.copyOf(tags);
    instances = List.copyOf(instances);
    Objects.requireNonNull(launchTemplate, "launchTemplate");
    Objects.requireNonNull(launchConfiguration, "launchConfiguration");
    overrideTypes = List.copyOf(overrideTypes);
  }

  /** The member with this instance id, if the group lists it. */
  public Optional<AsgInstance> instance(String instanceId) {
    return instances.stream().filter(i -> i.instanceId().equals(instanceId)).findFirst();
  }

  /**
   * An instance of the group as the ASG lists it.
   *
   * @param lifecycleState the ASG lifecycle state ({@code Pending}, {@code InService}, {@code
   *     Terminating:Wait}, ...)
   * @param healthStatus {@code Healthy} or {@code Unhealthy}
   */
  public record AsgInstance(
      String instanceId,
      String zone,
      String lifecycleState,
      String healthStatus,
      String instanceType) {
    public AsgInstance {
      Objects.requireNonNull(instanceId, "instanceId");
      zone = zone == null ? "" : zone;
      lifecycleState = lifecycleState == null ? "" : lifecycleState;
      healthStatus = healthStatus == null ? "" : healthStatus;
      instanceType = instanceType == null ? "" : instanceType;
    }

    /** Held by a termination lifecycle hook: {@code Terminating:Wait}. */
    public boolean waitingToTerminate() {
      return lifecycleState.equals("Terminating:Wait");
    }

    /** Terminating, terminated, detaching or detached: on its way out of the group. */
    public boolean leaving() {
      return lifecycleState.startsWith("Terminat") || lifecycleState.startsWith("Detach");
    }
  }

  /**
   * A launch template by id or name, at a version ({@code $Default}, {@code $Latest} or a number).
   */
  public record LaunchTemplateRef(String id, String name, String version) {
    public LaunchTemplateRef {
      id = id == null ? "" : id;
      name = name == null ? "" : name;
      if (id.isEmpty() && name.isEmpty()) {
        throw new IllegalArgumentException("a launch template needs an id or a name");
      }
      version = version == null || version.isEmpty() ? "$Default" : version;
    }

    /** True when the version is a number: its data never changes, so it may be cached. */
    public boolean pinned() {
      return version.chars().allMatch(Character::isDigit);
    }

    @Override
    public String toString() {
      return (name.isEmpty() ? id : name) + "@" + version;
    }
  }
}
