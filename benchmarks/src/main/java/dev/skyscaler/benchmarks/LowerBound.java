package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.Resources;
import java.util.Collection;

/**
 * The fewest nodes of one shape that could hold a set of pods if they could be cut into pieces: the
 * maximum over CPU, memory, pod slots and GPUs of ⌈Σ requests / allocatable⌉. No real packing can
 * use fewer nodes, so a planner's node count divided by this bound measures its packing waste.
 */
public final class LowerBound {
  private LowerBound() {}

  /**
   * The bound for {@code pods} on nodes offering {@code allocatable} each.
   *
   * @throws IllegalArgumentException when the pods need a resource the shape does not offer
   */
  public static long nodes(Collection<Pod> pods, Resources allocatable) {
    long cpu = 0;
    long memory = 0;
    long slots = 0;
    long gpus = 0;
    for (Pod pod : pods) {
      Resources r = pod.requests();
      cpu += r.cpu();
      memory += r.memory();
      slots += r.pods();
      gpus += r.gpus();
    }
    long bound = 0;
    bound = Math.max(bound, ceilDiv(cpu, allocatable.cpu(), "millicores of CPU"));
    bound = Math.max(bound, ceilDiv(memory, allocatable.memory(), "bytes of memory"));
    bound = Math.max(bound, ceilDiv(slots, allocatable.pods(), "pod slots"));
    return Math.max(bound, ceilDiv(gpus, allocatable.gpus(), "GPUs"));
  }

  private static long ceilDiv(long needed, long perNode, String what) {
    if (needed == 0) {
      return 0;
    }
    if (perNode <= 0) {
      throw new IllegalArgumentException(
          "the pods request "
              + needed
              + " "
              + what
              + " but the node shape offers none, so no number of such nodes can hold them");
    }
    return (needed + perNode - 1) / perNode;
  }
}
