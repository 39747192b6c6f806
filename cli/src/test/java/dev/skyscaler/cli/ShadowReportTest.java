package dev.skyscaler.cli;

import static dev.skyscaler.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code skyscaler shadow-report} reading the record that shadow-mode scans keep in {@code
 * kube-system/skyscaler-status}, from the mock API server and from a file, with the exact output,
 * and one clear error for a bad or oversized record.
 */
class ShadowReportTest {
  static final String NOW = "2026-11-27T06:00:00Z";

  /** A day: 70 quiet scans over the window's start, three decisions, then 1,000 quiet scans. */
  static final String DAY =
      """
      {"from":"2026-11-26T05:00:00Z","at":"2026-11-26T05:30:00Z","quietScans":30}
      {"from":"2026-11-26T05:50:00Z","at":"2026-11-26T07:00:00Z","quietScans":70}
      {"at":"2026-11-26T09:00:00Z","decisions":[{"group":"ng1","kind":"AGREED","skyscaler":"+2 (pods: default/web-0, default/web-1)","clusterAutoscaler":"+2"}]}
      {"at":"2026-11-26T12:00:00Z","decisions":[{"group":"ng1","kind":"ONLY_CLUSTER_AUTOSCALER_SCALE_UP","skyscaler":"none","clusterAutoscaler":"+1"},{"group":"ng2","kind":"ONLY_SKYSCALER_SCALE_DOWN","skyscaler":"-1 (nodes: n7)","clusterAutoscaler":"none"}]}
      {"from":"2026-11-26T12:01:00Z","at":"2026-11-27T05:59:00Z","quietScans":1000}
      """;

  @RegisterExtension final MockCluster cluster = new MockCluster();
  @TempDir Path dir;
  Path kubeconfig;

  @BeforeEach
  void arrange() throws Exception {
    kubeconfig = cluster.writeKubeconfig(dir.resolve("kubeconfig"));
  }

