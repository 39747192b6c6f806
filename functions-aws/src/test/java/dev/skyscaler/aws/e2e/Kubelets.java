package dev.skyscaler.aws.e2e;

import dev.skyscaler.aws.asg.AsgGateways;
import dev.skyscaler.aws.asg.AutoScalingGroup;
import dev.skyscaler.aws.asg.AutoScalingGroup.AsgInstance;
import dev.skyscaler.aws.asg.EksNodeAllocatable;
import dev.skyscaler.aws.asg.InstanceHardware;
import dev.skyscaler.aws.asg.ProviderIds;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.kubernetes.mock.Fixtures;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The machines' side of the cluster: for each instance of the watched Auto Scaling Groups (moto), a
 * kubelet that registers a Ready node {@link #bootDelay} after the instance is first seen, named
 * {@code <instance id>.ec2.internal}, with providerID {@code aws:///<zone>/<instance id>} and the
 * instance type's capacity (allocatable as the EKS AMI sets it, {@code maxPods} pods, as with
 * prefix delegation); and the cloud node controller, which deletes the node of an instance no
 * longer in its group, and the pods bound to it.
 */
final class Kubelets {
  private final KubernetesClient admin;
  private final AsgGateways gateways;
  private final List<String> groups;
  private final Duration bootDelay;
  private final int maxPods;
  private final Clock clock;
  private final Map<String, Instant> firstSeen = new HashMap<>();
  private final Set<String> everSeen = new HashSet<>();
  private final Map<String, String> names = new HashMap<>();
  private final List<String> podsGoneWithNodes = new ArrayList<>();

  Kubelets(
      KubernetesClient admin,
      AsgGateways gateways,
      List<String> groups,
      Duration bootDelay,
      int maxPods,
      Clock clock) {
    this.admin = admin;
    this.gateways = gateways;
    this.groups = groups;
    this.bootDelay = bootDelay;
    this.maxPods = maxPods;
    this.clock = clock;
  }

  /** Registers every instance's node now: the cluster as it was before the story starts. */
  void registerAllNow() {
    for (AsgInstance i : instances().values()) {
      firstSeen.putIfAbsent(i.instanceId(), Instant.MIN);
    }
    reconcile();
  }

  /** Deletes the nodes of gone instances, registers the nodes of booted ones. */
  void reconcile() {
    Map<String, AsgInstance> live = instances();
    Map<String, Node> nodes = new HashMap<>();
    for (Node n : admin.nodes().list().getItems()) {
      ProviderIds.instanceId(n.getSpec().getProviderID()).ifPresent(id -> nodes.put(id, n));
    }
    nodes.forEach(
        (id, node) -> {
          if (!live.containsKey(id)) {
            deleteWithPods(node.getMetadata().getName());
          }
        });
    Instant now = clock.instant();
    for (AsgInstance i : live.values()) {
      everSeen.add(i.instanceId());
      Instant seen = firstSeen.computeIfAbsent(i.instanceId(), k -> now);
      if (!nodes.containsKey(i.instanceId()) && !now.isBefore(seen.plus(bootDelay))) {
        admin.nodes().resource(node(i, now)).create();
      }
    }
  }

  /** Every instance the kubelets have seen, gone ones included. */
  Set<String> instancesEverSeen() {
    return Set.copyOf(everSeen);
  }

  /** The node of an instance, once registered. */
  String nodeName(String instanceId) {
    return names.get(instanceId);
  }

  /** The kubelet stops posting status: the node's Ready condition is False since {@code since}. */
  void notReady(String node, Instant since) {
    Fixtures.markNotReady(admin, node, since);
  }

  private void deleteWithPods(String node) {
    admin.pods().inAnyNamespace().list().getItems().stream()
        .filter(p -> node.equals(p.getSpec().getNodeName()))
        .forEach(
            p -> {
              podsGoneWithNodes.add(
                  p.getMetadata().getNamespace() + "/" + p.getMetadata().getName());
              admin.pods().resource(p).delete();
            });
    admin.nodes().withName(node).delete();
  }

  /** The pods still bound to a node when its instance went: lost, not drained. */
  List<String> podsGoneWithNodes() {
    return List.copyOf(podsGoneWithNodes);
  }

  private Map<String, AsgInstance> instances() {
    Map<String, AsgInstance> live = new TreeMap<>();
    for (AutoScalingGroup g : gateways.autoscaling().describeByNames(groups)) {
      for (AsgInstance i : g.instances()) {
        if (!i.leaving()) {
          live.put(i.instanceId(), i);
        }
      }
    }
    return live;
  }

  private Node node(AsgInstance i, Instant now) {
    InstanceHardware hw =
        gateways.ec2().instanceTypes(List.of(i.instanceType())).get(i.instanceType());
    Resources allocatable = EksNodeAllocatable.of(hw, EksNodeAllocatable.DEFAULT_ROOT_VOLUME_GIB);
    String name = "ip-10-0-1-" + (11 + names.size()) + ".ec2.internal";
    names.put(i.instanceId(), name);
    Map<String, String> labels = new TreeMap<>();
    labels.put("kubernetes.io/hostname", name);
    labels.put("kubernetes.io/os", "linux");
    labels.put("kubernetes.io/arch", "amd64");
    labels.put("node.kubernetes.io/instance-type", i.instanceType());
    labels.put("topology.kubernetes.io/zone", i.zone());
    labels.put("topology.kubernetes.io/region", i.zone().substring(0, i.zone().length() - 1));
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withCreationTimestamp(now.toString())
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withProviderID(ProviderIds.of(i.zone(), i.instanceId()))
        .endSpec()
        .withNewStatus()
        .withCapacity(
            Map.of(
                "cpu", new Quantity(Integer.toString(hw.vcpus())),
                "memory", new Quantity(hw.memoryMib() + "Mi"),
                "pods", new Quantity(Integer.toString(maxPods))))
        .withAllocatable(
            Map.of(
                "cpu", new Quantity(allocatable.cpu() + "m"),
                "memory", new Quantity(Long.toString(allocatable.memory())),
                "ephemeral-storage", new Quantity(Long.toString(allocatable.ephemeralStorage())),
                "pods", new Quantity(Integer.toString(maxPods))))
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .withLastTransitionTime(now.toString())
        .endCondition()
        .endStatus()
        .build();
  }
}
