package dev.skyscaler.kubernetes.shadow;

import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.CheckOptions;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.status.StatusWriter.StatusOptions;
import java.util.Objects;

/**
 * How a scan lives next to Cluster Autoscaler.
 *
 * @param dryRun shadow mode ({@code DRY_RUN=true}, {@code --dry-run}): read and plan as live, act
 *     on nothing, write the decisions and their comparison with CA's to {@code ownStatus}
 * @param check where a running CA is looked for
 * @param ownStatus Skyscaler's own status ConfigMap, written instead of CA's whenever the scan does
 *     not act (shadow mode, or a running CA found), so CA's status is never written over
 * @param shadowState where shadow mode keeps its state between scans (unneeded-since times), apart
 *     from the live state, so switching to live starts from what the cluster shows
 */
public record ShadowOptions(
    boolean dryRun, CheckOptions check, StatusOptions ownStatus, StoreOptions shadowState) {
  /** Live, CA looked for where CA keeps its Lease and status; {@code kube-system/skyscaler-*}. */
  public static final ShadowOptions DEFAULTS =
      new ShadowOptions(
          false,
          CheckOptions.DEFAULTS,
          new StatusOptions(
              "kube-system", "skyscaler-status", StatusOptions.DEFAULTS.refreshAfter()),
          new StoreOptions("kube-system", "skyscaler-shadow-state"));

  public ShadowOptions {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(ownStatus, "ownStatus");
    Objects.requireNonNull(shadowState, "shadowState");
  }

  /** These options in shadow mode, or live. */
  public ShadowOptions withDryRun(boolean dryRun) {
    return new ShadowOptions(dryRun, check, ownStatus, shadowState);
  }
}
