package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's story as a simulation: two m5.large nodes (110 pods each, 105 free for nginx), nginx
 * scaled from 10 to 300 at 1m and back to 10 at 30m. A new node takes 110 − 4 DaemonSet pods = 106
 * nginx pods, so ⌈(300 − 210) / 106⌉ = 1 node is added, and the 90 pods that do not fit wait for
 * its boot (2m plus the seeded jitter). After the scale back, 10 nginx pods and CoreDNS fit on one
 * node, and the group's min is 1: scale-down drains and removes two nodes, one at a time.
 */
class FirstContactScenarioTest {
  private static final String GROUP = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";

  @TempDir Path dir;

  @Test
  void theScaleUpAddsOneNodeAtOneMinuteAndThePodsWaitForItsBoot() {
    SimulateRun run =
        SimulateRun.run("simulate", "--scenario", SimulateRun.FIRST_CONTACT.toString());
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains(
            "00:01:00  workload  Deployment default/nginx scaled from 10 to 300\n"
                + "00:01:00  scale-up  "
                + GROUP
                + ": target 2 -> 3 for 90 pending pods (scale-up)\n");
    List<String> nodeLines =
        run.out().lines().filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d  node .*")).toList();
    assertThat(nodeLines)
        .containsExactly(
            "00:03:10  node      ip-10-0-general-1 of " + GROUP + " registered, NotReady",
            "00:03:30  node      ip-10-0-general-1 of " + GROUP + " Ready, 2m30s after launch");
    assertThat(run.out())
        .contains("Pods waiting for a node: 13500.00 pod-seconds; longest wait 2m30s");
  }

  @Test
  void afterTheScaleBackScaleDownDrainsTwoNodesOneAtATimeDownToTheGroupsMin() {
    SimulateRun run =
        SimulateRun.run("simulate", "--scenario", SimulateRun.FIRST_CONTACT.toString());
    String old1 = "ip-10-0-17-23.eu-west-1.compute.internal";
    String fresh = "ip-10-0-general-1";
    List<String> drain =
        run.out()
            .lines()
            .filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d  (taint|cordon|evict|remove) .*"))
            .map(FirstContactScenarioTest::cut)
            .toList();
    assertThat(drain)
        .containsExactly(
            cut("00:41:00  taint     taint " + old1 + " with ToBeDeletedByClusterAutoscaler"),
            "00:41:00  cordon    cordon " + old1,
            cut("00:41:10  evict     evicted 15 pods from " + old1 + ": default/nginx"),
            cut("00:41:20  remove    removed " + old1 + " of " + GROUP),
            cut(
                "00:43:30  taint     taint "
                    + fresh
                    + " with ToBeDeletedByClusterAutoscaler=1748859270:NoSchedule"),
            "00:43:30  cordon    cordon " + fresh,
            cut("00:43:40  evict     evicted 10 pods from " + fresh + ": default/nginx-7c5ddb"),
            cut("00:43:50  remove    removed " + fresh + " of " + GROUP));
    assertThat(run.out())
        .contains(GROUP + "  2 / 3 / 1 ")
        .contains("(underutilized): 0 pods on it\n");
  }

  @Test
  void withoutRoomToGrowThePodsWaitUntilTheScaleBackAndTheTimelineSaysWhy() {
    String out = run("--max-nodes-total=2").out();
    assertThat(out)
        .contains(
            "00:01:00  no-scale-up  no scale-up for 90 pending pods — "
                + GROUP
                + ": exceeded quota: max-nodes-total (2)\n")
        .doesNotContain("scale-up  " + GROUP)
        .contains("longest wait 29m");
  }

  @Test
  void twoRunsWithTheSameSeedPrintTheSameBytesAndWriteTheSameReport() throws IOException {
    Path first = dir.resolve("first.html");
    Path second = dir.resolve("second.html");
    SimulateRun a = run("--report", first.toString());
    SimulateRun b = run("--report", second.toString());
    assertThat(a.exitCode()).isZero();
    assertThat(b.out()).isEqualTo(a.out());
    assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));
    assertThat(run("--output", "json").out()).isEqualTo(run("--output", "json").out());
  }

  @Test
  void anotherSeedDrawsAnotherBootJitter() {
    String seed1 = run("--seed", "1").out();
    String seed3 = run("--seed", "3").out();
    assertThat(seed1).contains("seed 1").contains("Ready, 2m30s after launch");
    assertThat(seed3).contains("seed 3").contains("Ready, 2m10s after launch");
  }

  @Test
  void theReportIsOneSelfContainedPageWithChartsAndTheTimeline() throws IOException {
    Path report = dir.resolve("report.html");
    SimulateRun run = run("--report", report.toString());
    assertThat(run.err()).isEqualTo("Report written to " + report + "\n");
    String html = Files.readString(report);
    assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(html).doesNotContain("http://", "https://", "<script", "src=", "<link", "url(");
    // nodes, pending pods, utilisation, cost
    assertThat(html.split("<svg class=\"chart\"", -1)).hasSize(5);
    assertThat(html)
        .contains("Nodes per group", "Pending pods", "Utilisation", "Cost over time", "Timeline")
        .contains("<polyline")
        .contains(GROUP + ": target 2 -&gt; 3 for 90 pending pods (scale-up)");
  }

  @Test
  void jsonOutputCarriesTheTimelineAndTheSummary() {
    String json = run("--output", "json").out();
    assertThat(json)
        .contains("\"scans\" : 360")
        .contains("\"kind\" : \"scale-up\"")
        .contains("\"pendingPodSeconds\" : 13500")
        .contains("\"worstWaitSeconds\" : 150.0")
        .contains("\"scaleUps\" : 1");
  }

  private static SimulateRun run(String... extra) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("simulate", "--scenario", SimulateRun.FIRST_CONTACT.toString()));
    args.addAll(List.of(extra));
    return SimulateRun.run(args.toArray(String[]::new));
  }

  /** A timeline line's first 80 characters, enough to name its step and node. */
  private static String cut(String line) {
    return line.length() > 80 ? line.substring(0, 80) : line;
  }
}
