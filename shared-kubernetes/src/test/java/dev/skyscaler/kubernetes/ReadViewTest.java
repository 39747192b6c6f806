package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

/**
 * The read view leaves out only what translation never reads: objects carrying every left-out field
 * (and every field translation does read) give the same core model through the view as through
 * fabric8's full serialization.
 */
class ReadViewTest {
  private static final KubernetesSerialization FULL = new KubernetesSerialization();

  static final String POD_SPEC =
      """
        nodeName: n1
        nodeSelector: {disk: ssd}
        schedulerName: default-scheduler
        priority: 1000
        priorityClassName: high
        preemptionPolicy: PreemptLowerPriority
        terminationGracePeriodSeconds: 45
        hostNetwork: false
        restartPolicy: Always
        overhead: {cpu: 10m}
        resources: {requests: {cpu: "1"}}
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions: [{key: zone, operator: In, values: [a, b]}]
          podAntiAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
            - topologyKey: kubernetes.io/hostname
              labelSelector: {matchLabels: {app: web}}
        tolerations: [{key: gpu, operator: Exists, effect: NoSchedule}]
        topologySpreadConstraints:
        - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule,
           labelSelector: {matchLabels: {app: web}}, minDomains: 2}
        securityContext: {runAsUser: 1000, sysctls: [{name: a, value: b}], seccompProfile: {type: RuntimeDefault}}
        dnsConfig: {nameservers: [1.1.1.1], options: [{name: ndots, value: "2"}]}
        hostAliases: [{ip: 10.0.0.1, hostnames: [a]}]
        imagePullSecrets: [{name: regcred}]
        readinessGates: [{conditionType: x}]
        resourceClaims: [{name: gpu, resourceClaimName: c}]
        os: {name: linux}
        ephemeralContainers: [{name: debug, image: busybox, env: [{name: A, value: b}]}]
        initContainers:
        - name: sidecar
          restartPolicy: Always
          resources: {requests: {cpu: 100m, memory: 64Mi}}
          env: [{name: TOKEN, valueFrom: {secretKeyRef: {name: s, key: k}}}]
        containers:
        - name: app
          image: nginx
          ports: [{containerPort: 80, hostPort: 8080, protocol: TCP}]
          resources: {requests: {cpu: 500m, memory: 1Gi, nvidia.com/gpu: "1"}, limits: {memory: 2Gi}}
          env: [{name: PASSWORD, value: hunter2}, {name: POD, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
          envFrom: [{configMapRef: {name: c}}, {secretRef: {name: s}}]
          livenessProbe: {httpGet: {path: /, port: 80, httpHeaders: [{name: a, value: b}]}}
          readinessProbe: {exec: {command: [true]}}
          startupProbe: {tcpSocket: {port: http}, grpc: {port: 9}}
          lifecycle: {preStop: {sleep: {seconds: 5}}, postStart: {exec: {command: [a]}}}
          securityContext: {capabilities: {add: [NET_ADMIN]}, seLinuxOptions: {level: s0}}
          volumeMounts: [{name: scratch, mountPath: /tmp}]
          volumeDevices: [{name: raw, devicePath: /dev/x}]
          resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]
        volumes:
        - {name: scratch, emptyDir: {medium: Memory, sizeLimit: 1Gi}}
        - {name: logs, hostPath: {path: /var/log, type: Directory}}
        - {name: data, persistentVolumeClaim: {claimName: data}}
        - {name: cfg, configMap: {name: c, items: [{key: a, path: b}]}}
        - {name: token, projected: {sources: [{serviceAccountToken: {path: t, expirationSeconds: 3600}}]}}
        - {name: eph, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}}}
        - {name: nfs, nfs: {server: s, path: /}}
      """;

