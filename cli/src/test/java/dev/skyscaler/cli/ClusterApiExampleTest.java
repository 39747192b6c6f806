package dev.skyscaler.cli;

import static dev.skyscaler.cli.CliRun.EXAMPLE;
import static dev.skyscaler.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/cluster-api}: {@code plan}, {@code explain} and {@code simulate} with {@code
 * --cloud-provider=clusterapi} take the node groups from the snapshot's Cluster API objects, as its
 * README shows; and the flags' bad combinations are named.
 */
class ClusterApiExampleTest {
  static final String SNAPSHOT = EXAMPLE.resolveSibling("cluster-api/snapshot").toString();
  static final String SCENARIO = EXAMPLE.resolveSibling("cluster-api/scenario.yaml").toString();

  private static CliRun plan(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                SNAPSHOT,
                "--cloud-provider=clusterapi",
                "--now",
                "2025-06-02T09:00:00Z"));
    args.addAll(List.of(extra));
    return run(args.toArray(String[]::new));
  }

  @Test
  void thePlanIsTheOneTheReadmeShows() {
    CliRun r = plan();

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            """
            Scale-up: 2 node groups, +5 nodes for 9 pending pods

              NODE GROUP                                   NODES        PODS
              MachineDeployment/capi-prod/prod-md-gpu      0 -> 1 (+1)  default/train-0-m4q8z
              MachineDeployment/capi-prod/prod-md-workers  2 -> 6 (+4)  8 pods of Job default/render

            Scale-down: none; 2 nodes stay

            Nodes that stay:
              NotUnderutilized: prod-md-workers-6d9f8-8kq2w, prod-md-workers-6d9f8-tz4lm

            Warnings:
              - MachineDeployment/capi-prod/prod-md-legacy: paused (cluster.x-k8s.io/paused): not scaled while paused
            """);
  }

  @Test
  void aDiscoverySpecThatSelectsNothingLeavesEveryPodWithoutAGroup() {
    CliRun r = plan("--node-group-auto-discovery=clusterapi:clusterName=staging");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith(
            "Scale-up: none; 9 pending pods get no scale-up\n\n"
                + "No scale-up for 9 pending pods:\n"
                + "  8 pods of Job default/render:\n"
                + "    no node group can host it");
  }

  @Test
  void explainNamesTheGroupThatHasTheGpu() {
    CliRun r =
        run(
            "explain",
            "default/train-0-m4q8z",
            "--snapshot",
            SNAPSHOT,
            "--cloud-provider=clusterapi",
            "--now",
            "2025-06-02T09:00:00Z");

    assertThat(r.out())
        .contains("helped by a scale-up of MachineDeployment/capi-prod/prod-md-gpu")
        .contains("MachineDeployment/capi-prod/prod-md-workers  Insufficient nvidia.com/gpu");
  }

  @Test
  void theScenarioScalesTheMachineDeploymentsUpAndDown() {
    CliRun r = run("simulate", "--scenario", SCENARIO, "--cloud-provider=clusterapi");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .contains("scale-up  MachineDeployment/capi-prod/prod-md-workers: target 2 -> 6")
        .contains("scale-up  MachineDeployment/capi-prod/prod-md-gpu: target 0 -> 1")
        .contains("removed 2 nodes of MachineDeployment/capi-prod/prod-md-workers (empty)");
  }

  @Test
  void aNodeGroupsFileIsNotUsedWithClusterApi() {
    CliRun r = plan("--node-groups", EXAMPLE.resolve("node-groups.yaml").toString());

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "--node-groups: not used with --cloud-provider=clusterapi, whose node groups come from"
                + " the Cluster API objects of the cluster read\n");
  }

  @Test
  void withoutClusterApiTheNodeGroupsFileIsNeeded() {
    CliRun r = run("plan", "--snapshot", SNAPSHOT);

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "missing --node-groups=<file>: the node groups (or --cloud-provider=clusterapi to take"
                + " them from the snapshot's Cluster API objects, aws or azure to read them from the"
                + " cloud)\n");
  }

  @Test
  void anotherCloudProviderAndABadSpecAreNamedTogether() {
    CliRun r =
        run(
            "plan",
            "--snapshot",
            SNAPSHOT,
            "--cloud-provider=gce",
            "--node-group-auto-discovery=mig:namePrefix=pool");

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo(
            "--cloud-provider: expected aws, azure, clusterapi or magnum, got \"gce\"\n"
                + "--node-group-auto-discovery: needs --cloud-provider\n");
  }
}
