package dev.skyscaler.core.model;

/**
 * What the unfinished pods (neither Succeeded nor Failed) that hold room on one node add up to, as
 * {@link PodsByNode} counts them in its one pass over a snapshot's pods: how many, their summed
 * requests, the lowest priority among them, and whether any of them has what a planner must look at
 * pod by pod. A planner that would walk those pods to sum them reads this instead, when the flags
 * say the sums are all it needs; otherwise it walks them as before.
 *
 * @param pods how many unfinished pods hold room on the node
 * @param cpu their summed CPU requests, millicores
 * @param memory their summed memory requests, bytes
 * @param ephemeralStorage their summed ephemeral-storage requests, bytes
 * @param lowestPriority the lowest priority among them; {@link Integer#MAX_VALUE} when there are
 *     none
 * @param extendedResources some of them ask for an extended resource (GPUs and others), which is
 *     not summed here
 * @param hostPorts some of them ask for a host port
 * @param antiAffinity some of them have required pod anti-affinity
 * @param beingDeleted some of them have a deletion time
 */
public record PodTotals(
    int pods,
    long cpu,
    long memory,
    long ephemeralStorage,
    int lowestPriority,
    boolean extendedResources,
    boolean hostPorts,
    boolean antiAffinity,
    boolean beingDeleted) {

  /** No pod. */
  public static final PodTotals NONE =
      new PodTotals(0, 0, 0, 0, Integer.MAX_VALUE, false, false, false, false);

  public PodTotals {
    if (pods < 0 || cpu < 0 || memory < 0 || ephemeralStorage < 0) {
      throw new IllegalArgumentException("pod totals cannot be negative");
    }
    if (pods == 0
        && (cpu > 0
            || memory > 0
            || ephemeralStorage > 0
            || lowestPriority != Integer.MAX_VALUE
            || extendedResources
            || hostPorts
            || antiAffinity
            || beingDeleted)) {
      throw new IllegalArgumentException("pod totals of no pod must be empty");
    }
  }
}