  static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web-1
        namespace: shop
        uid: u-1
        labels: {app: web}
        annotations: {cluster-autoscaler.kubernetes.io/safe-to-evict: "false"}
        creationTimestamp: "2026-11-01T10:00:00Z"
        ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-abc, uid: rs-1, controller: true}]
        managedFields: [{manager: kubectl, operation: Apply, fieldsType: FieldsV1, fieldsV1: {f:metadata: {}}}]
      spec:
      %s
      status:
        phase: Pending
        hostIP: 10.0.0.5
        podIPs: [{ip: 10.1.0.5}]
        hostIPs: [{ip: 10.0.0.5}]
        nominatedNodeName: n2
        conditions: [{type: PodScheduled, status: "False", reason: Unschedulable, message: "0/3 nodes"}]
        containerStatuses:
        - name: app
          ready: false
          restartCount: 3
          image: nginx
          imageID: x
          state: {waiting: {reason: CrashLoopBackOff}}
          lastState: {terminated: {exitCode: 1, reason: Error}}
          allocatedResources: {cpu: 500m}
          resources: {requests: {cpu: 500m}}
          volumeMounts: [{name: scratch, mountPath: /tmp}]
          user: {linux: {uid: 1, gid: 1}}
        initContainerStatuses: [{name: sidecar, ready: true, restartCount: 0, image: a, imageID: b}]
      """
          .formatted(POD_SPEC);

  static final String NODE =
      """
      apiVersion: v1
      kind: Node
      metadata:
        name: n1
        uid: n-1
        labels: {topology.kubernetes.io/zone: eu-west-1a, node.kubernetes.io/instance-type: m5.large}
        annotations: {cluster-autoscaler.kubernetes.io/scale-down-disabled: "true"}
        creationTimestamp: "2026-11-01T09:00:00Z"
        managedFields: [{manager: kubelet, operation: Update}]
      spec:
        providerID: aws:///eu-west-1a/i-0123456789abcdef0
        unschedulable: true
        taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
      status:
        capacity: {cpu: "2", memory: 8Gi, pods: "29"}
        allocatable: {cpu: 1930m, memory: 7Gi, pods: "29", ephemeral-storage: 18Gi}
        conditions:
        - {type: Ready, status: "True", lastTransitionTime: "2026-11-01T09:01:00Z", reason: KubeletReady}
        addresses: [{type: InternalIP, address: 10.0.0.5}]
        images: [{names: [nginx], sizeBytes: 100}]
        nodeInfo: {architecture: amd64, osImage: x, kubeletVersion: v1.31.0, machineID: m,
                   systemUUID: s, bootID: b, kernelVersion: k, containerRuntimeVersion: c,
                   kubeProxyVersion: p, operatingSystem: linux}
        daemonEndpoints: {kubeletEndpoint: {Port: 10250}}
        volumesAttached: [{name: v, devicePath: /dev/x}]
        volumesInUse: [v]
        config: {active: {configMap: {name: c, namespace: kube-system, kubeletConfigKey: k}}}
        features: {supplementalGroupsPolicy: true}
        runtimeHandlers: [{name: runc, features: {recursiveReadOnlyMounts: true}}]
      """;

  static final String DAEMON_SET =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: agent, namespace: kube-system, uid: ds-1}
      spec:
        selector: {matchLabels: {app: agent}}
        template:
          metadata: {labels: {app: agent}}
          spec:
      %s
      """
          .formatted(POD_SPEC.indent(4));

  @Test
  void aPodWithEveryLeftOutFieldTranslatesAsThroughTheFullSerialization() {
    assertThat(ModelTranslator.toPod(tree(view(POD, Pod.class))))
        .isEqualTo(ModelTranslator.toPod(tree(FULL.unmarshal(POD, Pod.class))));
  }

  @Test
  void aNodeWithEveryLeftOutFieldTranslatesAsThroughTheFullSerialization() {
    assertThat(ModelTranslator.toNode(tree(view(NODE, Node.class))))
        .isEqualTo(ModelTranslator.toNode(tree(FULL.unmarshal(NODE, Node.class))));
  }

  @Test
  void aDaemonSetWithEveryLeftOutFieldTranslatesAsThroughTheFullSerialization() {
    assertThat(ModelTranslator.toDaemonSet(tree(view(DAEMON_SET, DaemonSet.class))))
        .isEqualTo(ModelTranslator.toDaemonSet(tree(FULL.unmarshal(DAEMON_SET, DaemonSet.class))));
  }

  @Test
  void theLeftOutFieldsAreNotBoundNorKeptAsUnknownProperties() {
    Pod pod = view(POD, Pod.class);
    var app = pod.getSpec().getContainers().get(0);

    assertThat(app.getEnv()).isEmpty();
    assertThat(app.getLivenessProbe()).isNull();
    assertThat(app.getAdditionalProperties()).isEmpty();
    assertThat(pod.getMetadata().getManagedFields()).isEmpty();
    assertThat(pod.getStatus().getContainerStatuses()).isEmpty();
    assertThat(pod.getSpec().getVolumes())
        .extracting(v -> v.getName() + ":" + (v.getConfigMap() == null))
        .containsExactly(
            "scratch:true",
            "logs:true",
            "data:true",
            "cfg:true",
            "token:true",
            "eph:true",
            "nfs:true");
    assertThat(pod.getSpec().getVolumes().get(3).getAdditionalProperties()).isEmpty();
    assertThat(view(NODE, Node.class).getStatus().getImages()).isEmpty();
  }

  @Test
  void whatTranslationReadsIsStillBound() {
    Pod pod = view(POD, Pod.class);
    var app = pod.getSpec().getContainers().get(0);

    assertThat(app.getPorts().get(0).getHostPort()).isEqualTo(8080);
    assertThat(app.getResources().getRequests()).containsKeys("cpu", "memory", "nvidia.com/gpu");
    assertThat(pod.getSpec().getVolumes().get(0).getEmptyDir().getMedium()).isEqualTo("Memory");
    assertThat(pod.getSpec().getVolumes().get(1).getHostPath().getPath()).isEqualTo("/var/log");
    assertThat(pod.getStatus().getConditions().get(0).getReason()).isEqualTo("Unschedulable");
    assertThat(pod.getMetadata().getOwnerReferences().get(0).getController()).isTrue();
  }

  private static com.fasterxml.jackson.databind.JsonNode tree(Object object) {
    return FULL.convertValue(object, com.fasterxml.jackson.databind.JsonNode.class);
  }

  private static <T> T view(String yaml, Class<T> type) {
    return ReadView.SERIALIZATION.unmarshal(yaml, type);
  }
}
