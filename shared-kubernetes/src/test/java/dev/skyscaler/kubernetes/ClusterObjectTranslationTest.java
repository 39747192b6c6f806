package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.DaemonSet;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.PodDisruptionBudget;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Nodes, PodDisruptionBudgets and DaemonSets. */
class ClusterObjectTranslationTest {
  private static final long GI = 1L << 30;

  static Stream<Arguments> readiness() {
    return Stream.of(
        arguments(
            "a node whose Ready condition is True is ready",
            "[{type: MemoryPressure, status: 'False'}, {type: Ready, status: 'True'}]",
            true),
        arguments(
            "a node whose Ready condition is False is not ready",
            "[{type: Ready, status: 'False', reason: KubeletNotReady}]",
            false),
        arguments(
            "a node whose Ready condition is Unknown is not ready",
            "[{type: Ready, status: Unknown, reason: NodeStatusUnknown}]",
            false),
        arguments("a node without conditions is not ready", "[]", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readiness")
  void nodeReadinessComesFromTheReadyCondition(String rule, String conditions, boolean ready) {
    Node node =
        ModelTranslator.toNode(
            Manifests.node(
                "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus:\n  conditions: "
                    + conditions
                    + "\n"));
    assertThat(node.ready()).isEqualTo(ready);
  }

  static Stream<Arguments> allocatable() {
    return Stream.of(
        arguments(
            "allocatable is used when the node reports it",
            "capacity: {cpu: '4', memory: 16Gi, pods: '110'}\n  allocatable: {cpu: 3920m, memory: 15Gi, pods: '110'}",
            new Resources(3920, 15 * GI, 0, 110, Map.of())),
        arguments(
            "a node without allocatable offers its capacity",
            "capacity: {cpu: '4', memory: 16Gi, pods: '110', nvidia.com/gpu: '1'}",
            new Resources(4000, 16 * GI, 0, 110, Map.of("nvidia.com/gpu", 1L))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allocatable")
  void allocatableFallsBackToCapacity(String rule, String status, Resources expected) {
    Node node =
        ModelTranslator.toNode(
            Manifests.node(
                "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus:\n  " + status));
    assertThat(node.allocatable()).isEqualTo(expected);
  }

  @Test
  void nodeKeepsLabelsTaintsCordonProviderAndCreationTime() {
    Node node =
        ModelTranslator.toNode(
            Manifests.node(
                """
                apiVersion: v1
                kind: Node
                metadata:
                  name: ip-10-0-2-20
                  labels: {topology.kubernetes.io/zone: eu-west-1b}
                  annotations: {cluster-autoscaler.kubernetes.io/scale-down-disabled: "true"}
                  creationTimestamp: "2024-05-01T11:30:00Z"
                spec:
                  providerID: aws:///eu-west-1b/i-0002
                  unschedulable: true
                  taints:
                  - {key: nvidia.com/gpu, value: "true", effect: NoSchedule}
                  - {key: node.kubernetes.io/unschedulable, effect: NoSchedule, timeAdded: "2024-05-01T11:40:00Z"}
                status:
                  capacity: {cpu: "4", memory: 16Gi, nvidia.com/gpu: "1", pods: "58"}
                """));
    assertThat(node.name()).isEqualTo("ip-10-0-2-20");
    assertThat(node.labels()).containsEntry("topology.kubernetes.io/zone", "eu-west-1b");
    assertThat(node.annotations())
        .containsEntry("cluster-autoscaler.kubernetes.io/scale-down-disabled", "true");
    assertThat(node.taints())
        .containsExactly(
            new Taint("nvidia.com/gpu", "true", TaintEffect.NO_SCHEDULE),
            new Taint("node.kubernetes.io/unschedulable", "", TaintEffect.NO_SCHEDULE));
    assertThat(node.unschedulable()).isTrue();
    assertThat(node.providerId()).isEqualTo("aws:///eu-west-1b/i-0002");
    assertThat(node.capacity().gpus()).isEqualTo(1);
    assertThat(node.creationTime()).isEqualTo(Instant.parse("2024-05-01T11:30:00Z"));
  }

  @Test
  void pdbKeepsItsSelectorAndObservedDisruptionsAllowed() {
    PodDisruptionBudget pdb =
        ModelTranslator.toPdb(
            Manifests.pdb(
                """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: web, namespace: shop}
                spec:
                  maxUnavailable: 1
                  selector: {matchLabels: {app: web}}
                status: {disruptionsAllowed: 2, currentHealthy: 3, desiredHealthy: 2, expectedPods: 3}
                """));
    assertThat(pdb)
        .isEqualTo(
            new PodDisruptionBudget("shop", "web", LabelSelector.of(Map.of("app", "web")), 2));
  }

  @Test
  void pdbWithoutStatusAllowsNoDisruptionAndWithoutSelectorGuardsNothing() {
    PodDisruptionBudget pdb =
        ModelTranslator.toPdb(
            Manifests.pdb(
                "apiVersion: policy/v1\nkind: PodDisruptionBudget\n"
                    + "metadata: {name: all, namespace: shop}\nspec: {minAvailable: 1}\n"));
    assertThat(pdb.disruptionsAllowed()).isZero();
    assertThat(pdb.selector()).isEqualTo(LabelSelector.NOTHING);
  }

  @Test
  void daemonSetTemplateIsAPodOwnedByTheDaemonSetWithTheControllersTolerations() {
    DaemonSet ds =
        ModelTranslator.toDaemonSet(
            Manifests.daemonSet(
                """
                apiVersion: apps/v1
                kind: DaemonSet
                metadata: {name: node-exporter, namespace: monitoring, uid: ds-1}
                spec:
                  selector: {matchLabels: {app: node-exporter}}
                  template:
                    metadata:
                      labels: {app: node-exporter}
                    spec:
                      hostNetwork: true
                      nodeSelector: {kubernetes.io/os: linux}
                      initContainers:
                      - {name: init, resources: {requests: {cpu: 200m}}}
                      containers:
                      - name: exporter
                        resources: {requests: {cpu: 100m}, limits: {memory: 64Mi}}
                        ports: [{containerPort: 9100, hostPort: 9100}]
                      tolerations:
                      - {key: node.kubernetes.io/unschedulable, operator: Exists, effect: NoSchedule}
                """));
    assertThat(ds.namespace()).isEqualTo("monitoring");
    assertThat(ds.name()).isEqualTo("node-exporter");
    var pod = ds.podTemplate();
    assertThat(pod.key()).isEqualTo("monitoring/node-exporter");
    assertThat(pod.isDaemonSetPod()).isTrue();
    assertThat(pod.owner()).contains(new OwnerReference("DaemonSet", "node-exporter", "ds-1"));
    assertThat(pod.labels()).containsExactly(Map.entry("app", "node-exporter"));
    assertThat(pod.nodeSelector()).containsExactly(Map.entry("kubernetes.io/os", "linux"));
    assertThat(pod.requests()).isEqualTo(new Resources(200, 64L << 20, 0, 1, Map.of()));
    assertThat(pod.hostPorts()).hasSize(1);
    assertThat(pod.tolerations())
        .extracting(Toleration::key)
        .containsExactlyInAnyOrder(
            "node.kubernetes.io/not-ready",
            "node.kubernetes.io/unreachable",
            "node.kubernetes.io/disk-pressure",
            "node.kubernetes.io/memory-pressure",
            "node.kubernetes.io/pid-pressure",
            "node.kubernetes.io/unschedulable",
            "node.kubernetes.io/network-unavailable");
  }
}