  void status(String namespace, Map<String, String> data) {
    cluster
        .admin()
        .configMaps()
        .inNamespace(namespace)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace(namespace)
                .withName("skyscaler-status")
                .endMetadata()
                .withData(data)
                .build())
        .create();
  }

  @Test
  void aDayReadLiveIsSummarisedWithItsDisagreementsAndWhyItIsNotYetSafe() {
    status("kube-system", Map.of("status", "time: x\n", "shadowRecord", DAY));

    CliRun r = run("shadow-report", "--kubeconfig", kubeconfig.toString(), "--now", NOW);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            """
            Shadow mode from 2026-11-26T06:00:00Z to 2026-11-27T06:00:00Z (24h): 1072 scans, 3 group decisions
            Recorded from 2026-11-26T06:00:00Z

              agreed                                   1  33.3%
              only Skyscaler would scale up            0
              only Cluster Autoscaler scaled up        1
              only Skyscaler would scale down          1
              only Cluster Autoscaler scaled down      0
              opposite                                 0

            Only Cluster Autoscaler scaled up (1):
              2026-11-26T12:00:00Z  ng1  Skyscaler: none  Cluster Autoscaler: +1

            Only Skyscaler would scale down (1):
              2026-11-26T12:00:00Z  ng2  Skyscaler: -1 (nodes: n7)  Cluster Autoscaler: none

            Safe to switch: not yet, only 3 decision(s) to compare, fewer than 10; wait for a busier day
            """);
  }

  @Test
  void aShorterWindowFromAFileInJsonSaysTheRecordDoesNotCoverIt() throws Exception {
    Path file = dir.resolve("shadow.yaml");
    Files.writeString(
        file,
        "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n"
            + "    name: skyscaler-status\n    namespace: kube-system\n  data:\n"
            + "    shadowRecord: |\n"
            + DAY.lines().map(l -> "      " + l + "\n").reduce("", String::concat));

    CliRun r =
        run(
            "shadow-report",
            "--snapshot",
            file.toString(),
            "--since",
            "20h",
            "--now",
            "2026-11-26T13:00:00Z",
            "--output",
            "json");

    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .isEqualTo(
            """
            {
              "from" : "2026-11-25T17:00:00Z",
              "to" : "2026-11-26T13:00:00Z",
              "coveredFrom" : "2026-11-26T05:00:00Z",
              "scans" : 102,
              "decisions" : 3,
              "omitted" : 0,
              "agreement" : 0.333,
              "counts" : {
                "AGREED" : 1,
                "ONLY_SKYSCALER_SCALE_UP" : 0,
                "ONLY_CLUSTER_AUTOSCALER_SCALE_UP" : 1,
                "ONLY_SKYSCALER_SCALE_DOWN" : 1,
                "ONLY_CLUSTER_AUTOSCALER_SCALE_DOWN" : 0,
                "OPPOSITE" : 0
              },
              "examples" : {
                "ONLY_CLUSTER_AUTOSCALER_SCALE_UP" : [ {
                  "at" : "2026-11-26T12:00:00Z",
                  "group" : "ng1",
                  "skyscaler" : "none",
                  "clusterAutoscaler" : "+1"
                } ],
                "ONLY_SKYSCALER_SCALE_DOWN" : [ {
                  "at" : "2026-11-26T12:00:00Z",
                  "group" : "ng2",
                  "skyscaler" : "-1 (nodes: n7)",
                  "clusterAutoscaler" : "none"
                } ]
              },
              "safe" : false,
              "why" : "the record covers only 8h of the 20h asked for; let shadow mode run longer"
            }
            """);
  }

  @Test
  void aBusyAgreeingDayLooksSafeToSwitchAndShowsOnlyTheLatestExamples() {
    StringBuilder record = new StringBuilder();
    record.append(
        "{\"from\":\"2026-11-26T06:00:00Z\",\"at\":\"2026-11-26T06:00:00Z\",\"quietScans\":1}\n");
    for (int h = 1; h <= 20; h++) {
      record.append(
          "{\"at\":\"2026-11-26T%02d:00:00Z\",\"decisions\":[{\"group\":\"ng1\",\"kind\":\"AGREED\",\"skyscaler\":\"+1\",\"clusterAutoscaler\":\"+1\"}]}\n"
              .formatted((6 + h) % 24)
              .replace("2026-11-26T0", h >= 18 ? "2026-11-27T0" : "2026-11-26T0"));
    }
    for (int m = 1; m <= 4; m++) {
      record.append(
          "{\"at\":\"2026-11-27T05:0%d:00Z\",\"decisions\":[{\"group\":\"ng%d\",\"kind\":\"ONLY_CLUSTER_AUTOSCALER_SCALE_UP\",\"skyscaler\":\"none\",\"clusterAutoscaler\":\"+1\"}]}\n"
              .formatted(m, m));
    }
    status("kube-system", Map.of("shadowRecord", record.toString()));

    CliRun r = run("shadow-report", "--kubeconfig", kubeconfig.toString(), "--now", NOW);

    assertThat(r.out())
        .endsWith(
            """
            Only Cluster Autoscaler scaled up (4, latest 3):
              2026-11-27T05:04:00Z  ng4  Skyscaler: none  Cluster Autoscaler: +1
              2026-11-27T05:03:00Z  ng3  Skyscaler: none  Cluster Autoscaler: +1
              2026-11-27T05:02:00Z  ng2  Skyscaler: none  Cluster Autoscaler: +1

            Safe to switch: not yet, 83.3% agreed, below 90.0%; most disagreements: only Cluster Autoscaler scaled up
            """);
  }

  record BadCase(String name, Map<String, String> data, String[] args, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<BadCase> bad() {
    return Stream.of(
        new BadCase(
            "a record line that is not JSON",
            Map.of(
                "shadowRecord", "{\"at\":\"2026-11-26T09:00:00Z\",\"decisions\":[]}\nnonsense\n"),
            new String[0],
            "configmap kube-system/skyscaler-status data.shadowRecord line 2: not JSON:"
                + " Unrecognized token 'nonsense': was expecting (JSON String, Number, Array,"
                + " Object or token 'null', 'true' or 'false')\n"),
        new BadCase(
            "an oversized record",
            Map.of(
                "shadowRecord",
                ("{\"from\":\"2026-11-26T05:00:00Z\",\"at\":\"2026-11-26T05:30:00Z\",\"quietScans\":30}\n")
                    .repeat(3_500)),
            new String[0],
            "configmap kube-system/skyscaler-status data.shadowRecord: 266000 bytes, more than"
                + " the 262144 a shadow record holds\n"),
        new BadCase(
            "a status without a record (shadow mode never ran)",
            Map.of("status", "time: x\n"),
            new String[0],
            "configmap kube-system/skyscaler-status: no data.shadowRecord: it is written by shadow"
                + " mode (DRY_RUN=true) scans\n"),
        new BadCase(
            "no status ConfigMap in the namespace asked for",
            Map.of("shadowRecord", ""),
            new String[] {"--namespace", "autoscaling"},
            "configmap autoscaling/skyscaler-status not found: shadow mode (DRY_RUN=true) writes"
                + " it; is it running there?\n"),
        new BadCase(
            "a window that is not a duration",
            Map.of("shadowRecord", ""),
            new String[] {"--since", "a day"},
            "--since: expected a Go duration between 1s and 744h such as 24h or 90m, got \"a"
                + " day\"\nRun 'skyscaler shadow-report --help' for usage.\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  void aBadRecordOrOptionGetsOneClearErrorAndNoOutput(BadCase c) {
    status("kube-system", c.data());
    String[] base = {"shadow-report", "--kubeconfig", kubeconfig.toString(), "--now", NOW};
    String[] args = Stream.concat(Stream.of(base), Stream.of(c.args())).toArray(String[]::new);

    CliRun r = run(args);

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(c.error());
  }

  @Test
  void neitherAClusterNorAFileIsOneError() {
    CliRun r = run("shadow-report", "--now", NOW);

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "missing the record: give --kubeconfig=<file> (a live cluster, read-only) or"
                + " --snapshot=<file> (the ConfigMap skyscaler-status as YAML)\n"
                + "Run 'skyscaler shadow-report --help' for usage.\n");
  }
}
