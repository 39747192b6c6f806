package dev.skyscaler.kubernetes.mock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.scan.CloudOutcome;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.util.List;

/** What end-to-end tests read from a scan's report. */
public final class ScanReports {
  private ScanReports() {}

  /**
   * The cloud actions of a completed scan that succeeded, in order: {@code set g target size 1 ->
   * 2} for a target change, the action's own description otherwise. Fails when the scan did not
   * complete.
   */
  public static List<String> succeededCloudActions(ScanReport report) {
    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    return ((ScanReport.Completed) report)
        .cloud().stream()
            .filter(CloudOutcome::succeeded)
            .map(
                c ->
                    c.action() instanceof SetTargetSize s
                        ? "set " + s.nodeGroup() + " target size " + s.from() + " -> " + s.to()
                        : c.action() instanceof DeleteInstance d
                            ? d.describe()
                            : c.action().describe())
            .toList();
  }
}
