package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.CaObjectNames;
import dev.skyscaler.kubernetes.LiveSnapshotReader.ReadOptions;
import dev.skyscaler.kubernetes.events.EventRecorder.EventOptions;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.CheckOptions;
import dev.skyscaler.kubernetes.shadow.ShadowOptions;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import dev.skyscaler.kubernetes.state.StateStore.StoreOptions;
import dev.skyscaler.kubernetes.status.StatusWriter.StatusOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link ScanCycle} runs.
 *
 * @param autoscaler the core's options
 * @param lease the Lease that makes scans mutually exclusive
 * @param state the ConfigMap holding the {@code AutoscalerState}
 * @param status the ConfigMap holding CA's status document
 * @param events how Kubernetes events are aggregated and rate limited
 * @param read page size and where the priority expander's ConfigMap is
 * @param leaseWait how long a scan waits for a lease another actor holds before giving up; zero
 *     gives up at once (scheduled scans: the next one comes soon), a few seconds suit an
 *     interruption notice that should not wait for the next delivery
 * @param leasePoll the pause between two attempts while waiting
 * @param shadow shadow mode, and where a running Cluster Autoscaler is looked for
 */
public record ScanSettings(
    AutoscalerOptions autoscaler,
    LeaseOptions lease,
    StoreOptions state,
    StatusOptions status,
    EventOptions events,
    ReadOptions read,
    Duration leaseWait,
    Duration leasePoll,
    ShadowOptions shadow) {
  public ScanSettings {
    Objects.requireNonNull(shadow, "shadow");
    Objects.requireNonNull(autoscaler, "autoscaler");
    Objects.requireNonNull(lease, "lease");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(events, "events");
    Objects.requireNonNull(read, "read");
    if (leaseWait == null || leaseWait.isNegative()) {
      throw new IllegalArgumentException("leaseWait must be zero or positive, got " + leaseWait);
    }
    if (leasePoll == null || leasePoll.isNegative() || leasePoll.isZero()) {
      throw new IllegalArgumentException("leasePoll must be positive, got " + leasePoll);
    }
  }

  /**
   * The defaults for everything but the core's options, no lease wait, and CA's places: every
   * object in {@code --namespace} (the scan Lease, the state ConfigMaps, the priority expander's
   * ConfigMap, and the status ConfigMap named {@code --status-config-map-name}); a running CA is
   * looked for there too, under that status name.
   */
  public static ScanSettings defaults(AutoscalerOptions autoscaler) {
    CaObjectNames at = autoscaler.objects();
    String ns = at.namespace();
    CheckOptions check = CheckOptions.DEFAULTS;
    ShadowOptions shadow = ShadowOptions.DEFAULTS;
    return new ScanSettings(
        autoscaler,
        new LeaseOptions(
            ns,
            LeaseOptions.DEFAULTS.name(),
            LeaseOptions.DEFAULTS.duration(),
            LeaseOptions.DEFAULTS.clockSkew()),
        new StoreOptions(ns, StoreOptions.DEFAULTS.name()),
        new StatusOptions(ns, at.statusConfigMapName(), StatusOptions.DEFAULTS.refreshAfter()),
        EventOptions.DEFAULTS,
        new ReadOptions(ReadOptions.DEFAULTS.pageSize(), ns),
        Duration.ZERO,
        Duration.ofMillis(500),
        new ShadowOptions(
            false,
            new CheckOptions(
                ns, check.lease(), at.statusConfigMapName(), check.recent(), check.clockSkew()),
            new StatusOptions(ns, shadow.ownStatus().name(), shadow.ownStatus().refreshAfter()),
            new StoreOptions(ns, shadow.shadowState().name())));
  }

  /** These settings waiting up to {@code wait} for a held lease. */
  public ScanSettings withLeaseWait(Duration wait) {
    return new ScanSettings(
        autoscaler, lease, state, status, events, read, wait, leasePoll, shadow);
  }

  /** These settings in shadow mode ({@code true}) or live. */
  public ScanSettings withDryRun(boolean dryRun) {
    return new ScanSettings(
        autoscaler,
        lease,
        state,
        status,
        events,
        read,
        leaseWait,
        leasePoll,
        shadow.withDryRun(dryRun));
  }
}
