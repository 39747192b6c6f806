package dev.skyscaler.core.scaledown;

import dev.skyscaler.core.config.ScaleDownOptions;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodTotals;
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
    // sums of the three amounts used, not Resources.plus: one scan measures every node
    long usedCpu = 0;
    long usedMemory = 0;
    long usedGpus = 0;
    long ignoredCpu = 0;
    long ignoredMemory = 0;
    long ignoredGpus = 0;
    for (Pod p : pods) {
      boolean leftOut =
          (options.ignoreDaemonSetsUtilization() && p.isDaemonSetPod())
              || (options.ignoreMirrorPodsUtilization() && p.isMirror());
      Resources r = p.requests();
      if (leftOut) {
        ignoredCpu += r.cpu();
        ignoredMemory += r.memory();
        ignoredGpus += gpus(r);
      } else if (!Drainability.isLongTerminating(p, now)) {
        usedCpu += r.cpu();
        usedMemory += r.memory();
        usedGpus += gpus(r);
      }
    }
    return of(node, usedCpu, usedMemory, usedGpus, ignoredCpu, ignoredMemory, ignoredGpus);
  }

  /**
   * True when {@code totals} of the pods on a node give their utilisation: no pod is left out
   * (neither option is set), none may be terminating long, none asks for GPUs.
   */
  static boolean readableFrom(PodTotals totals, ScaleDownOptions options) {
    return !options.ignoreDaemonSetsUtilization()
        && !options.ignoreMirrorPodsUtilization()
        && !totals.beingDeleted()
        && !totals.extendedResources();
  }

  /**
   * The node's utilisation from the totals of the pods on it, as {@link #of(Node, List,
   * ScaleDownOptions, Instant)} gives it on those pods; only where {@link #readableFrom} holds.
   */
  static Optional<Utilization> of(Node node, PodTotals totals) {
    return of(node, totals.cpu(), totals.memory(), 0, 0, 0, 0);
  }

  private static Optional<Utilization> of(
      Node node,
      long usedCpu,
      long usedMemory,
      long usedGpus,
      long ignoredCpu,
      long ignoredMemory,
      long ignoredGpus) {
    Resources alloc = node.allocatable();
    if (alloc.gpus() > 0) {
      double gpu = ratio(usedGpus, alloc.gpus() - ignoredGpus);
      return Double.isNaN(gpu)
          ? Optional.empty()
          : Optional.of(new Utilization(0, 0, gpu, true, gpu));
    }
    double cpu = ratio(usedCpu, alloc.cpu() - ignoredCpu);
    double memory = ratio(usedMemory, alloc.memory() - ignoredMemory);
    if (Double.isNaN(cpu) || Double.isNaN(memory)) {
      return Optional.empty();
    }
    return Optional.of(new Utilization(cpu, memory, 0, false, Math.max(cpu, memory)));
  }

  private static long gpus(Resources r) {
    return r.extended().isEmpty() ? 0 : r.gpus();
  }

  private static double ratio(long used, long available) {
    return available <= 0 ? Double.NaN : (double) used / available;
  }

  /** Underutilised: at most the threshold that applies to this node. */
  boolean underutilized(ScaleDownOptions options) {
    return value <= (gpuNode ? options.gpuUtilizationThreshold() : options.utilizationThreshold());
  }
}
