package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.cloud.ProviderIds;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state a scan saves: the plan's, except for what the cloud did not take. The health policy
 * records a repair rung, or an unregistered instance's deletion, as issued when it plans it, and
 * waits {@code --repair-step-timeout} before the next step. A rung whose call failed or was left
 * for later (no lease time) was not issued: saved as issued, the repair would wait a whole step for
 * nothing. So its group keeps the record it had before this scan, and the next scan plans the rung
 * again from what the cluster then shows (ADR 0023). Every other record is re-derived from the
 * cluster and the cloud by the next scan anyway.
 */
final class StateAfterActing {
  private StateAfterActing() {}

  static AutoscalerState of(
      AutoscalerState planned, AutoscalerState loaded, List<CloudOutcome> outcomes) {
    HealthState health = planned.health();
    Map<String, RepairRecord> repairs = new TreeMap<>(health.repairs());
    Map<String, Instant> deletions = new TreeMap<>(health.deletions());
    boolean changed = false;
    for (CloudOutcome o : outcomes) {
      if (taken(o.outcome().status())) {
        continue;
      }
      if (o.action() instanceof RepairInstance r) {
        restore(repairs, loaded.health().repairs(), r.nodeGroup());
        changed = true;
      } else if (o.action() instanceof DeleteInstance d) {
        restore(deletions, loaded.health().deletions(), ProviderIds.instanceKey(d.providerId()));
        changed = true;
      }
    }
    return changed
        ? planned.withPolicies(
            new HealthState(repairs, deletions, health.shortfalls()), planned.interruptions())
        : planned;
  }

  private static boolean taken(Status s) {
    return s != Status.FAILED && s != Status.RETRY;
  }

  private static <V> void restore(Map<String, V> into, Map<String, V> before, String key) {
    if (before.containsKey(key)) {
      into.put(key, before.get(key));
    } else {
      into.remove(key);
    }
  }
}
