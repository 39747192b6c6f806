package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cluster Autoscaler's Azure auto-discovery argument list, pasted as it is, reads the scale sets
 * (the real Azure SDK against the local ARM-shaped HTTPS server) and plans against the example
 * cluster's snapshot; only GETs reach Resource Manager.
 */
class AzureCloudPlanTest {
  static final String SCALE_SET = "vmss-general";

  /** CA's Azure example (cluster-autoscaler-vmss-autodiscover), the container's flags. */
  static final List<String> CA_AZURE_ARGUMENTS =
      List.of(
          "--v=3",
          "--logtostderr=true",
          "--cloud-provider=azure",
          "--skip-nodes-with-local-storage=false",
          "--node-group-auto-discovery=label:cluster-autoscaler-enabled=true,"
              + "cluster-autoscaler-name=first-contact");

  /**
   * CA's Azure example for a scale set named explicitly (cluster-autoscaler-vmss, as AKS clusters
   * ran it before AKS's own autoscaler): {@code --nodes=<min>:<max>:<scale set>}.
   */
  static final List<String> CA_AZURE_NODES_ARGUMENTS =
      List.of(
          "--v=3",
          "--logtostderr=true",
          "--cloud-provider=azure",
          "--skip-nodes-with-local-storage=false",
          "--nodes=1:3:" + SCALE_SET);

  private final FakeArm arm = FakeArm.start();

