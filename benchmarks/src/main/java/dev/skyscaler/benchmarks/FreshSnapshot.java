package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.ClusterSnapshot;

/**
 * A new snapshot object with the same contents, as every scan of a live cluster gets one. The
 * benchmarks time {@code runOnce} on {@code FreshSnapshot.of(snapshot)} rather than on their one
 * trial snapshot, because a snapshot keeps what a scan derives from it (its pod index): timing the
 * same object again would leave that work out of every call after the first.
 */
final class FreshSnapshot {
  private FreshSnapshot() {}

  /**
   * The same nodes, pods, PDBs, DaemonSets, groups, buffers and namespaces, with nothing derived
   * yet.
   */
  static ClusterSnapshot of(ClusterSnapshot s) {
    return new ClusterSnapshot(
        s.nodes(),
        s.pods(),
        s.pdbs(),
        s.daemonSets(),
        s.nodeGroups(),
        s.capacityBuffers(),
        s.namespaces());
  }
}
