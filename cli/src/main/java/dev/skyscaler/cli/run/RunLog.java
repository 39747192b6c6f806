package dev.skyscaler.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The runner's log: one JSON object per line ({@code {"time":…,"level":"INFO","message":"scan
 * completed",…}}), for a log collector to parse. One line per scan: completed (WARN when an action
 * failed, with every cloud action's outcome, the figures and the warnings), skipped (the lease's
 * holder) or failed (ERROR, with the step and the error); and the runner's own events. It writes
 * what the scan reports, which holds no credential.
 */
final class RunLog {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int LIST_LIMIT = 20;

  private final PrintWriter out;
  private final Clock clock;

  RunLog(PrintWriter out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  void info(String message, Map<String, ?> fields) {
    write("INFO", message, fields);
  }

  void error(String message, Map<String, ?> fields) {
    write("ERROR", message, fields);
  }

  void scan(ScanReport report) {
    if (report instanceof ScanReport.Skipped s) {
      write("INFO", "scan skipped", Map.of("reason", s.reason()));
    } else if (report instanceof ScanReport.Failed f) {
      write("ERROR", "scan failed", Map.of("stage", f.stage(), "error", f.message()));
    } else if (report instanceof ScanReport.Held h) {
      write(
          h.dryRun() ? "INFO" : "WARN",
          h.dryRun()
              ? "scan planned in shadow mode, no action taken"
              : "scan held: no action taken",
          Map.of(
              "reason", h.reason(),
              "scaleUps", h.plan().scaleUps().size(),
              "comparison",
                  h.comparison()
                      .map(c -> c.rows().stream().map(Object::toString).toList())
                      .orElse(List.of()),
              "warnings", h.warnings().stream().limit(LIST_LIMIT).toList()));
    } else if (report instanceof ScanReport.Completed c) {
      write(
          c.figures().failedActions() > 0 ? "WARN" : "INFO",
          "scan completed",
          Map.of(
              "busy", c.busy(),
              "tookMs", c.took().toMillis(),
              "scaleUps", c.plan().scaleUps().size(),
              "cloud", c.cloud().stream().limit(LIST_LIMIT).map(CloudOutcome::toString).toList(),
              "figures", c.figures(),
              "warnings", c.warnings().stream().limit(LIST_LIMIT).toList(),
              "warningsTotal", c.warnings().size()));
    }
  }

  private synchronized void write(String level, String message, Map<String, ?> fields) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("message", message);
    fields.forEach((k, v) -> line.set(k, JSON.valueToTree(v)));
    out.println(line);
    out.flush();
  }
}
