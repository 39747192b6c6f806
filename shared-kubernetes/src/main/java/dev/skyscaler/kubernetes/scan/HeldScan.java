package dev.skyscaler.kubernetes.scan;

import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.kubernetes.KubernetesConnection;
import dev.skyscaler.kubernetes.shadow.OtherAutoscalerCheck.Sighting;
import dev.skyscaler.kubernetes.shadow.ShadowComparison;
import dev.skyscaler.kubernetes.shadow.ShadowOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The end of a scan that does not act ({@link ScanReport.Held}): in shadow mode it saves its own
 * state and writes the comparison with CA's decisions ({@link ShadowScan}); with a running CA found
 * (live) it saves nothing and writes only the status saying what was found. Either way only to
 * Skyscaler's own ConfigMaps ({@link ShadowOptions#ownStatus()}, {@link
 * ShadowOptions#shadowState()}), fenced by the lease.
 */
final class HeldScan {
  /** The key of the own status ConfigMap saying why a scan did not act. */
  static final String NOT_ACTING = "notActing";

  private final KubernetesConnection connection;
  private final ShadowOptions shadow;
  private final Clock clock;

  HeldScan(KubernetesConnection connection, ShadowOptions shadow, Clock clock) {
    this.connection = connection;
    this.shadow = shadow;
    this.clock = clock;
  }

  ScanReport.Held finish(
      ScanKind kind,
      Optional<Sighting> ca,
      ScanWrites writes,
      Plan plan,
      ClusterSnapshot snapshot,
      List<String> warnings,
      Instant started) {
    String reason =
        shadow.dryRun()
            ? "shadow mode (DRY_RUN): planned as live, no action taken"
                + ca.map(s -> "; " + s.autoscaler() + " is running (" + s.found() + ")").orElse("")
            : ca.orElseThrow().describe();
    Optional<ShadowComparison> comparison = Optional.empty();
    Map<String, String> data = new LinkedHashMap<>();
    data.put(NOT_ACTING, reason);
    if (shadow.dryRun() && kind == ScanKind.FULL) {
      try {
        ShadowScan.Result result =
            new ShadowScan(
                    connection,
                    shadow.check(),
                    shadow.ownStatus().namespace(),
                    shadow.ownStatus().name())
                .compare(plan, snapshot, clock.instant(), shadow.check().recent());
        comparison = Optional.of(result.comparison());
        data.putAll(result.data());
        warnings.addAll(result.warnings());
      } catch (RuntimeException e) {
        warnings.add("Cluster Autoscaler's decisions could not be read: " + e.getMessage());
      }
    }
    boolean saved = !shadow.dryRun() || writes.saveState(warnings);
    if (saved && kind == ScanKind.FULL) {
      writes.writeStatus(shadow.ownStatus(), data, warnings);
    }
    return new ScanReport.Held(
        plan,
        shadow.dryRun(),
        reason,
        comparison,
        warnings,
        Duration.between(started, clock.instant()));
  }
}
