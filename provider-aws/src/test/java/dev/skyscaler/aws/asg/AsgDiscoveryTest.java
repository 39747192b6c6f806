package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.emulator.AwsEmulator;
import dev.skyscaler.aws.emulator.EmulatedAws;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Discovery of real (emulated) groups: templates from EC2's instance types, tags, bounds. */
@EmulatedAws
class AsgDiscoveryTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;
  private static final String TEMPLATE = "k8s.io/cluster-autoscaler/node-template/";

  private final AwsEmulator aws;
  private MotoAccount account;
  private AsgGateways gateways;
  private String cluster;

  AsgDiscoveryTest(AwsEmulator aws) {
    this.aws = aws;
  }

  @BeforeEach
  void open() {
    cluster = "disc-" + RUNS.incrementAndGet();
    account = new MotoAccount(aws);
    gateways = AsgGateways.create(aws.settings());
  }

  @AfterEach
  void close() {
    account.close();
    gateways.close();
  }

  @Test
  void aGroupAtZeroGetsItsTemplateFromTheLaunchTemplateAndEc2() {
    account.launchTemplate(cluster, "m5.large", 50, false);
    account.group(cluster + "-a", cluster, 0, 10, 0, tags(Map.of()), "us-east-1b", "us-east-1a");

    NodeGroup g = single(discover());

    // 29 pods (3 ENIs x 9 + 2); cpu 2 - 70m; memory 8192 - (11 x 29 + 255) - 100 MiB; 90% of 50Gi
    Resources expected = new Resources(1930, 7518 * MIB, 45 * GIB, 29, Map.of());
    assertThat(g.template())
        .contains(
            new NodeTemplate(
                expected,
                Map.of(
                    "kubernetes.io/arch", "amd64",
                    "kubernetes.io/os", "linux",
                    "node.kubernetes.io/instance-type", "m5.large",
                    "topology.kubernetes.io/region", "us-east-1",
                    "topology.kubernetes.io/zone", "us-east-1b",
                    "topology.ebs.csi.aws.com/zone", "us-east-1b"),
                List.of()));
    assertThat(List.of(g.minSize(), g.maxSize(), g.targetSize())).containsExactly(0, 10, 0);
    assertThat(g.price()).isEmpty();
  }

  @Test
  void gpuInstanceTypesOfferTheirGpusAndTheDefaultRootVolume() {
    account.launchTemplate(cluster, "g4dn.xlarge", 0, false);
    account.group(cluster + "-gpu", cluster, 0, 4, 0, tags(Map.of()));

    Resources capacity = single(discover()).template().orElseThrow().capacity();

    assertThat(capacity)
        .isEqualTo(new Resources(3920, 15710 * MIB, 18 * GIB, 29, Map.of("nvidia.com/gpu", 1L)));
  }

  @Test
  void aSpotMixedInstancesGroupUsesTheFirstOverrideAndIsPricedAsSpot() {
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.mixedGroup(
        cluster + "-spot", cluster, List.of("c5.xlarge", "c5a.xlarge"), true, 0, tags(Map.of()));
    PriceTable prices = PriceTable.parse("prices", "c5.xlarge=0.17,m5.large=0.096", 0.5);

    NodeGroup g = single(provider(prices).discover(List.of()));

    NodeTemplate t = g.template().orElseThrow();
    assertThat(t.labels())
        .containsEntry("node.kubernetes.io/instance-type", "c5.xlarge")
        .containsEntry("eks.amazonaws.com/capacityType", "SPOT");
    assertThat(t.capacity().cpu()).isEqualTo(3920);
    assertThat(g.price()).isEqualTo(OptionalDouble.of(0.085));
  }

  @Test
  void nodeTemplateTagsAddLabelsTaintsAndResourcesOverTheInstanceType() {
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(
        cluster + "-tagged",
        cluster,
        0,
        4,
        0,
        tags(
            Map.of(
                TEMPLATE + "label/team", "batch",
                TEMPLATE + "label/node.kubernetes.io/instance-type", "overridden",
                TEMPLATE + "taint/dedicated", "batch:NoSchedule",
                TEMPLATE + "resources/ephemeral-storage", "100Gi",
                TEMPLATE + "resources/example.com/dongle", "2")));

    NodeTemplate t = single(discover()).template().orElseThrow();

    assertThat(t.labels())
        .containsEntry("team", "batch")
        .containsEntry("node.kubernetes.io/instance-type", "overridden");
    assertThat(t.taints())
        .containsExactly(new Taint("dedicated", "batch", TaintEffect.NO_SCHEDULE));
    assertThat(t.capacity().ephemeralStorage()).isEqualTo(100 * GIB);
    assertThat(t.capacity().extended("example.com/dongle")).isEqualTo(2);
    assertThat(t.capacity().cpu()).isEqualTo(1930);
  }

  @Test
  void optionTagsAreExposedPerGroupAndUnknownOnesAreReported() {
    account.launchTemplate(cluster, "m5.large", 0, false);
    String name = cluster + "-opts";
    account.group(
        name,
        cluster,
        0,
        4,
        0,
        tags(
            Map.of(
                TEMPLATE + "autoscaling-options/scaledownutilizationthreshold", "0.7",
                TEMPLATE + "autoscaling-options/scaledownunneededtime", "2m",
                TEMPLATE + "autoscaling-options/ignoredaemonsetsutilization", "true",
                TEMPLATE + "autoscaling-options/scaledownfoo", "1")));
    account.group(cluster + "-plain", cluster, 0, 4, 0, tags(Map.of()));

    AsgDiscovery found = provider(PriceTable.NONE).discoverWithOptions(List.of());

    assertThat(found.discovery().groups()).hasSize(2);
    assertThat(found.groupOptions()).containsOnlyKeys(name);
    GroupAutoscalingOptions o = found.groupOptions().get(name);
    assertThat(o.scaleDownUtilizationThreshold()).isEqualTo(OptionalDouble.of(0.7));
    assertThat(o.scaleDownUnneededTime()).contains(Duration.ofMinutes(2));
    assertThat(o.ignoreDaemonSetsUtilization()).contains(true);
    assertThat(o.scaleDownUnreadyTime()).isEmpty();
    assertThat(found.discovery().warnings())
        .containsExactly(
            "ASG "
                + name
                + ": tag "
                + TEMPLATE
                + "autoscaling-options/scaledownfoo: unknown autoscaling option, ignored");
  }

  record BadGroup(String name, String instanceType, Map<String, String> tags, String problem) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<BadGroup> badGroups() {
    return Stream.of(
        new BadGroup(
            "a taint without an effect",
            "m5.large",
            Map.of(TEMPLATE + "taint/dedicated", "gpu"),
            "tag "
                + TEMPLATE
                + "taint/dedicated: invalid taint \"dedicated=gpu\": expected value:Effect with"
                + " Effect one of NoSchedule, PreferNoSchedule, NoExecute"),
        new BadGroup(
            "a taint with an unknown effect",
            "m5.large",
            Map.of(TEMPLATE + "taint/dedicated", "gpu:Never"),
            "tag "
                + TEMPLATE
                + "taint/dedicated: invalid taint effect \"Never\": expected NoSchedule,"
                + " PreferNoSchedule or NoExecute"),
        new BadGroup(
            "a resource that is not a quantity",
            "m5.large",
            Map.of(TEMPLATE + "resources/ephemeral-storage", "lots"),
            "tag "
                + TEMPLATE
                + "resources/ephemeral-storage: invalid quantity \"lots\": expected a number with"
                + " an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent like 2e3)"),
        new BadGroup(
            "a threshold that is not a number",
            "m5.large",
            Map.of(TEMPLATE + "autoscaling-options/scaledownutilizationthreshold", "half"),
            "tag "
                + TEMPLATE
                + "autoscaling-options/scaledownutilizationthreshold: expected a number between 0"
                + " and 1, got \"half\""),
        new BadGroup(
            "a time that is not a duration",
            "m5.large",
            Map.of(TEMPLATE + "autoscaling-options/scaledownunneededtime", "ten minutes"),
            "tag "
                + TEMPLATE
                + "autoscaling-options/scaledownunneededtime: expected a duration like 10m or"
                + " 1h30m, got \"ten minutes\""),
        new BadGroup(
            "an instance type EC2 does not know",
            "m9.nonexistent",
            Map.of(),
            "instance type \"m9.nonexistent\" (from launch template %s@$Default) is unknown to"
                + " EC2 DescribeInstanceTypes"),
        new BadGroup(
            "a launch template without an instance type",
            "",
            Map.of(),
            "no instance type: expected one in the launch template, the launch configuration or"
                + " the mixed-instances overrides (instance requirements are not supported)"));
  }

  @ParameterizedTest(name = "{0} leaves the group out and names it")
  @MethodSource("badGroups")
  void aBadGroupIsLeftOutWithAWarningAndTheOthersCarryOn(BadGroup bad) {
    String template = cluster + "-bad";
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.launchTemplate(template, bad.instanceType(), 0, false);
    account.group(cluster + "-good", cluster, 0, 4, 0, tags(Map.of()));
    account.group(cluster + "-bad", template, 0, 4, 0, tags(bad.tags()));

    Discovery d = discover();

    assertThat(d.groups()).extracting(NodeGroup::name).containsExactly(cluster + "-good");
    assertThat(d.warnings())
        .containsExactly("ASG " + cluster + "-bad: " + bad.problem().replace("%s", template));
  }

  @Test
  void explicitGroupsKeepTheirOwnBoundsAndMissingOnesAreReported() {
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(cluster + "-x", cluster, 0, 10, 1, Map.of());
    account.group(cluster + "-wide", cluster, 1, 3, 1, Map.of());
    AsgDiscoveryOptions explicit =
        AsgDiscoveryOptions.parse(
            List.of(),
            List.of(
                "1:5:" + cluster + "-x", "0:5:" + cluster + "-wide", "1:2:" + cluster + "-gone"));

    Discovery d =
        new AsgNodeGroupProvider(
                gateways.withHooks(new FakeLifecycleHooks()),
                new AsgProviderOptions("us-east-1", explicit, PriceTable.NONE),
                AsgNodeGroupProviderTest.CLOCK)
            .discover(List.of());

    assertThat(d.groups()).hasSize(1);
    assertThat(d.groups().get(0))
        .extracting(NodeGroup::name, NodeGroup::minSize, NodeGroup::maxSize)
        .containsExactly(cluster + "-x", 1, 5);
    assertThat(d.warnings())
        .containsExactly(
            "ASG " + cluster + "-gone (--nodes) does not exist",
            "ASG "
                + cluster
                + "-wide: --nodes 0:5:"
                + cluster
                + "-wide is outside the ASG's own MinSize 1 / MaxSize 3; widen the ASG or narrow"
                + " --nodes");
  }

  @Test
  void registeredInstancesTakeTheirNodesCreationTimeAndOthersTheirLaunchTime() {
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.group(cluster + "-run", cluster, 0, 4, 2, tags(Map.of()));
    List<CloudInstance> instances = discover().instances();
    String registered = instances.get(0).providerId();
    Instant created = Instant.parse("2026-01-02T03:04:05Z");

    Discovery d = provider(PriceTable.NONE).discover(List.of(node("n1", registered, created)));

    assertThat(d.groups().get(0).memberNodes()).containsExactly("n1");
    assertThat(d.instances())
        .filteredOn(i -> i.providerId().equals(registered))
        .extracting(CloudInstance::launchTime)
        .containsExactly(created);
    assertThat(d.instances())
        .filteredOn(i -> !i.providerId().equals(registered))
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.state()).isEqualTo(CloudInstance.InstanceState.RUNNING);
              // from EC2, not the provider's fixed clock
              assertThat(i.launchTime()).isNotEqualTo(AsgNodeGroupProviderTest.CLOCK.instant());
              assertThat(i.providerId()).startsWith("aws:///us-east-1a/i-");
            });
  }

  private Map<String, String> tags(Map<String, String> extra) {
    return MotoAccount.clusterTags(cluster, extra);
  }

  private AsgNodeGroupProvider provider(PriceTable prices) {
    return new AsgNodeGroupProvider(
        gateways.withHooks(new FakeLifecycleHooks()),
        new AsgProviderOptions("us-east-1", AsgDiscoveryOptions.forCluster(cluster), prices),
        AsgNodeGroupProviderTest.CLOCK);
  }

  private Discovery discover() {
    return provider(PriceTable.NONE).discover(List.of());
  }

  private static NodeGroup single(Discovery d) {
    assertThat(d.warnings()).isEmpty();
    assertThat(d.groups()).hasSize(1);
    return d.groups().get(0);
  }

  private static Node node(String name, String providerId, Instant created) {
    Resources r = Resources.of(2000, 8L << 30).withPods(29);
    return new Node(
        name, Map.of(), Map.of(), List.of(), r, r, false, true, providerId, created, List.of());
  }
}
