package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A node's utilisation as Cluster Autoscaler measures it ({@code simulator/utilization}): the
 * requests of the pods on it over its allocatable, per resource. Pods terminating past their grace
 * period do not count. With {@code --ignore-daemonsets-utilization} (or {@code
 * --ignore-mirror-pods-utilization}) those pods leave both the requests and the allocatable.
 *
 * @param gpuNode the node has GPUs: only GPU utilisation counts, against the GPU threshold
 * @param value what the threshold is compared with: max(cpu, memory), or gpu on GPU nodes
 */
record Utilization(double cpu, double memory, double gpu, boolean gpuNode, double value) {

  /**
   * The node's utilisation, or empty when it has no allocatable cpu or memory (or, on a GPU node,
   * no GPUs left once ignored pods are set aside) to divide by.
   */
  static Optional<Utilization> of(
      Node node, List<Pod> pods, ScaleDownOptions options, Instant now) {
    Resources used = Resources.ZERO;
    Resources ignored = Resources.ZERO;
    for (Pod p : pods) {
      boolean leftOut =
          (options.ignoreDaemonSetsUtilization() && p.isDaemonSetPod())
              || (options.ignoreMirrorPodsUtilization() && p.isMirror());
      if (leftOut) {
        ignored = ignored.plus(p.requests());
      } else if (!Drainability.isLongTerminating(p, now)) {
        used = used.plus(p.requests());
      }
    }
    Resources alloc = node.allocatable();
    if (alloc.gpus() > 0) {
      double gpu = ratio(used.gpus(), alloc.gpus() - ignored.gpus());
      return Double.isNaN(gpu)
          ? Optional.empty()
          : Optional.of(new Utilization(0, 0, gpu, true, gpu));
    }
    double cpu = ratio(used.cpu(), alloc.cpu() - ignored.cpu());
    double memory = ratio(used.memory(), alloc.memory() - ignored.memory());
    if (Double.isNaN(cpu) || Double.isNaN(memory)) {
      return Optional.empty();
    }
    return Optional.of(new Utilization(cpu, memory, 0, false, Math.max(cpu, memory)));
  }

  private static double ratio(long used, long available) {
    return available <= 0 ? Double.NaN : (double) used / available;
  }

  /** Underutilised: at most the threshold that applies to this node. */
  boolean underutilized(ScaleDownOptions options) {
    return value <= (gpuNode ? options.gpuUtilizationThreshold() : options.utilizationThreshold());
  }
}
