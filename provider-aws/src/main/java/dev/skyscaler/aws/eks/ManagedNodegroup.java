package dev.skyscaler.aws.eks;

import dev.skyscaler.core.model.Taint;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What EKS says about one managed node group ({@code eks:DescribeNodegroup}): what it puts on its
 * nodes that its Auto Scaling Group's tags do not say.
 *
 * @param capacityType {@code ON_DEMAND}, {@code SPOT} or {@code CAPACITY_BLOCK}; empty when EKS
 *     does not say
 * @param labels the Kubernetes labels EKS puts on every node of the group
 * @param taints the taints EKS puts on every node of the group
 * @param tags the node group's own AWS tags (EKS does not copy them to the Auto Scaling Group)
 */
public record ManagedNodegroup(
    String cluster,
    String name,
    String capacityType,
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, String> tags) {
  public ManagedNodegroup {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(name, "name");
    capacityType = capacityType == null ? "" : capacityType;
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    tags = Map.copyOf(tags);
  }
}
