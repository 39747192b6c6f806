package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.kubernetes.state.StateConflictException;
import dev.skyscaler.kubernetes.state.StateStore;
import dev.skyscaler.kubernetes.state.StateStore.Stored;
import dev.skyscaler.kubernetes.status.StatusReport;
import dev.skyscaler.kubernetes.status.StatusReport.StatusInputs;
import dev.skyscaler.kubernetes.status.StatusWriter;
import dev.skyscaler.kubernetes.status.StatusWriter.StatusOptions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The writes that close a scan, after acting or instead of it: the state, then the status. Both are
 * fenced by the scan's lease; a failure becomes a warning of the scan.
 */
final class ScanWrites {
  private final KubernetesConnection connection;
  private final Clock clock;
  private final WriteFence fence;
  private final StateStore<AutoscalerState> store;
  private final Stored<AutoscalerState> stored;
  private final Set<String> liveNodes;
  private final ClusterSnapshot snapshot;
  private final Plan plan;
  private final AutoscalerOptions options;

  ScanWrites(
      KubernetesConnection connection,
      Clock clock,
      WriteFence fence,
      StateStore<AutoscalerState> store,
      Stored<AutoscalerState> stored,
      Set<String> liveNodes,
      ClusterSnapshot snapshot,
      Plan plan,
      AutoscalerOptions options) {
    this.connection = connection;
    this.clock = clock;
    this.fence = fence;
    this.store = store;
    this.stored = stored;
    this.liveNodes = liveNodes;
    this.snapshot = snapshot;
    this.plan = plan;
    this.options = options;
  }

  /** {@link #saveState(AutoscalerState, List)} of the plan's state, for a scan that did not act. */
  boolean saveState(List<String> warnings) {
    return saveState(plan.state(), warnings);
  }

  /**
   * Saves {@code state} (the plan's, as acting left it); false when the scan must stop writing:
   * another actor wrote the state since it was loaded (so another actor acted), or the lease no
   * longer fences this scan's writes.
   */
  boolean saveState(AutoscalerState state, List<String> warnings) {
    try {
      store.save(state, stored, liveNodes);
      return true;
    } catch (StateConflictException e) {
      warnings.add(e.getMessage());
      return false;
    } catch (WriteRefusedException e) {
      warnings.add("the state was not saved: " + e.getMessage());
      return false;
    } catch (RuntimeException e) {
      warnings.add("the state was not saved (the next scan re-derives it): " + e.getMessage());
      return true;
    }
  }

  /** Writes CA's status document of the plan to {@code where}, with {@code extra} data keys. */
  void writeStatus(StatusOptions where, Map<String, String> extra, List<String> warnings) {
    StatusInputs inputs =
        new StatusInputs(
            options.health().maxNodeStartupTime(),
            options.health().okTotalUnreadyCount(),
            options.health().maxTotalUnreadyPercentage(),
            StatusReport.Backoff.active(plan.state().backoffs(), clock.instant()));
    try {
      new StatusWriter(connection, where, fence)
          .write(
              StatusReport.build(snapshot, plan, inputs, clock.instant()), extra, clock.instant());
    } catch (RuntimeException e) {
      warnings.add("the status ConfigMap was not written: " + e.getMessage());
    }
  }
}
