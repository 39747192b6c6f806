package dev.skyscaler.aws;

import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.kubernetes.actuation.Outcome;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One structured log line per scan: {@code scan completed} (INFO, WARN when an action failed),
 * {@code scan skipped} (INFO: another actor held the lease) or {@code scan failed} (ERROR, with the
 * stage and the error). A completed scan's line holds the plan's summary (scale-ups with their
 * groups, sizes and pod counts; nodes found unneeded; nodes that cannot be removed, counted by
 * reason; drains under way), every cloud action's outcome, the Kubernetes outcomes counted by
 * result with the failed and refused ones listed, the figures and the warnings. Long lists are cut
 * at {@value #LIST_LIMIT} entries, with the total given.
 *
 * <p>What it logs comes from the scan's report, which holds no token or kubeconfig.
 */
final class ScanLog {
  static final int LIST_LIMIT = 20;

  private ScanLog() {}

  static void write(
      JsonLog log, String function, String identity, ScanKind kind, ScanReport report) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("function", function);
    fields.put("identity", identity);
    fields.put("kind", kind.name());
    if (report instanceof ScanReport.Skipped skipped) {
      fields.put("reason", skipped.reason());
      log.info("scan skipped", fields);
    } else if (report instanceof ScanReport.Failed failed) {
      fields.put("stage", failed.stage());
      fields.put("error", failed.message());
      log.error("scan failed", fields);
    } else if (report instanceof ScanReport.Held held) {
      fields.put("reason", held.reason());
      fields.put("scaleUps", held.plan().scaleUps().stream().map(ScanLog::scaleUp).toList());
      fields.put("unneededNodes", held.plan().scaleDowns().size());
      held.comparison()
          .ifPresent(
              c -> fields.put("comparison", limited(c.rows().stream().map(Object::toString))));
      fields.put("warnings", limited(held.warnings().stream()));
      if (held.dryRun()) {
        log.info("scan planned in shadow mode, no action taken", fields);
      } else {
        log.warn("scan held: no action taken", fields);
      }
    } else if (report instanceof ScanReport.Completed done) {
      completed(done, fields);
      if (done.figures().failedActions() > 0) {
        log.warn("scan completed", fields);
      } else {
        log.info("scan completed", fields);
      }
    }
  }

  private static void completed(ScanReport.Completed done, Map<String, Object> fields) {
    Plan plan = done.plan();
    fields.put("busy", done.busy());
    fields.put("tookMs", done.took().toMillis());
    fields.put("scaleUps", plan.scaleUps().stream().map(ScanLog::scaleUp).toList());
    fields.put("podsNoGroupCanHelp", plan.noScaleUps().size());
    fields.put("unneededNodes", plan.scaleDowns().size());
    fields.put("unremovableNodes", counted(plan.unremovable(), u -> u.reason()));
    fields.put("drains", plan.state().drains().size());
    fields.put("interruptedNodes", plan.state().interruptions().nodes().size());
    fields.put("actions", plan.actions().size());
    fields.put("cloud", limited(done.cloud().stream().map(CloudOutcome::toString)));
    fields.put("kubernetes", counted(done.kubernetes(), o -> o.result().name()));
    fields.put(
        "kubernetesUnsuccessful",
        limited(done.kubernetes().stream().filter(Outcome::unsuccessful).map(Outcome::toString)));
    fields.put("figures", done.figures());
    fields.put("warnings", limited(done.warnings().stream()));
    fields.put("warningsTotal", done.warnings().size());
  }

  private static Map<String, Object> scaleUp(ScaleUp s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("nodeGroup", s.nodeGroup());
    m.put("from", s.currentTarget());
    m.put("to", s.newTarget());
    m.put("pods", s.pods().size());
    return m;
  }

  private static <T> Map<String, Integer> counted(List<T> items, Function<T, String> key) {
    Map<String, Integer> counts = new TreeMap<>();
    items.forEach(i -> counts.merge(key.apply(i), 1, Integer::sum));
    return counts;
  }

  private static List<String> limited(Stream<String> items) {
    return items.limit(LIST_LIMIT).toList();
  }
}
