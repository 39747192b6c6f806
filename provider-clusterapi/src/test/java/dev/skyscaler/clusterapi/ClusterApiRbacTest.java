package dev.skyscaler.clusterapi;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machine;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machinePool;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machineSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.clusterapi.api.ManagementGateway;
import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.clusterapi.objects.InfrastructureRef;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.RbacRules;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.RequestLog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RBAC manifests grant exactly what this module's runs use: every request to a Cluster API
 * group ({@code cluster.x-k8s.io}, {@code infrastructure.cluster.x-k8s.io}) made during the whole
 * test run (this class runs last) is granted by {@code infra/kubernetes/clusterapi-rbac.yaml}, the
 * management side, and every other one (the scans of the end-to-end test) by {@code rbac.yaml}, the
 * workload side; every verb the management manifest grants is used, by the run or by a tour of
 * every provider operation made here (so it also holds when run alone).
 */
@Order(Integer.MAX_VALUE)
class ClusterApiRbacTest {
  static final Path MANAGEMENT = Path.of("..", "infra", "kubernetes", "clusterapi-rbac.yaml");
  static final Path WORKLOAD = Path.of("..", "infra", "kubernetes", "rbac.yaml");
  static final List<String> TEMPLATE_KINDS =
      List.of(
          "AWSMachineTemplate",
          "AzureMachineTemplate",
          "DockerMachineTemplate",
          "GCPMachineTemplate",
          "Metal3MachineTemplate",
          "OpenStackMachineTemplate",
          "VSphereMachineTemplate");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  static RbacRules management;
  static RbacRules workload;
  static List<ApiCall> tourCalls;

  @BeforeAll
  static void readManifests() throws Exception {
    management = RbacRules.read(MANAGEMENT);
    workload = RbacRules.read(WORKLOAD);
  }

  private static boolean capi(ApiCall c) {
    return c.group().equals("cluster.x-k8s.io")
        || c.group().equals("infrastructure.cluster.x-k8s.io");
  }

  private List<ApiCall> calls() {
    List<ApiCall> calls = new ArrayList<>(RequestLog.all());
    if (tourCalls == null) {
      tourCalls = tour();
    }
    calls.addAll(tourCalls);
    return calls;
  }

  @Test
  void everyClusterApiRequestIsGrantedByTheManagementManifest() {
    assertThat(
            calls().stream()
                .filter(ClusterApiRbacTest::capi)
                .filter(c -> !management.allows(c))
                .map(ApiCall::toString)
                .distinct())
        .as("Cluster API requests the management manifest does not grant")
        .isEmpty();
  }

  @Test
  void everyOtherRequestIsGrantedByTheWorkloadManifest() {
    assertThat(
            calls().stream()
                .filter(c -> !capi(c))
                .filter(c -> !workload.allows(c))
                .map(ApiCall::toString)
                .distinct())
        .as("workload requests rbac.yaml does not grant")
        .isEmpty();
  }

  @Test
  void everyVerbTheManagementManifestGrantsIsUsed() {
    List<ApiCall> calls = calls();
    assertThat(
            management.grants().stream()
                .filter(g -> calls.stream().noneMatch(g::allows))
                .map(RbacRules.Grant::toString))
        .as("grants no request used")
        .isEmpty();
  }

  /** Every provider operation, on every scalable kind and template kind; the requests made. */
  private List<ApiCall> tour() {
    CapiWorld world = new CapiWorld(cluster, "v1beta2");
    String v = world.apiVersion();
    world.create(
        deployment("md").bounds(1, 5).replicas(2).capacity("4", "16Gi").template("tpl").build(v));
    world.create(
        machineSet("md-1").replicas(2).revision(1).ownedBy("MachineDeployment", "md").build(v));
    world.create(machine("m1").of("md-1").providerId("openstack:///a").node("n1").build(v));
    world.create(machine("m2").of("md-1").providerId("openstack:///b").node("n2").build(v));
    world.create(machineSet("ms").bounds(0, 3).replicas(1).capacity("4", "16Gi").build(v));
    world.create(
        machinePool("mp")
            .bounds(0, 3)
            .replicas(1)
            .capacity("4", "16Gi")
            .providerIds("aws:///z/i-1")
            .build(v));
    var connection = cluster.connect();
    ClusterApiNodeGroupProvider provider =
        ClusterApiNodeGroupProvider.connect(
            connection, ClusterApiOptions.defaults(), Clock.systemUTC());
    provider.discover(List.of());
    provider.apply(new SetTargetSize("MachineDeployment/capi/md", 2, 3, "tour"));
    provider.apply(new SetTargetSize("MachineSet/capi/ms", 1, 2, "tour"));
    provider.apply(
        new DeleteInstance("MachineDeployment/capi/md", "n2", "openstack:///b", true, "tour"));
    provider.apply(new DeleteInstance("MachinePool/capi/mp", "p1", "aws:///z/i-1", true, "tour"));
    provider.apply(
        new RepairInstance(
            "MachineDeployment/capi/md", "n1", "openstack:///a", RepairInstance.Level.REPLACE));
    ManagementGateway gateway =
        new ManagementGateway(connection, "cluster.x-k8s.io", Optional.empty());
    for (String kind : TEMPLATE_KINDS) {
      gateway.template(
          new InfrastructureRef("infrastructure.cluster.x-k8s.io", "v1beta1", kind, "t"), "capi");
    }
    return cluster.calls();
  }
}
