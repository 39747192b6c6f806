package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.shadow.ShadowComparison;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
   * The scan read and planned exactly as a live one, but took no action on the cluster or the cloud
   * and wrote no event and no CA status: it ran in shadow mode ({@code DRY_RUN}), or it found a
   * running Cluster Autoscaler. Its status (and, in shadow mode, the comparison) went to
   * Skyscaler's own status ConfigMap.
   *
   * @param plan what the core decided, not carried out
   * @param dryRun true in shadow mode, false when a running Cluster Autoscaler stopped a live scan
   * @param reason why nothing was done: shadow mode, or what was found and how to proceed
   * @param comparison in shadow mode, the decisions next to Cluster Autoscaler's; empty otherwise
   * @param warnings as for {@link Completed}
   */
  record Held(
      Plan plan,
      boolean dryRun,
      String reason,
      Optional<ShadowComparison> comparison,
      List<String> warnings,
      Duration took)
      implements ScanReport {
    public Held {
      Objects.requireNonNull(plan, "plan");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(comparison, "comparison");
      warnings = List.copyOf(warnings);
      Objects.requireNonNull(took, "took");
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
