package dev.skyscaler.aws.asg;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * This cluster's Auto Scaling Groups, each with the instances it lists: what tells an interruption
 * event about one of our instances or groups from one about another cluster's.
 *
 * @param groups the name of every group the cluster's discovery selects, those without instances
 *     included
 * @param groupByInstance instance id to the name of the group that lists it
 */
public record GroupMembership(Set<String> groups, Map<String, String> groupByInstance) {
  public GroupMembership {
    groups = Set.copyOf(groups);
    groupByInstance = Map.copyOf(groupByInstance);
    for (Map.Entry<String, String> e : groupByInstance.entrySet()) {
      if (!groups.contains(e.getValue())) {
        throw new IllegalArgumentException(
            "instance " + e.getKey() + " is listed by " + e.getValue() + ", not one of the groups");
      }
    }
  }

  /** The group of ours that lists the instance. */
  public Optional<String> groupOf(String instanceId) {
    return Optional.ofNullable(groupByInstance.get(Objects.requireNonNull(instanceId)));
  }

  /**
   * The group of ours a lifecycle action of {@code group} for {@code instanceId} is about: the
   * group must be one of this cluster's and must list the instance (an instance waiting on a
   * terminate hook is listed, {@code Terminating:Wait}). A group of another cluster, or an instance
   * the named group does not hold, is not ours.
   */
  public Optional<String> lifecycleGroup(String group, String instanceId) {
    return groups.contains(group) && group.equals(groupByInstance.get(instanceId))
        ? Optional.of(group)
        : Optional.empty();
  }
}
