package dev.skyscaler.clusterapi;

import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machine;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machinePool;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machineSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.fake.CapiWorld;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome;
import dev.skyscaler.core.cloud.NodeGroupProvider.Outcome.Status;
import dev.skyscaler.core.plan.action.DeleteInstance;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scaling through {@code /scale} and deleting a chosen node through its Machine, on the real client
 * against the mock API server: which requests are sent, in which order, and what is left behind
 * when one fails.
 */
class ClusterApiActionsTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");
  static final String MD = "MachineDeployment/capi/workers";
  static final String SCALE =
      "/apis/cluster.x-k8s.io/v1beta2/namespaces/capi/machinedeployments/workers/scale";
  static final String DELETE = "cluster.x-k8s.io/delete-machine";

  @RegisterExtension final MockCluster cluster = new MockCluster();
  CapiWorld world;
  ClusterApiNodeGroupProvider provider;

  @BeforeEach
  void arrange() {
    world = new CapiWorld(cluster, "v1beta2");
    String v = world.apiVersion();
    world.create(deployment("workers").bounds(1, 5).replicas(3).capacity("4", "16Gi").build(v));
    world.create(
        machineSet("workers-1")
            .replicas(3)
            .revision(1)
            .ownedBy("MachineDeployment", "workers")
            .build(v));
    world.create(machine("m1").of("workers-1").providerId("openstack:///a").node("n1").build(v));
    world.create(machine("m2").of("workers-1").providerId("openstack:///b").node("n2").build(v));
    world.create(machine("m3").of("workers-1").providerId("openstack:///c").build(v));
    provider =
        ClusterApiNodeGroupProvider.connect(
            cluster.connect(), ClusterApiOptions.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private List<String> writes() {
    return cluster.writes().stream().map(c -> c.method() + " " + c.path()).toList();
  }

  @Test
  void raisingTheTargetReadsAndWritesTheScaleSubresource() {
    Outcome o = provider.apply(new SetTargetSize(MD, 3, 5, "pending pods"));

    assertThat(o).isEqualTo(Outcome.done("set " + MD + " replicas 3 -> 5"));
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(5);
    assertThat(cluster.calls())
        .filteredOn(c -> c.subresource().equals("scale"))
        .extracting(c -> c.verb() + " " + c.path())
        .containsExactly("get " + SCALE, "update " + SCALE);
  }

  @Test
  void aWriteIsNotSentOnceTheTimeTheLeaseGrantedTheActionHasRunOut() {
    Outcome o =
        provider.apply(new SetTargetSize(MD, 3, 5, "pending pods"), java.time.Duration.ZERO);

    assertThat(o)
        .isEqualTo(
            new Outcome(
                Status.RETRY,
                "not sent: update MachineDeployment/capi/workers/scale: the time the lease granted"
                    + " this action (PT0S) ran out"));
    assertThat(writes()).isEmpty();
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(3);
  }

  @Test
  void aWriteWithinTheLeasesTimeIsSentAsAlways() {
    Outcome o =
        provider.apply(
            new SetTargetSize(MD, 3, 5, "pending pods"), java.time.Duration.ofSeconds(20));

    assertThat(o).isEqualTo(Outcome.done("set " + MD + " replicas 3 -> 5"));
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(5);
  }

  @Test
  void theTargetNeverGoesBelowTheNodesThatHaveRegistered() {
    Outcome o = provider.apply(new SetTargetSize(MD, 3, 1, "long unregistered"));

    assertThat(o.message())
        .isEqualTo(
            "refused to lower "
                + MD
                + " replicas to 1: it has 2 registered nodes, which leave only by deleting their"
                + " Machines");
    assertThat(o.status()).isEqualTo(Status.FAILED);
    assertThat(writes()).isEmpty();
  }

  @Test
  void aConcurrentChangeOfTheReplicasIsAConflictToRetryNotOverwritten() {
    cluster.interleave(
        c -> c.verb().equals("update") && c.subresource().equals("scale"),
        "/apis/cluster.x-k8s.io/v1beta2/namespaces/capi/machinedeployments/workers",
        "{\"spec\":{\"replicas\":4}}");

    Outcome o = provider.apply(new SetTargetSize(MD, 3, 5, "pending pods"));

    assertThat(o.status()).isEqualTo(Status.RETRY);
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(4);
  }

  @Test
  void deletingAChosenNodeMarksItsMachineThenLowersTheReplicas() {
    Outcome o = provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));

    assertThat(o)
        .isEqualTo(
            Outcome.done(
                "marked Machine capi/m2 " + DELETE + " and lowered " + MD + " replicas 3 -> 2"));
    assertThat(annotations("m2")).containsEntry(DELETE, NOW.toString());
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
    assertThat(writes())
        .containsExactly(
            "PATCH /apis/cluster.x-k8s.io/v1beta2/namespaces/capi/machines/m2", "PUT " + SCALE);
  }

  @Test
  void whenLoweringTheReplicasFailsTheMarkIsTakenOffAgain() {
    cluster.fail(c -> c.verb().equals("update") && c.subresource().equals("scale"), 500, 2);

    Outcome o = provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));

    assertThat(o.status()).isEqualTo(Status.RETRY);
    assertThat(annotations("m2")).doesNotContainKey(DELETE);
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(3);
    assertThat(cluster.writes().stream().filter(c -> c.verb().equals("patch")).map(ApiCall::body))
        .containsExactly(
            "{\"metadata\":{\"annotations\":{\"" + DELETE + "\":\"" + NOW + "\"}}}",
            "[{\"op\":\"test\",\"path\":\"/metadata/annotations/cluster.x-k8s.io~1delete-machine\","
                + "\"value\":\""
                + NOW
                + "\"},{\"op\":\"remove\",\"path\":\"/metadata/annotations/cluster.x-k8s.io~1delete-machine\"}]");
  }

  @Test
  void aMachineMarkedWhoseReplicasAreAlreadyLoweredIsNotDeletedTwice() {
    provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));
    cluster.clearCalls();

    Outcome again =
        provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));

    assertThat(again.status()).isEqualTo(Status.ALREADY_DONE);
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(2);
    assertThat(writes()).isEmpty();
  }

  @Test
  void aMachineAlreadyBeingDeletedIsNotDeletedTwice() {
    GenericKubernetesResource m2 = world.get("Machine", "capi", "m2").orElseThrow();
    m2.getMetadata().setFinalizers(List.of("machine.cluster.x-k8s.io"));
    world.update(m2);
    world
        .admin()
        .genericKubernetesResources(world.context("Machine"))
        .inNamespace("capi")
        .withName("m2")
        .delete();

    Outcome o = provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));

    assertThat(o)
        .isEqualTo(
            new Outcome(
                Status.ALREADY_DONE, "Machine capi/m2 of " + MD + " is already being deleted"));
    assertThat(writes()).isEmpty();
  }

  @Test
  void aNodeOfAMachineDeploymentRollingOutIsNotDeleted() {
    world.create(
        machineSet("workers-0")
            .replicas(1)
            .statusReplicas(1)
            .revision(0)
            .ownedBy("MachineDeployment", "workers")
            .build(world.apiVersion()));

    Outcome o = provider.apply(new DeleteInstance(MD, "n2", "openstack:///b", true, "unneeded"));

    assertThat(o)
        .isEqualTo(
            new Outcome(
                Status.RETRY,
                "not deleting Machine capi/m2: "
                    + MD
                    + " is rolling out: MachineSet workers-0 of an older revision still has"
                    + " replicas, so lowering its replicas could remove another Machine"));
    assertThat(writes()).isEmpty();
  }

  @Test
  void aReplacementOrARepairDeletesTheMachineAndKeepsTheReplicas() {
    Outcome o =
        provider.apply(
            new RepairInstance(MD, "n1", "openstack:///a", RepairInstance.Level.RESTART));

    assertThat(o)
        .isEqualTo(Outcome.done("deleted Machine capi/m1 of " + MD + ": Cluster API replaces it"));
    assertThat(world.get("Machine", "capi", "m1")).isEmpty();
    assertThat(world.replicas("MachineDeployment", "workers")).isEqualTo(3);
  }

  @Test
  void aPausedGroupIsNotMineNamingWhy() {
    GenericKubernetesResource md = world.get("MachineDeployment", "capi", "workers").orElseThrow();
    md.getMetadata().getAnnotations().put("cluster.x-k8s.io/paused", "");
    world.update(md);

    Outcome o = provider.apply(new SetTargetSize(MD, 3, 4, "pending pods"));

    assertThat(o)
        .isEqualTo(
            Outcome.notMine(MD + ": paused (cluster.x-k8s.io/paused): not scaled while paused"));
  }

  @Test
  void aMachinePoolNodeWithoutAMachineIsAPlainDecrementThatSaysItCannotChoose() {
    world.create(
        machinePool("pool")
            .bounds(0, 4)
            .replicas(2)
            .capacity("4", "16Gi")
            .providerIds("aws:///eu-west-1a/i-1", "aws:///eu-west-1a/i-2")
            .build(world.apiVersion()));

    Outcome o =
        provider.apply(
            new DeleteInstance(
                "MachinePool/capi/pool", "p1", "aws:///eu-west-1a/i-1", true, "unneeded"));

    assertThat(o)
        .isEqualTo(
            Outcome.done(
                "lowered MachinePool/capi/pool replicas 2 -> 1 for p1: it has no Machine objects,"
                    + " so its infrastructure provider chooses which instance goes"));
    assertThat(world.replicas("MachinePool", "pool")).isEqualTo(1);
  }

  @SuppressWarnings("unchecked")
  private Map<String, String> annotations(String machine) {
    var a = world.get("Machine", "capi", machine).orElseThrow().getMetadata().getAnnotations();
    return a == null ? Map.of() : a;
  }
}
