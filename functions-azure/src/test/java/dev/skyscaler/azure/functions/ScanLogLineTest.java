package dev.skyscaler.azure.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.scan.ScanKind;
import dev.skyscaler.kubernetes.scan.ScanReport;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** The one line a scan that did not complete writes (completed scans: the end-to-end tests). */
class ScanLogLineTest {
  @Test
  void aSkippedScanIsAnInfoLineWithTheReason() {
    ScanLogLine line =
        ScanLogLine.of(
            "azure-functions/7",
            ScanKind.FULL,
            new ScanReport.Skipped("Lease kube-system/skyscaler is held by aws-lambda/1"));

    assertThat(line.level()).isEqualTo(Level.INFO);
    assertThat(line.text())
        .isEqualTo(
            "scan=azure-functions/7 kind=full result=skipped reason=\"Lease kube-system/skyscaler"
                + " is held by aws-lambda/1\"");
  }

  @Test
  void aFailedScanIsSevereAndQuotesWhatNeedsQuoting() {
    ScanLogLine line =
        ScanLogLine.of(
            "azure-functions/8",
            ScanKind.HEALTH,
            new ScanReport.Failed("read the cluster", "pods: \"forbidden\" for x=y"));

    assertThat(line.level()).isEqualTo(Level.SEVERE);
    assertThat(line.text())
        .isEqualTo(
            "scan=azure-functions/8 kind=health result=failed stage=\"read the cluster\""
                + " error=\"pods: \\\"forbidden\\\" for x=y\"");
  }
}
