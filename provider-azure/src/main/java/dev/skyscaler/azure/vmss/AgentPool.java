package dev.skyscaler.azure.vmss;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An AKS node pool as the agent-pool API describes it.
 *
 * @param count the node count asked for
 * @param autoscaled AKS's own cluster autoscaler manages the pool ({@code enableAutoScaling})
 * @param maxPods pods per node, 0 when not reported
 * @param nodeTaints in AKS's form {@code key=value:Effect}
 */
public record AgentPool(
    String name,
    int count,
    String vmSize,
    boolean autoscaled,
    int maxPods,
    Map<String, String> nodeLabels,
    List<String> nodeTaints) {

  public AgentPool {
    Objects.requireNonNull(name, "name");
    vmSize = vmSize == null ? "" : vmSize;
    nodeLabels = Map.copyOf(nodeLabels);
    nodeTaints = List.copyOf(nodeTaints);
  }
}
