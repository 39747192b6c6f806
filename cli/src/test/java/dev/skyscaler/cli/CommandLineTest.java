package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.core.config.OptionFlag;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command's surface on a small cluster: help, options and their sources, time, output. */
class CommandLineTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private String snapshot;
  private String groups;

  @BeforeEach
  void writeInputs() throws IOException, URISyntaxException {
    Path small = Path.of(getClass().getResource("/small-cluster.yaml").toURI());
    snapshot = small.toString();
    groups = dir.resolve("node-groups.yaml").toString();
    Files.writeString(
        Path.of(groups), "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n2]}\n");
  }

  private String[] plan(String... extra) {
    List<String> args =
        new ArrayList<>(List.of("plan", "--snapshot", snapshot, "--node-groups", groups));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  private static JsonNode json(CliRun r) throws IOException {
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    return JSON.readTree(r.out());
  }

  @Test
  void theTextPlanNamesSinglePodsAndTheReasonsOfTheStuckOnes() {
    CliRun r = CliRun.run(plan());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            """
            Scale-up: 1 node group, +1 node for 1 pending pod; 1 pending pod gets no scale-up

              NODE GROUP  NODES        PODS
              ng1         2 -> 3 (+1)  default/big

            No scale-up for 1 pending pod:
              default/huge:
                ng1: Insufficient cpu

            Scale-down: none; 2 nodes stay

            Nodes that stay:
              NotUnderutilized: n1, n2
            """);
  }

  @Test
  void theOptionsFileAppliesAndTheCommandLineWinsOverIt() throws IOException {
    Path opts = dir.resolve("opts.yaml");
    Files.writeString(opts, "max-nodes-total: 2\nexpander: most-pods\n");

    JsonNode capped = json(CliRun.run(plan("--options", opts.toString(), "--output=json")));
    assertThat(capped.get("scaleUp")).isEmpty();
    assertThat(capped.get("noScaleUp")).hasSize(2);

    JsonNode uncapped =
        json(
            CliRun.run(plan("--options", opts.toString(), "--max-nodes-total=0", "--output=json")));
    assertThat(uncapped.get("scaleUp")).hasSize(1);
    assertThat(uncapped.get("scaleUp").get(0).get("pods").get(0).asText()).isEqualTo("default/big");
  }

  @Test
  void withoutNowTheScanTimeIsTheClockAndNowOverridesIt() throws IOException {
    // The pending pods were created at 09:00; with a one-hour delay they count only after 10:00.
    Clock early = Clock.fixed(Instant.parse("2025-06-02T09:31:00Z"), ZoneOffset.UTC);
    Clock late = Clock.fixed(Instant.parse("2025-06-02T12:00:00Z"), ZoneOffset.UTC);

    JsonNode tooYoung =
        json(CliRun.runAt(early, plan("--new-pod-scale-up-delay=1h", "--output=json")));
    JsonNode oldEnough =
        json(CliRun.runAt(late, plan("--new-pod-scale-up-delay=1h", "--output=json")));
    JsonNode nowGiven =
        json(
            CliRun.runAt(
                early,
                plan(
                    "--new-pod-scale-up-delay=1h",
                    "--now=2025-06-02T12:01:00+02:00",
                    "--output=json")));

    assertThat(tooYoung.get("scaleUp")).isEmpty();
    assertThat(oldEnough.get("scaleUp")).hasSize(1);
    assertThat(nowGiven.get("scaleUp")).hasSize(1);
  }

  @Test
  void caOptionsAreReadAsCaWritesThem() {
    CommandLine cl = SkyscalerCommand.commandLine(Clock.systemUTC());
    CommandLine.ParseResult parsed =
        cl.parseArgs(
            plan(
                "--balance-similar-node-groups",
                "--gpu-total=nvidia.com/gpu:0:16",
                "--gpu-total",
                "amd.com/gpu:0:4",
                "--expander=priority,least-waste"));
    assertThat(CaOptions.given(parsed.subcommand()))
        .containsExactly(
            Map.entry("expander", List.of("priority,least-waste")),
            Map.entry("gpu-total", List.of("nvidia.com/gpu:0:16", "amd.com/gpu:0:4")),
            Map.entry("balance-similar-node-groups", List.of("true")));

    CommandLine.ParseResult off =
        SkyscalerCommand.commandLine(Clock.systemUTC())
            .parseArgs(plan("--balance-similar-node-groups=false"));
    assertThat(CaOptions.given(off.subcommand()))
        .containsExactly(Map.entry("balance-similar-node-groups", List.of("false")));
  }

  @Test
  void topLevelHelpListsTheCommands() {
    CliRun r = CliRun.run("--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).startsWith("Usage: skyscaler [-hV] COMMAND\n");
    assertThat(r.out()).containsPattern("\n  plan +Shows what one autoscaler scan would do");
    assertThat(r.out()).containsPattern("\n  explain +Explains, node group by node group");
  }

  @Test
  void planHelpShowsTheSynopsisAndEveryCaOptionWithItsDefault() {
    CliRun r = CliRun.run("plan", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith(
            "Usage: skyscaler plan (--snapshot=<file-or-dir>... | --kubeconfig=<file>\n"
                + "         [--context=<name>]) (--node-groups=<file> |\n"
                + "         --cloud-provider=aws|azure|clusterapi|magnum\n"
                + "         [--node-group-auto-discovery=<spec>]...\n"
                + "         [--nodes=<min>:<max>:<name>]...)\n");
    assertThat(r.out()).contains("Cluster Autoscaler options (same names, values and defaults");
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      String valueLabel =
          f.kind() == OptionFlag.Kind.SWITCH ? "[=" + f.valueLabel() + "]" : "=" + f.valueLabel();
      assertThat(r.out()).contains("--" + f.name() + valueLabel);
    }
    assertThat(r.out()).contains("Default: least-waste.").contains("Default: 15m.");
  }

  @Test
  void versionNamesTheBuild() {
    CliRun r = CliRun.run("--version");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).matches("skyscaler \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n");
  }

  @Test
  void anUnexpectedFailureExitsOneWithTheStackTrace() {
    CommandLine cl = SkyscalerCommand.commandLine(Clock.systemUTC());
    java.io.StringWriter err = new java.io.StringWriter();
    cl.setErr(new java.io.PrintWriter(err));
    int code = SkyscalerCommand.failure(new IllegalStateException("boom"), cl, null);
    assertThat(code).isEqualTo(1);
    assertThat(err.toString())
        .startsWith("skyscaler: internal error: java.lang.IllegalStateException: boom\n")
        .contains("\tat ");
  }

  @Test
  void noCommandIsAUsageError() {
    CliRun r = CliRun.run();
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .isEqualTo(
            "missing command: plan, explain, simulate, snapshot, run or shadow-report\nRun 'skyscaler --help' for usage.\n");
  }

  @Test
  void missingRequiredOptionsAreNamed() {
    CliRun r = CliRun.run("plan");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .isEqualTo(
            "missing the cluster: give --snapshot=<file-or-dir> (files) or --kubeconfig=<file>"
                + " (a live cluster, read-only)\n"
                + "Run 'skyscaler plan --help' for usage.\n");
  }

  @Test
  void aMissingClusterSourceNamesBothKinds() {
    CliRun r = CliRun.run("plan", "--node-groups", groups);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "missing the cluster: give --snapshot=<file-or-dir> (files) or --kubeconfig=<file>"
                + " (a live cluster, read-only)\n"
                + "Run 'skyscaler plan --help' for usage.\n");
  }

  @Test
  void aBadQuantityInTheSnapshotNamesFileObjectAndField() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad,
        Files.readString(Path.of(snapshot))
            .replace("requests: {cpu: \"3\"}", "requests: {cpu: 12x}"));
    CliRun r = CliRun.run("plan", "--snapshot", bad.toString(), "--node-groups", groups);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .startsWith(bad + ": Pod default/big: ")
        .contains("cpu: invalid quantity \"12x\"")
        .endsWith("\n")
        .hasLineCount(1);
  }

  @Test
  void explainRejectsAPodKeyWithoutANamespace() {
    CliRun r = CliRun.run("explain", "big", "--snapshot", snapshot, "--node-groups", groups);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("pod \"big\": expected <namespace>/<name>\n");
  }

  @Test
  void explainRejectsAPodTheSnapshotDoesNotHave() {
    CliRun r =
        CliRun.run("explain", "default/nope", "--snapshot", snapshot, "--node-groups", groups);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("pod default/nope: not in the snapshot (" + snapshot + ")\n");
  }

  @Test
  void explainSaysWhyAPodFitsNoGroup() throws IOException {
    JsonNode e =
        json(
            CliRun.run(
                "explain",
                "default/huge",
                "--snapshot",
                snapshot,
                "--node-groups",
                groups,
                "--output=json"));
    assertThat(e.get("scaleUpGroup").isNull()).isTrue();
    assertThat(e.get("groups").get("ng1").asText()).contains("Insufficient cpu");
  }
}
