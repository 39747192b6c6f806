package dev.skyscaler.benchmarks;

import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.NodeGroup;
import dev.skyscaler.core.model.NodeTemplate;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/** The Kubernetes objects every scenario is made of, drawn from one seeded {@link Random}. */
final class SyntheticObjects {
  static final String INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type";
  static final String REGION_LABEL = "topology.kubernetes.io/region";
  static final String REGION = "eu-west-1";
  static final String APP_LABEL = "app";

  /** Pending pods were created a minute before the scan, older than any scale-up delay. */
  private static final Instant POD_CREATED = ClusterGenerator.NOW.minus(Duration.ofMinutes(1));

  private static final Instant NODE_CREATED = ClusterGenerator.NOW.minus(Duration.ofDays(3));

  private final Random random;

  SyntheticObjects(Random random) {
    this.random = random;
  }

  Random random() {
    return random;
  }

  String uid() {
    return new UUID(random.nextLong(), random.nextLong()).toString();
  }

  /** A ReplicaSet named like a Deployment's: {@code <deployment>-<hash>}. */
  Workload replicaSet(String namespace, String deployment) {
    String hash = Integer.toHexString(0x1000000 | random.nextInt(0x1000000)).substring(1, 7);
    OwnerReference owner = new OwnerReference("ReplicaSet", deployment + "-" + hash, uid());
    return new Workload(namespace, owner, Map.of(APP_LABEL, deployment, "pod-template-hash", hash));
  }

  /** A pod of {@code workload} the scheduler could not place ({@code PodScheduled=False}). */
  Pod.Builder pendingPod(Workload workload, int index, Resources requests) {
    return Pod.builder(workload.namespace(), workload.podName(index))
        .uid(uid())
        .labels(workload.labels())
        .owner(workload.owner())
        .phase(PodPhase.PENDING)
        .unschedulable(true)
        .requests(requests)
        .creationTime(POD_CREATED);
  }

  /** A pod of {@code workload} running on {@code node}. */
  Pod runningPod(Workload workload, int index, Resources requests, String node) {
    return Pod.builder(workload.namespace(), workload.podName(index))
        .uid(uid())
        .labels(workload.labels())
        .owner(workload.owner())
        .nodeName(node)
        .phase(PodPhase.RUNNING)
        .requests(requests)
        .creationTime(NODE_CREATED)
        .build();
  }

  static NodeTemplate template(NodeShape shape, String zone, List<Taint> taints) {
    return new NodeTemplate(shape.capacity(), nodeLabels(shape, zone), taints);
  }

  static NodeGroup templateGroup(String name, NodeTemplate template, NodeShape shape, int max) {
    return new NodeGroup(
        name, 0, max, 0, Set.of(), Optional.of(template), OptionalDouble.of(shape.pricePerHour()));
  }

  /** A registered, ready node of {@code shape} in {@code zone}, with an AWS provider ID. */
  Node node(String name, NodeShape shape, String zone) {
    Map<String, String> labels = new HashMap<>(nodeLabels(shape, zone));
    labels.put(Node.HOSTNAME_LABEL, name);
    String instanceId = "i-0" + Long.toHexString(random.nextLong() >>> 8);
    return new Node(
        name,
        labels,
        Map.of(),
        List.of(),
        shape.capacity(),
        shape.allocatable(),
        false,
        true,
        "aws:///" + zone + "/" + instanceId,
        NODE_CREATED,
        List.of());
  }

  private static Map<String, String> nodeLabels(NodeShape shape, String zone) {
    return Map.of(
        Node.ZONE_LABEL,
        zone,
        REGION_LABEL,
        REGION,
        INSTANCE_TYPE_LABEL,
        shape.instanceType(),
        "kubernetes.io/os",
        "linux",
        "kubernetes.io/arch",
        "amd64");
  }

  /** The controller of a set of identical pods: where they live, who owns them, their labels. */
  record Workload(String namespace, OwnerReference owner, Map<String, String> labels) {
    String app() {
      return labels.get(APP_LABEL);
    }

    String podName(int index) {
      return owner.name() + "-" + index;
    }
  }
}
