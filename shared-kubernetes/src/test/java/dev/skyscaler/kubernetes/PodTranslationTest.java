package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Pod identity, owner, status, times, host ports and local storage. */
class PodTranslationTest {
  private static final String ONE_CONTAINER = "spec:\n  containers: [{name: a}]\n";

  static Stream<Arguments> scheduledConditions() {
    return Stream.of(
        arguments(
            "PodScheduled False with reason Unschedulable is unschedulable",
            "status: {phase: Pending, conditions: [{type: PodScheduled, status: 'False', reason: Unschedulable}]}",
            true),
        arguments(
            "a pod held by a scheduling gate is not unschedulable",
            "status: {phase: Pending, conditions: [{type: PodScheduled, status: 'False', reason: SchedulingGated}]}",
            false),
        arguments(
            "a scheduled pod is not unschedulable",
            "status: {phase: Running, conditions: [{type: PodScheduled, status: 'True'}]}",
            false),
        arguments(
            "a pod the scheduler has not seen yet is not unschedulable",
            "status: {phase: Pending}",
            false),
        arguments("a pod without status is not unschedulable", "", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scheduledConditions")
  void unschedulableComesFromThePodScheduledCondition(
      String rule, String status, boolean expected) {
    assertThat(ModelTranslator.toPod(Manifests.pod(ONE_CONTAINER + status)).unschedulable())
        .isEqualTo(expected);
  }

  @Test
  void identityOwnerStatusAndTimesAreCopied() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.fullPod(
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web-1
                  namespace: shop
                  uid: u-1
                  labels: {app: web}
                  annotations: {cluster-autoscaler.kubernetes.io/safe-to-evict: "false"}
                  creationTimestamp: "2024-05-01T11:00:00Z"
                  deletionTimestamp: "2024-05-01T12:00:00+02:00"
                  ownerReferences:
                  - {apiVersion: v1, kind: ConfigMap, name: not-the-controller, uid: x}
                  - {apiVersion: apps/v1, kind: ReplicaSet, name: web-abc, uid: rs-1, controller: true}
                spec:
                  containers: [{name: a}]
                  schedulerName: batch-scheduler
                  nodeSelector: {disktype: ssd}
                  terminationGracePeriodSeconds: 90
                status:
                  phase: Pending
                  nominatedNodeName: n7
                """));
    assertThat(pod.key()).isEqualTo("shop/web-1");
    assertThat(pod.uid()).isEqualTo("u-1");
    assertThat(pod.labels()).containsExactly(Map.entry("app", "web"));
    assertThat(pod.annotations())
        .containsEntry("cluster-autoscaler.kubernetes.io/safe-to-evict", "false");
    assertThat(pod.owner()).contains(new OwnerReference("ReplicaSet", "web-abc", "rs-1"));
    assertThat(pod.phase()).isEqualTo(PodPhase.PENDING);
    assertThat(pod.nominatedNodeName()).contains("n7");
    assertThat(pod.schedulerName()).isEqualTo("batch-scheduler");
    assertThat(pod.nodeSelector()).containsExactly(Map.entry("disktype", "ssd"));
    assertThat(pod.creationTime()).isEqualTo(Instant.parse("2024-05-01T11:00:00Z"));
    assertThat(pod.deletionTime()).contains(Instant.parse("2024-05-01T10:00:00Z"));
    assertThat(pod.terminationGracePeriodSeconds()).isEqualTo(90);
  }

  @Test
  void missingPriorityNamespaceAndCreationTimeTakeTheKubernetesDefaults() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.fullPod("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n" + ONE_CONTAINER));
    assertThat(pod.namespace()).isEqualTo("default");
    assertThat(pod.priority()).isZero();
    assertThat(pod.terminationGracePeriodSeconds()).isEqualTo(30);
    assertThat(pod.schedulerName()).isEqualTo("default-scheduler");
    assertThat(pod.creationTime()).isEqualTo(Instant.EPOCH);
    assertThat(pod.owner()).isEmpty();
    assertThat(pod.nodeName()).isEmpty();
  }

  @Test
  void localStorageVolumesAreDiskEmptyDirsAndHostPaths() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  volumes:
                  - {name: scratch, emptyDir: {}}
                  - {name: tmpfs, emptyDir: {medium: Memory}}
                  - {name: logs, hostPath: {path: /var/log}}
                  - {name: config, configMap: {name: app}}
                  - {name: data, persistentVolumeClaim: {claimName: data}}
                  - {name: sized, emptyDir: {sizeLimit: 1Gi}}
                """));
    assertThat(pod.localStorageVolumes()).containsExactly("scratch", "logs", "sized");
  }

  @Test
  void hostPortsComeFromAppAndSidecarContainersOnly() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  initContainers:
                  - {name: setup, ports: [{containerPort: 9000, hostPort: 9000}]}
                  - name: proxy
                    restartPolicy: Always
                    ports: [{containerPort: 15090, hostPort: 15090, protocol: UDP, hostIP: 10.0.0.1}]
                  containers:
                  - name: a
                    ports:
                    - {containerPort: 80, hostPort: 8080}
                    - {containerPort: 81}
                    - {containerPort: 82, hostPort: 0}
                """));
    assertThat(pod.hostPorts())
        .containsExactly(
            new HostPort("TCP", "0.0.0.0", 8080), new HostPort("UDP", "10.0.0.1", 15090));
  }
}
