package dev.skyscaler.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A bad scenario stops the command with exit code 2 and one message naming file and field. */
class BadScenarioTest {
  private static final Path EXAMPLE = SimulateRun.EXAMPLES.resolve("first-contact");
  private static final Path NODE_GROUPS = EXAMPLE.resolve("node-groups.yaml");
  private static final String GROUP = "eks-general-40c6a7b2-1f3e-8d2a-9b7c-5e4d3c2b1a09";
  private static final String SCALE = "  scale: {deployment: default/nginx, replicas: 3}\n";

  @TempDir Path dir;

  /**
   * A row: what is wrong, the scenario after snapshot and nodeGroups, the message after "FILE: ".
   */
  record Case(String name, String yaml, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("the duration is required", "", "missing required field \"duration\""),
        new Case(
            "a duration needs Go's syntax",
            "duration: 10 minutes\n",
            "duration: expected a duration like 30s, 10m or 24h, got \"10 minutes\""),
        new Case(
            "a misspelt field gets a suggestion",
            "durations: 1h\n",
            "unknown field \"durations\"; did you mean \"duration\"?"),
        new Case(
            "an event after the end is refused",
            "duration: 1h\nevents:\n- at: 2h\n" + SCALE,
            "events[0].at: 2h is not before the end of the simulation (duration 1h)"),
        new Case(
            "a scale event names a known Deployment",
            "duration: 1h\nevents:\n- at: 1m\n  scale: {deployment: default/ngnix, replicas: 3}\n",
            "events[0].scale.deployment: no Deployment default/ngnix in the snapshot or in the"
                + " scenario's workloads"),
        new Case(
            "replicas are not negative",
            "duration: 1h\nevents:\n- at: 1m\n  scale: {deployment: default/nginx, replicas: -1}\n",
            "events[0].scale.replicas: expected a whole number >= 0, got -1"),
        new Case(
            "an event does one thing",
            "duration: 1h\nevents:\n- at: 1m\n" + SCALE + "  fail: {group: " + GROUP + "}\n",
            "events[0]: give exactly one of scale, interrupt, fail or job, got scale and fail"),
        new Case(
            "an interrupted node is a node of a group",
            "duration: 1h\nevents:\n- at: 1m\n  interrupt: {node: n9}\n",
            "events[0].interrupt.node: no node \"n9\" in a node group of the snapshot; to hit a"
                + " node the simulation creates, give its group instead"),
        new Case(
            "group behaviour names a node group",
            "duration: 1h\ngroups:\n  ng-x: {bootDelay: 1m}\n",
            "groups.ng-x: no node group \"ng-x\" in " + NODE_GROUPS),
        new Case(
            "a boot delay is a duration",
            "duration: 1h\ngroups:\n  " + GROUP + ": {bootDelay: soon}\n",
            "groups."
                + GROUP
                + ".bootDelay: expected a duration like 30s, 10m or 24h, got"
                + " \"soon\""),
        new Case(
            "a new Deployment needs replicas",
            "duration: 1h\nworkloads:\n- deployment: default/web\n  requests: {cpu: 100m}\n",
            "workloads[0]: a new Deployment needs replicas or daily"),
        new Case(
            "a daily pattern is keyed by time of day",
            "duration: 1h\nworkloads:\n- deployment: default/web\n  daily: {9am: 3}\n",
            "workloads[0].daily.9am: expected a time of day like \"09:30\" as the key"),
        new Case(
            "the snapshot's Deployments keep their pod spec",
            "duration: 1h\nworkloads:\n- deployment: default/nginx\n  requests: {cpu: 1}\n",
            "workloads[0].requests: not allowed for default/nginx, a Deployment of the snapshot:"
                + " its pods' spec is kept"),
        new Case(
            "the scan interval is given once",
            "duration: 1h\nscanInterval: 10s\noptions: {scan-interval: 20s}\n",
            "scanInterval: give the scan interval once: here or as options.scan-interval"),
        new Case(
            "a job runs for a while",
            "duration: 1h\nevents:\n- at: 1m\n  job: {name: default/batch, pods: 3}\n",
            "events[0].job: missing required field \"runFor\""),
        new Case(
            "options are Cluster Autoscaler options",
            "duration: 1h\noptions: {max-nodes-total: ten}\n",
            "options: --max-nodes-total: expected a whole number >= 0, got \"ten\""),
        new Case(
            "a currency is an ISO 4217 code",
            "duration: 1h\ncost: {currency: euro}\n",
            "cost.currency: expected an ISO 4217 code like USD or EUR, got \"euro\""),
        new Case(
            "a made-up code is not a currency",
            "duration: 1h\ncost: {currency: XYZ}\n",
            "cost.currency: expected an ISO 4217 code like USD or EUR, got \"XYZ\""),
        new Case(
            "a price is for a node group",
            "duration: 1h\ncost: {prices: {ng-x: 0.1}}\n",
            "cost.prices.ng-x: no node group \"ng-x\" in " + NODE_GROUPS),
        new Case(
            "a price is not negative",
            "duration: 1h\ncost: {prices: {" + GROUP + ": -1}}\n",
            "cost.prices." + GROUP + ": expected a number >= 0.0, got -1"),
        new Case(
            "the cost section has two fields",
            "duration: 1h\ncost: {currancy: EUR}\n",
            "cost: unknown field \"currancy\"; did you mean \"currency\"?"),
        new Case(
            "two billion replicas are refused before a pod is made",
            "duration: 1h\nworkloads:\n- deployment: default/web\n  requests: {cpu: 100m}\n"
                + "  replicas: 2000000000\n",
            "workloads[0].replicas: expected a whole number from 0 to 150000, got 2000000000"),
        new Case(
            "a daily pattern of 10^8 replicas is refused",
            "duration: 1h\nworkloads:\n- deployment: default/web\n  requests: {cpu: 100m}\n"
                + "  daily: {\"09:00\": 100000000}\n",
            "workloads[0].daily.09:00: expected a whole number from 0 to 150000, got 100000000"),
        new Case(
            "a scale event to 10^8 replicas is refused",
            "duration: 1h\nevents:\n- at: 1m\n  scale: {deployment: default/nginx, replicas:"
                + " 100000000}\n",
            "events[0].scale.replicas: expected a whole number from 0 to 150000, got 100000000"),
        new Case(
            "workloads within the limit one by one but not together are refused",
            "duration: 1h\nworkloads:\n- deployment: default/web\n  requests: {cpu: 100m}\n"
                + "  replicas: 100000\n"
                + "- deployment: default/api\n  requests: {cpu: 100m}\n  replicas: 40000\n"
                + "events:\n- at: 1m\n  scale: {deployment: default/nginx, replicas: 9000}\n"
                + "- at: 2m\n  job: {name: default/batch, pods: 1000, runFor: 1m}\n",
            "the snapshot's pods, the Deployments at their highest and the Jobs come to up to"
                + " 150,010 pods at once; at most 150,000 are simulated (Kubernetes' tested limit"
                + " per cluster)"),
        new Case(
            "more than 10,000 events are refused",
            "duration: 1h\nevents:\n"
                + "- {at: 1m, scale: {deployment: default/nginx, replicas: 1}}\n".repeat(10_001),
            "events: 10001 items; at most 10000 are read"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badScenarioExitsWithTwoAndOneMessage(Case c) throws IOException {
    Path file = dir.resolve("scenario.yaml");
    Files.writeString(
        file,
        "snapshot: "
            + EXAMPLE.resolve("snapshot.yaml")
            + "\nnodeGroups: "
            + NODE_GROUPS
            + "\n"
            + c.yaml());
    SimulateRun run = SimulateRun.run("simulate", "--scenario", file.toString());
    assertThat(run.err()).isEqualTo(file + ": " + c.message() + "\n");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aMissingScenarioFileIsNamed() {
    Path file = dir.resolve("nope.yaml");
    SimulateRun run = SimulateRun.run("simulate", "--scenario", file.toString());
    assertThat(run.err()).isEqualTo(file + ": no such file\n");
    assertThat(run.exitCode()).isEqualTo(2);
  }

  @Test
  void aMissingSnapshotIsNamedRelativeToTheScenario() throws IOException {
    Path file = dir.resolve("scenario.yaml");
    Files.writeString(file, "snapshot: gone.yaml\nnodeGroups: " + NODE_GROUPS + "\nduration: 1h\n");
    SimulateRun run = SimulateRun.run("simulate", "--scenario", file.toString());
    assertThat(run.err()).isEqualTo("snapshot: " + dir.resolve("gone.yaml") + ": no such file\n");
    assertThat(run.exitCode()).isEqualTo(2);
  }

  @Test
  void aBadOptionOnTheCommandLineIsNamedAsPlanNamesIt() {
    SimulateRun run =
        SimulateRun.run(
            "simulate",
            "--scenario",
            SimulateRun.FIRST_CONTACT.toString(),
            "--max-nodes-total=ten");
    assertThat(run.err())
        .isEqualTo("--max-nodes-total: expected a whole number >= 0, got \"ten\"\n");
    assertThat(run.exitCode()).isEqualTo(2);
  }
}
