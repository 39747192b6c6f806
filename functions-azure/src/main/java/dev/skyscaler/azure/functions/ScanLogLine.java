package dev.skyscaler.azure.functions;

import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanFigures;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Collectors;

/**
 * One log line per scan, in {@code key=value} form (values with spaces quoted), so Application
 * Insights queries can split it: who scanned, how it ended, the plan in short, what was done on the
 * cluster and in the cloud, and the warnings. INFO for a clean scan or a skipped one, WARNING when
 * a warning came or an action failed, SEVERE when the scan could not decide.
 */
public record ScanLogLine(Level level, String text) {

  /** The line of {@code report}, the scan of invocation {@code identity}. */
  public static ScanLogLine of(String identity, ScanKind kind, ScanReport report) {
    List<String> f = new ArrayList<>();
    f.add(field("scan", identity));
    f.add(field("kind", kind.name().toLowerCase(Locale.ROOT)));
    if (report instanceof ScanReport.Skipped s) {
      f.add(field("result", "skipped"));
      f.add(field("reason", s.reason()));
      return new ScanLogLine(Level.INFO, String.join(" ", f));
    }
    if (report instanceof ScanReport.Failed failed) {
      f.add(field("result", "failed"));
      f.add(field("stage", failed.stage()));
      f.add(field("error", failed.message()));
      return new ScanLogLine(Level.SEVERE, String.join(" ", f));
    }
    if (report instanceof ScanReport.Held held) {
      f.add(field("result", held.dryRun() ? "shadow" : "held"));
      f.add(field("reason", held.reason()));
      Plan plan = held.plan();
      f.add(field("scale_up", join(plan.scaleUps().stream().map(ScanLogLine::scaleUp).toList())));
      f.add(
          field(
              "scale_down", join(plan.scaleDowns().stream().map(ScanLogLine::scaleDown).toList())));
      held.comparison()
          .ifPresent(
              c ->
                  f.add(
                      field("comparison", join(c.rows().stream().map(Object::toString).toList()))));
      f.add(field("warnings", join(held.warnings())));
      return new ScanLogLine(held.dryRun() ? Level.INFO : Level.WARNING, String.join(" ", f));
    }
    ScanReport.Completed done = (ScanReport.Completed) report;
    ScanFigures n = done.figures();
    Plan plan = done.plan();
    f.add(field("result", "completed"));
    f.add(field("took", done.took().toMillis() + "ms"));
    f.add(field("ready", n.readyNodes()));
    f.add(field("unready", n.unreadyNodes()));
    f.add(field("unschedulable", n.unschedulablePods()));
    f.add(field("groups", n.nodeGroups()));
    f.add(field("scale_up", join(plan.scaleUps().stream().map(ScanLogLine::scaleUp).toList())));
    f.add(
        field("scale_down", join(plan.scaleDowns().stream().map(ScanLogLine::scaleDown).toList())));
    f.add(field("evicted", n.evictedPods()));
    f.add(field("repairs", n.repairs()));
    f.add(field("failed", n.failedActions()));
    f.add(field("busy", done.busy()));
    f.add(field("kubernetes", kubernetes(done.kubernetes())));
    f.add(field("cloud", join(done.cloud().stream().map(CloudOutcome::toString).toList())));
    f.add(field("warnings", join(done.warnings())));
    boolean trouble = !done.warnings().isEmpty() || n.failedActions() > 0;
    return new ScanLogLine(trouble ? Level.WARNING : Level.INFO, String.join(" ", f));
  }

  static String scaleUp(ScaleUp s) {
    return s.nodeGroup() + " +" + s.delta() + " (" + s.currentTarget() + "->" + s.newTarget() + ")";
  }

  private static String scaleDown(ScaleDown s) {
    return s.node() + " of " + s.nodeGroup() + (s.empty() ? " (empty)" : "");
  }

  /** Counts per result, then every failed or refused action with its detail. */
  private static String kubernetes(List<Outcome> outcomes) {
    Map<Outcome.Result, Long> counts =
        outcomes.stream()
            .collect(
                Collectors.groupingBy(
                    Outcome::result,
                    () -> new EnumMap<>(Outcome.Result.class),
                    Collectors.counting()));
    List<String> parts = new ArrayList<>();
    counts.forEach((result, count) -> parts.add(result + "=" + count));
    outcomes.stream().filter(Outcome::unsuccessful).map(Outcome::toString).forEach(parts::add);
    return join(parts);
  }

  private static String join(List<String> parts) {
    return String.join("; ", parts);
  }

  private static String field(String key, Object value) {
    String v = String.valueOf(value);
    boolean bare = !v.isEmpty() && v.chars().noneMatch(c -> c == ' ' || c == '"' || c == '=');
    return key + "=" + (bare ? v : '"' + v.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
  }
}
