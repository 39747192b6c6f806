package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.kubernetes.actuation.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** How one {@link ScanCycle} ended. */
public sealed interface ScanReport {

  /** The scan's lease was held by another actor: nothing was read, decided or done. */
  record Skipped(String reason) implements ScanReport {
    public Skipped {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * The scan could not decide: reading the lease, the state, the cluster or the cloud failed, or
   * the cluster's priority-expander ConfigMap is invalid. Nothing was done.
   *
   * @param stage what failed, e.g. {@code read the cluster}
   * @param message the error, naming the object at fault
   */
  record Failed(String stage, String message) implements ScanReport {
    public Failed {
      Objects.requireNonNull(stage, "stage");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * The scan decided and acted.
   *
   * @param plan what the core decided
   * @param kubernetes what happened to each Kubernetes action (events as one batch)
   * @param cloud what happened to each cloud action
   * @param figures counts for logs and metrics
   * @param busy false when there was nothing to do and nothing under way: no pending pod, no
   *     scale-up, no node booting, unneeded, draining, interrupted or being repaired; a runner may
   *     then scan less often
   * @param warnings the plan's, the snapshot's and the cloud discovery's warnings, and any failure
   *     to save the state or write the status
   * @param took from the lease taken to the lease released
   */
  record Completed(
      Plan plan,
      List<Outcome> kubernetes,
      List<CloudOutcome> cloud,
      ScanFigures figures,
      boolean busy,
      List<String> warnings,
      Duration took)
      implements ScanReport {
    public Completed {
      Objects.requireNonNull(plan, "plan");
      kubernetes = List.copyOf(kubernetes);
      cloud = List.copyOf(cloud);
      Objects.requireNonNull(figures, "figures");
      warnings = List.copyOf(warnings);
      Objects.requireNonNull(took, "took");
    }
  }
}