  @AfterEach
  void stop() {
    arm.close();
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION);
    env.put("ARM_RESOURCE_GROUP", "rg-nodes");
    return env;
  }

  private CliRun plan(Map<String, String> env, List<String> arguments) {
    List<String> args =
        new ArrayList<>(List.of("plan", "--snapshot", CliRun.example("snapshot.yaml")));
    args.addAll(arguments);
    // the local server's connection stands for the user's credential (az login)
    return CliRun.runWith(
        new CloudAccess(env, (cloud, subscription) -> arm.connection()),
        args.toArray(String[]::new));
  }

  private void scaleSets() {
    arm.world()
        .scaleSet("rg-nodes", SCALE_SET, "Standard_D16_v5", 0)
        .tag("cluster-autoscaler-enabled", "true")
        .tag("cluster-autoscaler-name", "first-contact")
        .tag("min", "0")
        .tag("max", "5");
    arm.world()
        .scaleSet("rg-nodes", "vmss-other", "Standard_D16_v5", 0)
        .tag("cluster-autoscaler-enabled", "true")
        .tag("cluster-autoscaler-name", "other")
        .tag("min", "0")
        .tag("max", "5");
  }

  @Test
  void caAzureArgumentListReadsTheTaggedScaleSetsAndSendsOnlyGets() {
    scaleSets();

    CliRun r = plan(env(), CA_AZURE_ARGUMENTS);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "Scale-up: 1 node group, +1 node for 90 pending pods\n\n"
                + "  NODE GROUP    NODES        PODS\n"
                + "  vmss-general  0 -> 1 (+1)  90 pods of Deployment default/nginx\n\n"
                + "Warnings:\n"
                + "  - --logtostderr, --v concern only Cluster Autoscaler's own process (logging,"
                + " leader election, its endpoint): accepted, no effect\n");
    assertThat(arm.requests()).isNotEmpty();
    assertThat(arm.requests()).allMatch(q -> q.method().equals("GET"), "a GET");
  }

  @Test
  void caAzureNodesArgumentListReadsTheNamedScaleSetOnlyWithItsBoundsWhateverItsTags() {
    scaleSets();
    arm.world().findScaleSet("rg-nodes", SCALE_SET).orElseThrow().tags.clear(); // untagged

    CliRun r = plan(env(), CA_AZURE_NODES_ARGUMENTS);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "Scale-up: 1 node group, +1 node for 90 pending pods\n\n"
                + "  NODE GROUP    NODES        PODS\n"
                + "  vmss-general  0 -> 1 (+1)  90 pods of Deployment default/nginx\n\n"
                + "Warnings:\n"
                + "  - --logtostderr, --v concern only Cluster Autoscaler's own process (logging,"
                + " leader election, its endpoint): accepted, no effect\n");
    assertThat(arm.requests()).allMatch(q -> q.method().equals("GET"), "a GET");
  }

  record Case(String name, Map<String, String> env, List<String> args, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> errors() {
    String spec = "--node-group-auto-discovery=label:cluster-autoscaler-enabled=true";
    return Stream.of(
        new Case(
            "no subscription",
            Map.of(),
            List.of("--cloud-provider=azure", spec),
            "ARM_SUBSCRIPTION_ID: required with --cloud-provider=azure, a subscription id"),
        new Case(
            "a subscription name instead of its id, and an unknown cloud",
            Map.of("ARM_SUBSCRIPTION_ID", "prod", "ARM_CLOUD", "AzureMoonCloud"),
            List.of("--cloud-provider=azure", spec),
            "ARM_SUBSCRIPTION_ID: expected a subscription id (GUID), got \"prod\"\n"
                + "ARM_CLOUD: expected one of AzurePublicCloud, AzureChinaCloud,"
                + " AzureUSGovernmentCloud, got \"AzureMoonCloud\""),
        new Case(
            "no discovery spec",
            Map.of("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION),
            List.of("--cloud-provider=azure"),
            "--node-group-auto-discovery: --cloud-provider=azure needs one"
                + " label:<tag>=<value>,...[,min=N,max=M] spec or --nodes=<min>:<max>:<scale set>,"
                + " got 0 specs"),
        new Case(
            "an AWS spec",
            Map.of("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION),
            List.of("--cloud-provider=azure", "--node-group-auto-discovery=asg:tag=k"),
            "--node-group-auto-discovery: expected label:key=value,key=value[,min=N,max=M], got"
                + " \"asg:tag=k\""),
        new Case(
            "nodes without a name, with bounds the wrong way round, and twice one name",
            Map.of("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION),
            List.of(
                "--cloud-provider=azure",
                "--nodes=1:10",
                "--nodes=5:2:vmss1",
                "--nodes=1:2:vmss2",
                "--nodes=1:x:vmss2"),
            "--nodes: expected <min>:<max>:<name>, got \"1:10\"\n"
                + "--nodes: expected <min>:<max>:<name> with max a whole number >= min, got"
                + " \"5:2:vmss1\"\n"
                + "--nodes: expected <min>:<max>:<name> with max a whole number >= min, got"
                + " \"1:x:vmss2\""),
        new Case(
            "half a service principal",
            Map.of("ARM_SUBSCRIPTION_ID", FakeArm.SUBSCRIPTION, "ARM_CLIENT_ID", "app"),
            List.of("--cloud-provider=azure", spec),
            "Azure credentials: ARM_TENANT_ID, ARM_CLIENT_ID and ARM_CLIENT_SECRET must be set"
                + " together (a service principal), or none of them (az login)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void badSettingsGetOneClearErrorAndNoCall(Case c) {
    List<String> args =
        new ArrayList<>(List.of("plan", "--snapshot", CliRun.example("snapshot.yaml")));
    args.addAll(c.args());
    // the user's credential path, so that its checks run
    CliRun r = CliRun.runWith(CloudAccess.of(c.env()), args.toArray(String[]::new));

    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(c.error() + "\n");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(arm.requests()).isEmpty();
  }

  @Test
  void aRefusedReadIsNamedWithoutAStackTrace() {
    scaleSets();
    arm.failNext("GET", ".*virtualMachineScaleSets.*", 403, Map.of(), "AuthorizationFailed");

    CliRun r = plan(env(), CA_AZURE_ARGUMENTS);

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "--cloud-provider=azure: cannot read the scale sets of subscription "
                + FakeArm.SUBSCRIPTION
                + ": ")
        .doesNotContain("\tat ");
  }
}
