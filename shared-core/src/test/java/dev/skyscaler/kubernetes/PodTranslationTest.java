package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.HostPort;
import dev.skyscaler.core.model.LabelSelector;
import dev.skyscaler.core.model.NodeSelectorTerm;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodAffinityTerm;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import dev.skyscaler.core.model.TopologySpreadConstraint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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
  }

  @Test
  void missingPriorityNamespaceAndCreationTimeTakeTheKubernetesDefaults() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.fullPod("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n" + ONE_CONTAINER));
    assertThat(pod.namespace()).isEqualTo("default");
    assertThat(pod.priority()).isZero();
    assertThat(pod.schedulerName()).isEqualTo("default-scheduler");
    assertThat(pod.creationTime()).isEqualTo(Instant.EPOCH);
    assertThat(pod.owner()).isEmpty();
    assertThat(pod.nodeName()).isEmpty();
  }

  @Test
  void requiredNodeAffinityKeepsMatchExpressionsAndMatchFields() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions:
                          - {key: topology.kubernetes.io/zone, operator: In, values: [a, b]}
                          - {key: cores, operator: Gt, values: ["4"]}
                        - matchFields:
                          - {key: metadata.name, operator: NotIn, values: [n1]}
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 1
                        preference:
                          matchExpressions: [{key: x, operator: Exists}]
                """));
    assertThat(pod.requiredNodeAffinity())
        .containsExactly(
            new NodeSelectorTerm(
                List.of(
                    new NodeSelectorTerm.Requirement(
                        "topology.kubernetes.io/zone",
                        NodeSelectorTerm.Operator.IN,
                        List.of("a", "b")),
                    new NodeSelectorTerm.Requirement(
                        "cores", NodeSelectorTerm.Operator.GT, List.of("4"))),
                List.of()),
            new NodeSelectorTerm(
                List.of(),
                List.of(
                    new NodeSelectorTerm.Requirement(
                        "metadata.name", NodeSelectorTerm.Operator.NOT_IN, List.of("n1")))));
  }

  static Stream<Arguments> namespaceSelectors() {
    return Stream.of(
        arguments(
            "without a namespace selector only the listed namespaces count",
            "namespaces: [a, b]",
            Set.of("a", "b"),
            false),
        arguments(
            "an empty namespace selector selects every namespace",
            "namespaceSelector: {}",
            Set.of(),
            true),
        arguments(
            "a non-empty namespace selector is read as every namespace",
            "namespaceSelector: {matchLabels: {team: x}}",
            Set.of(),
            true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("namespaceSelectors")
  void podAffinityNamespaces(String rule, String field, Set<String> namespaces, boolean all) {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - topologyKey: kubernetes.io/hostname
                        labelSelector: {matchLabels: {app: db}}
                        %s
                """
                    .formatted(field)));
    assertThat(pod.antiAffinity())
        .containsExactly(
            new PodAffinityTerm(
                LabelSelector.of(Map.of("app", "db")), namespaces, all, "kubernetes.io/hostname"));
    assertThat(pod.affinity()).isEmpty();
  }

  @Test
  void anAffinityTermWithoutLabelSelectorSelectsNothing() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  affinity:
                    podAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - topologyKey: topology.kubernetes.io/zone
                """));
    assertThat(pod.affinity())
        .singleElement()
        .extracting(PodAffinityTerm::selector)
        .isEqualTo(LabelSelector.NOTHING);
  }

  static Stream<Arguments> tolerations() {
    return Stream.of(
        arguments(
            "a toleration without operator uses Equal and matches every effect",
            "{key: dedicated, value: gpu}",
            new Toleration("dedicated", Toleration.Operator.EQUAL, "gpu", null)),
        arguments(
            "Exists without a key tolerates everything",
            "{operator: Exists}",
            new Toleration("", Toleration.Operator.EXISTS, "", null)),
        arguments(
            "an effect narrows the toleration to that effect",
            "{key: spot, operator: Exists, effect: NoSchedule, tolerationSeconds: 30}",
            new Toleration("spot", Toleration.Operator.EXISTS, "", TaintEffect.NO_SCHEDULE)),
        arguments(
            "an empty effect matches every effect",
            "{key: a, operator: Equal, value: b, effect: ''}",
            new Toleration("a", Toleration.Operator.EQUAL, "b", null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tolerations")
  void tolerationDefaults(String rule, String toleration, Toleration expected) {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                "spec:\n  containers: [{name: a}]\n  tolerations: [" + toleration + "]\n"));
    assertThat(pod.tolerations()).containsExactly(expected);
  }

  @Test
  void matchLabelKeysAddThePodsOwnValuesToTheSpreadSelector() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.fullPod(
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web-1
                  labels: {app: web, pod-template-hash: abc}
                spec:
                  containers: [{name: a}]
                  topologySpreadConstraints:
                  - maxSkew: 1
                    topologyKey: topology.kubernetes.io/zone
                    whenUnsatisfiable: DoNotSchedule
                    labelSelector: {matchLabels: {app: web}}
                    matchLabelKeys: [pod-template-hash, not-on-the-pod]
                """));
    assertThat(pod.topologySpread())
        .singleElement()
        .extracting(TopologySpreadConstraint::selector)
        .isEqualTo(LabelSelector.of(Map.of("app", "web", "pod-template-hash", "abc")));
  }

  @Test
  void topologySpreadTakesTheKubernetesDefaults() {
    Pod pod =
        ModelTranslator.toPod(
            Manifests.pod(
                """
                spec:
                  containers: [{name: a}]
                  topologySpreadConstraints:
                  - maxSkew: 2
                    topologyKey: kubernetes.io/hostname
                    whenUnsatisfiable: ScheduleAnyway
                    labelSelector:
                      matchExpressions: [{key: app, operator: In, values: [web]}]
                  - maxSkew: 1
                    topologyKey: topology.kubernetes.io/zone
                    whenUnsatisfiable: DoNotSchedule
                    minDomains: 3
                    nodeAffinityPolicy: Ignore
                    nodeTaintsPolicy: Honor
                    labelSelector: {matchLabels: {app: web}}
                """));
    LabelSelector inWeb =
        new LabelSelector(
            Map.of(),
            List.of(
                new LabelSelector.Requirement("app", LabelSelector.Operator.IN, Set.of("web"))));
    assertThat(pod.topologySpread())
        .containsExactly(
            new TopologySpreadConstraint(2, "kubernetes.io/hostname", false, inWeb, 1, true, false),
            new TopologySpreadConstraint(
                1,
                "topology.kubernetes.io/zone",
                true,
                LabelSelector.of(Map.of("app", "web")),
                3,
                false,
                true));
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
