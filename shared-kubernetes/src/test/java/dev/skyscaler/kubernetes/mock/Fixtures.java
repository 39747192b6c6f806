package dev.skyscaler.kubernetes.mock;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** fabric8 objects as a real cluster would hold them, for arranging mock clusters. */
public final class Fixtures {
  public static final String CREATED = "2025-01-31T10:00:00Z";

  private Fixtures() {}

  /**
   * The kubelet of {@code node} stops posting status: its Ready condition is False (reason {@code
   * KubeletNotReady}) since {@code since}, written through {@code admin}.
   */
  public static void markNotReady(KubernetesClient admin, String node, Instant since) {
    Node n = admin.nodes().withName(node).get();
    n.getStatus().getConditions().stream()
        .filter(c -> c.getType().equals("Ready"))
        .forEach(
            c -> {
              c.setStatus("False");
              c.setReason("KubeletNotReady");
              c.setLastTransitionTime(since.toString());
            });
    admin.nodes().resource(n).update();
  }

  /** A ready node with 4 CPUs, 16Gi and 110 pods, and the given taints. */
  public static Node node(String name, Taint... taints) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withCreationTimestamp(CREATED)
        .addToLabels("kubernetes.io/hostname", name)
        .addToLabels("topology.kubernetes.io/zone", "eu-west-1a")
        .endMetadata()
        .withNewSpec()
        .withProviderID("aws:///eu-west-1a/i-" + name)
        .withTaints(List.of(taints))
        .endSpec()
        .withNewStatus()
        .withCapacity(
            Map.of(
                "cpu", new Quantity("4"),
                "memory", new Quantity("16Gi"),
                "pods", new Quantity("110")))
        .withAllocatable(
            Map.of(
                "cpu", new Quantity("3920m"),
                "memory", new Quantity("15Gi"),
                "pods", new Quantity("110")))
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withLastTransitionTime(CREATED)
        .endCondition()
        .endStatus()
        .build();
  }

  /**
   * Two full nodes, {@code n1} and {@code n2}, of 110 running pods each, and {@code pending} pods
   * of the same kind that need a third node.
   */
  public static void twoFullNodesAnd(KubernetesClient admin, int pending) {
    for (String n : List.of("n1", "n2")) {
      admin.nodes().resource(node(n)).create();
      for (int i = 0; i < 110; i++) {
        admin
            .pods()
            .inNamespace("default")
            .resource(pod("default", n + "-" + i, n, "web"))
            .create();
      }
    }
    for (int i = 0; i < pending; i++) {
      admin
          .pods()
          .inNamespace("default")
          .resource(pod("default", "new-" + i, null, "web"))
          .create();
    }
  }

  /**
   * A pending pod of ReplicaSet {@code web} in {@code default} requesting {@code cpu} and {@code
   * memory}: what a scale-up test asks room for.
   */
  public static Pod pendingPod(String name, String cpu, String memory) {
    Pod p = pod("default", name, null, "web");
    p.getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory)));
    return p;
  }

  /** A running pod of ReplicaSet {@code owner} on {@code node} (pending when node is null). */
  public static Pod pod(String namespace, String name, String node, String owner) {
    PodBuilder b =
        new PodBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .withUid("uid-" + namespace + "-" + name)
            .withCreationTimestamp(CREATED)
            .addToLabels("app", owner)
            .addNewOwnerReference()
            .withApiVersion("apps/v1")
            .withKind("ReplicaSet")
            .withName(owner)
            .withUid("uid-rs-" + owner)
            .withController(true)
            .endOwnerReference()
            .endMetadata()
            .withNewSpec()
            .withNodeName(node)
            .withTerminationGracePeriodSeconds(30L)
            .addNewContainer()
            .withName("app")
            .withImage("registry.example/app:1")
            .withNewResources()
            .withRequests(Map.of("cpu", new Quantity("100m"), "memory", new Quantity("128Mi")))
            .endResources()
            .endContainer()
            .endSpec();
    if (node == null) {
      return b.withNewStatus()
          .withPhase("Pending")
          .addNewCondition()
          .withType("PodScheduled")
          .withStatus("False")
          .withReason("Unschedulable")
          .endCondition()
          .endStatus()
          .build();
    }
    return b.withNewStatus().withPhase("Running").endStatus().build();
  }

  public static Taint taint(String key, String value, String effect) {
    return new Taint(effect, key, null, value);
  }
}
