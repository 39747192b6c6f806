package dev.skyscaler.aws.asg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.TestKit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.eks.EksClient;
import software.amazon.awssdk.services.eks.model.CapacityTypes;

/**
 * Templates of Auto Scaling Groups that back EKS managed node groups: the labels, taints and
 * capacity type EKS gives their nodes come from DescribeNodegroup (in moto, the only emulator here
 * with EKS node groups), so pods that select or tolerate them can scale such a group from zero.
 */
@ExtendWith(MotoExtension.class)
class ManagedNodegroupTemplatesTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final String TEMPLATE = "k8s.io/cluster-autoscaler/node-template/";
  private static final long GIB = 1L << 30;

  private final MotoServer moto;
  private MotoAccount account;
  private EksClient eks;
  private AsgGateways gateways;
  private String cluster;

  ManagedNodegroupTemplatesTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    cluster = "mng-" + RUNS.incrementAndGet();
    account = new MotoAccount(moto);
    eks = moto.settings().configure(EksClient.builder()).build();
    gateways = AsgGateways.create(moto.settings());
    eks.createCluster(
        b ->
            b.name(cluster)
                .roleArn("arn:aws:iam::123456789012:role/eks")
                .resourcesVpcConfig(v -> v.subnetIds("subnet-1")));
    account.launchTemplate(cluster, "m5.large", 50, false);
  }

  @AfterEach
  void close() {
    account.close();
    eks.close();
    gateways.close();
  }

  @Test
  void aManagedGroupsTemplateCarriesTheLabelsTaintsAndCapacityTypeEksGivesItsNodes() {
    nodegroup("ml", CapacityTypes.SPOT, Map.of("team", "ml"), Map.of());
    managedGroup("ml", Map.of());

    NodeTemplate t = single(discover()).template().orElseThrow();

    assertThat(t.labels())
        .containsEntry("team", "ml")
        .containsEntry("eks.amazonaws.com/nodegroup", "ml")
        // the launch template is on-demand; EKS says the group is spot
        .containsEntry("eks.amazonaws.com/capacityType", "SPOT")
        .containsEntry("node.kubernetes.io/instance-type", "m5.large");
    assertThat(t.taints())
        .containsExactly(
            new Taint("dedicated", "ml", TaintEffect.NO_SCHEDULE),
            new Taint("preemptible", "", TaintEffect.PREFER_NO_SCHEDULE));
  }

  @Test
  void eksValuesWinOverTheGroupsNodeTemplateTagsAsInCa() {
    nodegroup("ml", CapacityTypes.ON_DEMAND, Map.of("team", "ml"), Map.of());
    managedGroup(
        "ml",
        Map.of(
            TEMPLATE + "label/team", "from-tag",
            TEMPLATE + "label/disk", "ssd",
            TEMPLATE + "taint/dedicated", "from-tag:NoSchedule",
            TEMPLATE + "taint/gpu", "true:NoExecute"));

    NodeTemplate t = single(discover()).template().orElseThrow();

    assertThat(t.labels())
        .containsEntry("team", "ml")
        .containsEntry("disk", "ssd")
        .containsEntry("eks.amazonaws.com/capacityType", "ON_DEMAND");
    assertThat(t.taints())
        .containsExactlyInAnyOrder(
            new Taint("dedicated", "ml", TaintEffect.NO_SCHEDULE),
            new Taint("gpu", "true", TaintEffect.NO_EXECUTE),
            new Taint("preemptible", "", TaintEffect.PREFER_NO_SCHEDULE));
  }

  @Test
  void resourcesTagsOnTheNodeGroupItselfReplaceTheInstanceTypesAmount() {
    nodegroup(
        "ml",
        CapacityTypes.ON_DEMAND,
        Map.of(),
        Map.of(TEMPLATE + "resources/ephemeral-storage", "100Gi"));
    managedGroup("ml", Map.of());

    NodeTemplate t = single(discover()).template().orElseThrow();

    assertThat(t.capacity().ephemeralStorage()).isEqualTo(100 * GIB);
  }

  @Test
  void aPendingPodThatSelectsAndToleratesTheNodeGroupScalesItUpFromZero() {
    nodegroup("ml", CapacityTypes.ON_DEMAND, Map.of("team", "ml"), Map.of());
    managedGroup("ml", Map.of());
    account.group(
        cluster + "-general", cluster, 0, 10, 0, MotoAccount.clusterTags(cluster, Map.of()));
    Discovery d = discover();
    assertThat(d.warnings()).isEmpty();

    Plan plan =
        plan(
            d,
            TestKit.pod("trainer")
                .cpu("1")
                .memory("1Gi")
                .nodeSelector("team", "ml")
                .tolerate("dedicated", "ml", TaintEffect.NO_SCHEDULE)
                .tolerateExists("preemptible"));

    assertThat(plan.actions())
        .filteredOn(SetTargetSize.class::isInstance)
        .map(SetTargetSize.class::cast)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.nodeGroup()).isEqualTo(cluster + "-ml");
              assertThat(s.to()).isEqualTo(1);
            });
  }

  @Test
  void aPodThatDoesNotTolerateTheNodeGroupsTaintDoesNotScaleItUp() {
    nodegroup("ml", CapacityTypes.ON_DEMAND, Map.of("team", "ml"), Map.of());
    managedGroup("ml", Map.of());

    Plan plan = plan(discover(), TestKit.pod("intruder").cpu("1").memory("1Gi"));

    assertThat(plan.actions()).noneMatch(SetTargetSize.class::isInstance);
  }

  @Test
  void aNodeGroupEksCannotDescribeKeepsATemplateWithoutItAndAWarningNamesBoth() {
    managedGroup("ghost", Map.of(TEMPLATE + "label/team", "from-tag"));
    account.group(
        cluster + "-general", cluster, 0, 10, 0, MotoAccount.clusterTags(cluster, Map.of()));

    Discovery d = discover();

    assertThat(d.warnings())
        .singleElement()
        .asString()
        .startsWith(
            "ASG "
                + cluster
                + "-ghost: EKS managed node group ghost: eks:DescribeNodegroup "
                + cluster
                + "/ghost failed: ResourceNotFoundException (HTTP 404): ")
        .endsWith("; its template lacks the node group's labels and taints");
    assertThat(d.groups())
        .extracting(NodeGroup::name)
        .containsExactly(cluster + "-general", cluster + "-ghost");
    NodeTemplate ghost = d.groups().get(1).template().orElseThrow();
    assertThat(ghost.labels())
        .containsEntry("team", "from-tag")
        .containsEntry("eks.amazonaws.com/nodegroup", "ghost")
        .containsEntry("eks.amazonaws.com/capacityType", "ON_DEMAND");
    assertThat(ghost.taints()).isEmpty();
  }

  @Test
  void aGroupWithoutTheEksClusterTagIsNotLookedUp() {
    nodegroup("ml", CapacityTypes.SPOT, Map.of("team", "ml"), Map.of());
    account.group(
        cluster + "-ml",
        cluster,
        0,
        10,
        0,
        MotoAccount.clusterTags(cluster, Map.of("eks:nodegroup-name", "ml")));

    NodeTemplate t = single(discover()).template().orElseThrow();

    assertThat(t.labels()).doesNotContainKey("team");
    assertThat(t.taints()).isEmpty();
  }

  /** A managed node group in moto's EKS with two taints (one without a value). */
  private void nodegroup(
      String name, CapacityTypes capacity, Map<String, String> labels, Map<String, String> tags) {
    eks.createNodegroup(
        b ->
            b.clusterName(cluster)
                .nodegroupName(name)
                .nodeRole("arn:aws:iam::123456789012:role/node")
                .subnets("subnet-1")
                .capacityType(capacity)
                .labels(labels)
                .taints(
                    t ->
                        t.key("dedicated")
                            .value(name)
                            .effect(
                                software.amazon.awssdk.services.eks.model.TaintEffect.NO_SCHEDULE),
                    t ->
                        t.key("preemptible")
                            .effect(
                                software.amazon.awssdk.services.eks.model.TaintEffect
                                    .PREFER_NO_SCHEDULE))
                .tags(tags));
  }

  /** The Auto Scaling Group EKS would create for the node group, with its {@code eks:} tags. */
  private void managedGroup(String nodegroup, Map<String, String> extra) {
    Map<String, String> tags = new TreeMap<>(extra);
    tags.put("eks:cluster-name", cluster);
    tags.put("eks:nodegroup-name", nodegroup);
    account.group(
        cluster + "-" + nodegroup, cluster, 0, 10, 0, MotoAccount.clusterTags(cluster, tags));
  }

  private Discovery discover() {
    return new AsgNodeGroupProvider(
            gateways.withHooks(new FakeLifecycleHooks()),
            new AsgProviderOptions(
                "us-east-1", AsgDiscoveryOptions.forCluster(cluster), PriceTable.NONE),
            AsgNodeGroupProviderTest.CLOCK)
        .discover(List.of());
  }

  private static Plan plan(Discovery d, dev.skyscaler.testkit.PodSpec pending) {
    ClusterSnapshot snapshot =
        new ClusterSnapshot(List.of(), pending.buildAll(), List.of(), List.of(), d.groups());
    return Autoscaler.runOnce(
        snapshot,
        AutoscalerState.EMPTY,
        AutoscalerOptions.defaults(),
        AsgNodeGroupProviderTest.CLOCK.instant());
  }

  private static NodeGroup single(Discovery d) {
    assertThat(d.warnings()).isEmpty();
    assertThat(d.groups()).hasSize(1);
    return d.groups().get(0);
  }
}
