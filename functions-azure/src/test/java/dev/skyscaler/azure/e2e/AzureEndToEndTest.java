package dev.skyscaler.azure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.azure.arm.FakeArm;
import dev.skyscaler.azure.arm.FakeArmWorld;
import dev.skyscaler.azure.auth.KubernetesAccess;
import dev.skyscaler.azure.functions.Preemptions;
import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.kubernetes.scan.ScanReport;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Taint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Azure function set end to end in one JVM: the real function classes on their real wiring (the
 * Azure SDK against the local ARM server, Key Vault or AKS Entra access to a mock Kubernetes API
 * server), with kubelets, a scheduler and ReplicaSet controllers played by {@link ClusterActors},
 * on a clock the test moves. Nodes are Standard_D4s_v5 (4 CPU, 110 pods); nginx pods ask 100m CPU,
 * so 40 fit a node.
 */
class AzureEndToEndTest {
  private static final Duration SCAN = Duration.ofSeconds(10);

  /** ARM writes that change a scale set, its VMs or a node pool. */
  private static final String SCALING = "/(virtualMachineScaleSets|agentPools)/";

  private final AzureStory story = new AzureStory();
  private String lastEvent;

  @AfterEach
  void close() {
    story.close();
  }

  /**
   * Two nodes, nginx at 10 replicas, scaled to 300: the nodes fill up (80 pods) and 220 wait, which
   * is 5.5 nodes' worth, so the scale set goes from 2 to 8 in one step. The six nodes join and take
   * every pod. Back to 10 replicas (all on the first node): the six nodes emptied first are deleted
   * together once unneeded for --scale-down-unneeded-time (10m), the capacity dropping with each,
   * and the last empty node follows; the group ends at one node with the ten pods.
   */
  @Test
  void firstContactOnAPlainScaleSetScalesUpByWhatIsNeededAndBackDownAfterTheUnneededTime() {
    story.scaleSet("rg-nodes", "workers", 2, 1, 10);
    story.selfManaged(Map.of());
    story.actors.scale("nginx", 10);
    story.tick(Duration.ofSeconds(60));
    assertThat(story.scan()).isInstanceOf(ScanReport.Completed.class);

    story.actors.scale("nginx", 300);
    story.tick(SCAN);
    var scaleUp = (ScanReport.Completed) story.scan();

    assertThat(scaleUp.figures().unschedulablePods()).isEqualTo(220);
    assertThat(scaleUp.plan().scaleUps())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.nodeGroup()).isEqualTo("workers");
              assertThat(s.currentTarget()).isEqualTo(2);
              assertThat(s.delta()).isEqualTo(6);
            });
    assertThat(capacityWrites("rg-nodes", "workers")).containsExactly(8);
    assertThat(story.logLines.get(story.logLines.size() - 1))
        .startsWith("INFO scan=azure-functions/inv-2 kind=full result=completed")
        .contains(" unschedulable=220 ", " scale_up=\"workers +6 (2->8)\" ")
        .contains(" cloud=\"DONE: set workers target size 2 -> 8 (scale-up)");

    story.scanFor(Duration.ofMinutes(2), SCAN);

    assertThat(capacityWrites("rg-nodes", "workers")).as("one scale-up, no second").hasSize(1);
    assertThat(podsPerNode())
        .containsExactly(
            Map.entry("workers000000", 40L),
            Map.entry("workers000001", 40L),
            Map.entry("workers000002", 40L),
            Map.entry("workers000003", 40L),
            Map.entry("workers000004", 40L),
            Map.entry("workers000005", 40L),
            Map.entry("workers000006", 40L),
            Map.entry("workers000007", 20L));

    story.actors.scale("nginx", 10);
    Duration scaledBack = story.sinceStart();
    story.tick(SCAN);
    story.scan(); // the six emptied nodes are unneeded from here
    story.scanFor(Duration.ofMinutes(9), Duration.ofMinutes(1));
    story.scanFor(Duration.ofSeconds(50), SCAN);
    assertThat(deletedInstances("rg-nodes", "workers")).as("10m10s after the scale back").isEmpty();
    story.tick(SCAN);
    story.scan(); // unneeded for 10m: tainted
    story.tick(SCAN);
    story.scan(); // deleted

    assertThat(story.sinceStart()).isEqualTo(scaledBack.plus(Duration.ofSeconds(10 + 600 + 10)));
    assertThat(deletedInstances("rg-nodes", "workers"))
        .containsExactly("1", "2", "3", "4", "5", "6");
    assertThat(story.arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity)
        .isEqualTo(2);

    // workers000007 held pods when the scale-up ended, so it was found removable later (after
    // --unremovable-node-recheck-timeout), and its unneeded time starts again once the six
    // deleted nodes are gone: it follows within another unneeded time
    story.scanFor(Duration.ofMinutes(15), Duration.ofMinutes(1));

    assertThat(deletedInstances("rg-nodes", "workers"))
        .containsExactly("1", "2", "3", "4", "5", "6", "7");
    assertThat(story.arm.world().findScaleSet("rg-nodes", "workers").orElseThrow().capacity)
        .isEqualTo(1);
    assertThat(capacityWrites("rg-nodes", "workers")).as("still the one scale-up").hasSize(1);
    assertThat(podsPerNode()).containsExactly(Map.entry("workers000000", 10L));
    assertThat(story.pods()).hasSize(10);
  }

  /**
   * The same scale-up on an AKS node pool: the pool's count changes through the agent-pool API, the
   * pool's scale set in the node resource group is never written, and the cluster is reached with
   * the identity's Entra token for the AKS server application.
   */
  @Test
  void onAksTheScaleUpGoesThroughTheAgentPoolApiWithAnEntraToken() {
    FakeArmWorld.Cluster aks =
        story.arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
    story.pool(aks, "user1", 2, 1, 10);
    story.aks(aks, Map.of());
    story.actors.scale("nginx", 10);
    story.tick(Duration.ofSeconds(60));
    story.scan();

    story.actors.scale("nginx", 300);
    story.tick(SCAN);
    var scaleUp = (ScanReport.Completed) story.scan();
    story.scanFor(Duration.ofMinutes(2), SCAN);

    assertThat(scaleUp.plan().scaleUps())
        .singleElement()
        .satisfies(s -> assertThat(s.delta()).isEqualTo(6));
    List<FakeArm.Request> poolWrites = story.writes("/managedClusters/prod/agentPools/user1$");
    assertThat(poolWrites).extracting(FakeArm.Request::method).containsExactly("PUT");
    assertThat(AzureStory.body(poolWrites.get(0)).path("properties").path("count").asInt())
        .isEqualTo(8);
    assertThat(story.writes("virtualMachineScaleSets")).as("the AKS scale set itself").isEmpty();
    assertThat(story.nodes()).hasSize(8);
    assertThat(story.runningPods()).isEqualTo(300);
    assertThat(story.arm.scopes()).contains(KubernetesAccess.AKS_SERVER_SCOPE);
    assertThat(story.cluster.authorizations()).isNotEmpty().containsOnly("Bearer " + FakeArm.TOKEN);
  }

  /**
   * A spot pool of three full nodes loses VM 1 (eviction policy Delete: the VM and a unit of the
   * scale set's capacity go; the pool's count stays 3, and AKS brings the scale set back to it).
   * The scheduled scan alone sees a NotReady node outside any group and does nothing; the Event
   * Grid preemption event then cleans the node up (taint, cordon, 40 evictions), and the same scan
   * and the later ones count AKS's replacement as upcoming, so the 40 evicted pods cause no node of
   * their own. The event delivered again changes nothing.
   */
  @Test
  void aPreemptionOnAnAksSpotPoolCleansTheNodeUpAndCountsAksReplacement() {
    FakeArmWorld.Cluster aks =
        story.arm.world().cluster("rg-aks", "prod", "MC_rg-aks_prod_westeurope");
    FakeArmWorld.ScaleSet spot = story.pool(aks, "spot1", 3, 1, 5).set.spot();
    story.aks(aks, Map.of());
    String node = "aks-spot1-12345678-vmss000001";

    Preemptions.Handled handled = preempt(spot, node);

    assertThat(handled.summary())
        .isEqualTo(
            "event 8945cf9b-e220-496e-ab4f-f3a239318995: spot VM 1 of"
                + " MC_rg-aks_prod_westeurope/aks-spot1-12345678-vmss was preempted: node "
                + node
                + " is tainted, cordoned and drained");
    assertThat(((ScanReport.Completed) handled.scan().orElseThrow()).plan().scaleUps()).isEmpty();

    story.scanFor(Duration.ofMinutes(2), SCAN);

    assertThat(story.writes(SCALING)).as("no scale-up: AKS replaces the VM").isEmpty();
    assertThat(podsPerNode())
        .containsExactly(
            Map.entry("aks-spot1-12345678-vmss000000", 40L),
            Map.entry("aks-spot1-12345678-vmss000002", 40L),
            Map.entry("aks-spot1-12345678-vmss000003", 40L));
    assertDeliveredAgainChangesNothing(node);
  }

  /**
   * The same eviction on a plain spot scale set, whose capacity Azure lowers with the VM and
   * nothing restores: the preemption scan asks for one node (capacity 2 -> 3), and the later scans
   * see it as upcoming, not as a reason for another.
   */
  @Test
  void aPreemptionOnASpotScaleSetAsksForOneReplacementAndNoMore() {
    FakeArmWorld.ScaleSet spot = story.scaleSet("rg-nodes", "spot", 3, 1, 5).spot();
    story.selfManaged(Map.of());
    String node = "spot000001";

    Preemptions.Handled handled = preempt(spot, node);

    assertThat(handled.summary())
        .isEqualTo(
            "event 8945cf9b-e220-496e-ab4f-f3a239318995: spot VM 1 of rg-nodes/spot was"
                + " preempted: node spot000001 is tainted, cordoned and drained; scale-up spot +1"
                + " (2->3)");
    assertThat(capacityWrites("rg-nodes", "spot")).containsExactly(3);

    story.scanFor(Duration.ofMinutes(2), SCAN);

    assertThat(capacityWrites("rg-nodes", "spot")).as("no second node").containsExactly(3);
    assertThat(podsPerNode())
        .containsExactly(
            Map.entry("spot000000", 40L),
            Map.entry("spot000002", 40L),
            Map.entry("spot000003", 40L));
    assertDeliveredAgainChangesNothing(node);
  }

  /**
   * Three full spot nodes (120 pods); Azure evicts the VM behind {@code node}; a scheduled scan;
   * then the Event Grid event. Checks what the event's scan did to the node.
   */
  private Preemptions.Handled preempt(FakeArmWorld.ScaleSet spot, String node) {
    story.actors.scale("nginx", 120);
    story.tick(Duration.ofSeconds(60));
    story.scan();
    assertThat(story.runningPods()).isEqualTo(120);
    story.actors.preempt(spot, "1");
    story.tick(Duration.ofSeconds(30));
    var alone = (ScanReport.Completed) story.scan();
    assertThat(alone.plan().actions()).as("a NotReady node of no group").isEmpty();
    int evictionsBefore = evictions();

    Preemptions.Handled handled = story.deliver(preemptionOf(spot, "1"));

    assertThat(handled.disposition()).isEqualTo(Preemptions.Disposition.SCANNED);
    Node cleaned = story.cluster.admin().nodes().withName(node).get();
    assertThat(cleaned.getSpec().getUnschedulable()).isTrue();
    assertThat(cleaned.getSpec().getTaints())
        .contains(new Taint("NoSchedule", InterruptionPolicy.TAINT_KEY, null, "azure-preempted"));
    assertThat(evictions() - evictionsBefore).isEqualTo(40);
    return handled;
  }

  private void assertDeliveredAgainChangesNothing(String node) {
    assertThat(story.nodes()).extracting(n -> n.getMetadata().getName()).doesNotContain(node);
    int writes = story.writes(SCALING).size();
    int evictions = evictions();

    Preemptions.Handled again = story.deliver(lastEvent);

    assertThat(again.disposition()).isEqualTo(Preemptions.Disposition.SCANNED);
    assertThat(again.summary())
        .endsWith("was preempted; node " + node + " was handled already; nothing more to do");
    assertThat(story.writes(SCALING)).hasSize(writes);
    assertThat(evictions()).isEqualTo(evictions);
  }

  /**
   * A node whose kubelet stops reporting Ready, with scans paused and only the health check running
   * every minute: after --unhealthy-time (5m) its VM is restarted, after --repair-step-timeout
   * (10m) reimaged, after another 10m deleted and replaced (the capacity restored); the new VM's
   * node ends the repair.
   */
  @Test
  void aNotReadyNodeClimbsTheRepairLadderRestartReimageReplace() {
    FakeArmWorld.ScaleSet workers = story.scaleSet("rg-nodes", "workers", 3, 3, 5);
    story.selfManaged(Map.of());
    story.actors.scale("nginx", 10);
    story.tick(Duration.ofSeconds(60));
    story.actors.breakVm(workers, "1");
    Duration broken = story.sinceStart();

    List<String> requests = new ArrayList<>();
    int seen = 0;
    for (int minute = 1; minute <= 28; minute++) {
      story.tick(Duration.ofMinutes(1));
      story.healthCheck();
      List<FakeArm.Request> writes = story.writes("/virtualMachineScaleSets/workers");
      for (FakeArm.Request r : writes.subList(seen, writes.size())) {
        requests.add("+" + minute + "m " + r.method() + " " + tail(r) + " " + r.body());
      }
      seen = writes.size();
    }

    assertThat(broken).isEqualTo(Duration.ofSeconds(60));
    assertThat(requests)
        .containsExactly(
            "+6m POST workers/virtualMachines/1/restart ",
            "+16m POST workers/virtualMachines/1/reimage ",
            "+26m POST workers/delete {\"instanceIds\":[\"1\"]}",
            "+26m PATCH workers {\"sku\":{\"name\":\"Standard_D4s_v5\",\"capacity\":3}}");
    assertThat(story.nodes())
        .extracting(n -> n.getMetadata().getName())
        .containsExactlyInAnyOrder("workers000000", "workers000002", "workers000003");
    assertThat(story.nodes())
        .allSatisfy(
            n ->
                assertThat(n.getStatus().getConditions())
                    .anySatisfy(c -> assertThat(c.getStatus()).isEqualTo("True")));
    assertThat(story.logLines)
        .anySatisfy(
            l ->
                assertThat(l)
                    .contains("kind=health result=completed")
                    .contains("repairs=1")
                    .contains("DONE: restart workers000001 of workers"));

    var quiet = (ScanReport.Completed) story.scan();
    assertThat(quiet.cloud()).isEmpty();
  }

  private List<Integer> capacityWrites(String rg, String set) {
    return story
        .writes(
            "/resourceGroups/"
                + rg
                + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
                + set
                + "$")
        .stream()
        .map(r -> AzureStory.body(r).path("sku").path("capacity").asInt())
        .toList();
  }

  private List<String> deletedInstances(String rg, String set) {
    List<String> ids = new ArrayList<>();
    story
        .writes(
            "/resourceGroups/"
                + rg
                + "/providers/Microsoft.Compute/virtualMachineScaleSets/"
                + set
                + "/delete$")
        .forEach(r -> AzureStory.body(r).path("instanceIds").forEach(id -> ids.add(id.asText())));
    return ids;
  }

  private Map<String, Long> podsPerNode() {
    return story.pods().stream()
        .filter(p -> p.getSpec().getNodeName() != null)
        .collect(
            Collectors.groupingBy(
                p -> p.getSpec().getNodeName(), TreeMap::new, Collectors.counting()));
  }

  private int evictions() {
    return (int)
        story.cluster.calls().stream().filter(c -> c.subresource().equals("eviction")).count();
  }

  /** The path after {@code …/virtualMachineScaleSets/}. */
  private static String tail(FakeArm.Request r) {
    String marker = "/virtualMachineScaleSets/";
    return r.path().substring(r.path().indexOf(marker) + marker.length());
  }

  /** The Event Grid fixture, about VM {@code instanceId} of {@code set}, sent now. */
  private String preemptionOf(FakeArmWorld.ScaleSet set, String instanceId) {
    String now = story.clock.instant().toString();
    lastEvent =
        read("eventgrid/preempted-scale-set-vm.json")
            .replace("MC_rg-aks_prod_westeurope", set.resourceGroup)
            .replace("aks-spot1-12345678-vmss", set.name)
            .replace("virtualMachines/3", "virtualMachines/" + instanceId)
            .replace("2026-11-21T08:14:02.1873345Z", now);
    return lastEvent;
  }

  private static String read(String resource) {
    try (InputStream in = AzureEndToEndTest.class.getResourceAsStream("/" + resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
