package dev.skyscaler.core.state;

/**
 * Where the removal of one node stands. Each scan looks at the node as it is now and either moves
 * the removal on to the next step, repeats the step's actions, or gives up.
 */
public enum DrainStep {
  /**
   * The deletion taint (and the cordon) were asked for; the next scan checks they are on the node.
   */
  TAINTING,
  /** Pods are being evicted; each scan evicts again the pods that are still there. */
  EVICTING,
  /** The instance deletion was asked for; the drain is forgotten once the node is gone. */
  DELETING
}
