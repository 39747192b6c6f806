package dev.skyscaler.core.scaleup.candidate;

import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a new node of {@code group} looks like in the simulation: allocatable resources, labels and
 * taints, and the DaemonSet pods that will land on it ({@code daemonSetOverhead} is already part of
 * what a fresh node has used).
 *
 * @param fromMember true when copied from a healthy member node, false when built from the declared
 *     cloud template
 */
public record GroupTemplate(
    NodeGroup group,
    Resources allocatable,
    Map<String, String> labels,
    List<Taint> taints,
    Resources daemonSetOverhead,
    boolean fromMember) {
  public GroupTemplate {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(allocatable, "allocatable");
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    Objects.requireNonNull(daemonSetOverhead, "daemonSetOverhead");
  }

  public String groupName() {
    return group.name();
  }

  /** True when a node of this group offers GPUs. */
  public boolean hasGpu() {
    return allocatable.gpus() > 0;
  }
}
