package dev.skyscaler.clusterapi.discovery;

import static dev.skyscaler.clusterapi.discovery.Objects.V1BETA2;
import static dev.skyscaler.clusterapi.discovery.Objects.node;
import static dev.skyscaler.clusterapi.fake.CapiObjects.deployment;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machine;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machinePool;
import static dev.skyscaler.clusterapi.fake.CapiObjects.machineSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.clusterapi.config.ClusterApiOptions;
import dev.skyscaler.clusterapi.objects.CapiObjectException;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.NodeGroupProvider.Discovery;
import dev.skyscaler.core.model.Node;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Nodes and Machines: membership by provider ID, by the node's Machine annotations, by a
 * MachinePool's provider ID list; each Machine's instance state; rollouts and duplicate IDs.
 */
class NodeMatchingTest {
  private final List<GenericKubernetesResource> objects = new ArrayList<>();

  NodeMatchingTest() {
    objects.add(deployment("md").bounds(1, 5).replicas(5).capacity("4", "16Gi").build(V1BETA2));
    objects.add(
        machineSet("md-2")
            .replicas(5)
            .revision(2)
            .ownedBy("MachineDeployment", "md")
            .build(V1BETA2));
  }

  private Discovery discover(Node... nodes) {
    return NodeGroupDiscovery.prepare(Objects.read(objects), ClusterApiOptions.defaults())
        .match(List.of(nodes));
  }

  private void machines(GenericKubernetesResource... ms) {
    objects.addAll(List.of(ms));
  }

  @Test
  void aNodeIsMatchedByTheProviderIdAfterTheLastSlash() {
    machines(machine("m1").of("md-2").providerId("openstack:///0f1e").node("n1").build(V1BETA2));

    Discovery d =
        discover(node("n1", "openstack://region-one/0f1e"), node("n2", "openstack:///other"));

    assertThat(d.groups().get(0).memberNodes()).containsExactly("n1");
  }

  @Test
  void aMachineWithoutProviderIdIsFoundThroughTheNodesAnnotations() {
    machines(machine("m1").of("md-2").node("n1").build(V1BETA2));

    Discovery d =
        discover(
            node(
                "n1",
                "openstack:///0f1e",
                Map.of(
                    "cluster.x-k8s.io/machine",
                    "m1",
                    "cluster.x-k8s.io/cluster-namespace",
                    "capi")));

    assertThat(d.groups().get(0).memberNodes()).containsExactly("n1");
    assertThat(d.instances())
        .extracting(CloudInstance::providerId)
        .containsExactly("openstack:///0f1e");
  }

  @Test
  void eachMachineIsAnInstanceInTheStateItsStatusSays() {
    machines(
        machine("running").of("md-2").providerId("openstack:///a").node("running").build(V1BETA2),
        machine("booting").of("md-2").providerId("openstack:///b").build(V1BETA2),
        machine("unprovisioned").of("md-2").build(V1BETA2),
        machine("failed").of("md-2").phase("Failed").build("cluster.x-k8s.io/v1beta1"));
    GenericKubernetesResource deleting =
        machine("deleting").of("md-2").providerId("openstack:///d").node("deleting").build(V1BETA2);
    deleting.getMetadata().setDeletionTimestamp("2025-01-31T11:00:00Z");
    machines(deleting);

    Discovery d = discover(node("running", "openstack:///a"), node("deleting", "openstack:///d"));

    assertThat(d.instances())
        .extracting(i -> i.providerId() + " " + i.state())
        .containsExactly(
            "openstack:///a RUNNING",
            "openstack:///b PENDING",
            "pending-machine-capi_unprovisioned PENDING",
            "failed-machine-capi_failed FAILED",
            "openstack:///d TERMINATING");
  }

  @Test
  void aMachinePoolWithoutMachinesOwnsTheNodesOfItsProviderIdListAndSaysItCannotChoose() {
    objects.add(
        machinePool("mp")
            .bounds(0, 4)
            .replicas(2)
            .capacity("4", "16Gi")
            .providerIds(
                "azure:///subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/mp/virtualMachines/0",
                "azure:///subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/mp/virtualMachines/1")
            .build(V1BETA2));

    Discovery d =
        discover(
            node(
                "mp-0",
                "azure:///subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/mp/virtualMachines/0"),
            node(
                "other-0",
                "azure:///subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/other/virtualMachines/0"));

    assertThat(d.groups())
        .filteredOn(g -> g.name().equals("MachinePool/capi/mp"))
        .singleElement()
        .satisfies(g -> assertThat(g.memberNodes()).containsExactly("mp-0"));
    assertThat(d.warnings())
        .containsExactly(
            "MachinePool/capi/mp: no Machine objects (its infrastructure provider keeps none per"
                + " instance): a scale-down lowers replicas and cannot choose which instance goes");
  }

  @Test
  void theNodesOfAMachineDeploymentRollingOutAreNoScaleDownCandidates() {
    objects.add(
        machineSet("md-1")
            .replicas(1)
            .statusReplicas(1)
            .revision(1)
            .ownedBy("MachineDeployment", "md")
            .build(V1BETA2));
    machines(
        machine("old").of("md-1").providerId("openstack:///o").node("old").build(V1BETA2),
        machine("new").of("md-2").providerId("openstack:///n").node("new").build(V1BETA2));

    Discovery d = discover(node("old", "openstack:///o"), node("new", "openstack:///n"));

    assertThat(d.groups().get(0).memberNodes()).containsExactlyInAnyOrder("old", "new");
    assertThat(d.noScaleDown())
        .containsOnly(
            Map.entry(
                "new",
                "MachineDeployment/capi/md rolling out: MachineSet md-1 of an older revision still has replicas"),
            Map.entry(
                "old",
                "MachineDeployment/capi/md rolling out: MachineSet md-1 of an older revision still has replicas"));
  }

  @Test
  void anOldMachineSetAtZeroReplicasIsNoRollout() {
    objects.add(
        machineSet("md-1")
            .replicas(0)
            .revision(1)
            .ownedBy("MachineDeployment", "md")
            .build(V1BETA2));
    machines(machine("new").of("md-2").providerId("openstack:///n").node("new").build(V1BETA2));

    assertThat(discover(node("new", "openstack:///n")).noScaleDown()).isEmpty();
  }

  @Test
  void twoMachinesWithOneProviderIdFailTheDiscoveryNamingBoth() {
    machines(
        machine("m1").of("md-2").providerId("openstack:///same").build(V1BETA2),
        machine("m2").of("md-2").providerId("openstack://other-region/same").build(V1BETA2));

    assertThatThrownBy(this::discover)
        .isInstanceOf(CapiObjectException.class)
        .hasMessage(
            "Machine capi/m1 and Machine capi/m2 have the same provider ID"
                + " openstack://other-region/same: a node cannot be matched to one Machine; fix the"
                + " Machines");
  }

  @Test
  void aGroupWithMachinesButNoNodeAndNoCapacityWaitsForItsFirstNode() {
    objects.clear();
    objects.add(deployment("md").bounds(1, 5).replicas(1).build(V1BETA2));
    objects.add(
        machineSet("md-1")
            .replicas(1)
            .revision(1)
            .ownedBy("MachineDeployment", "md")
            .build(V1BETA2));
    machines(machine("m1").of("md-1").providerId("openstack:///a").build(V1BETA2));

    Discovery d = discover();

    assertThat(d.groups()).isEmpty();
    assertThat(d.warnings())
        .containsExactly(
            "MachineDeployment/capi/md: no node has registered yet and no scale-from-zero capacity"
                + " is known: left out until one registers");
  }
}
