package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rejection names the object, the field and what was expected, in one message. */
class TranslationErrorTest {
  private static final String POD =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, namespace: default}\n";
  private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n";

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "a malformed cpu request",
            pod("spec:\n  containers: [{name: a, resources: {requests: {cpu: 12x}}}]"),
            "Pod default/web-1: spec.containers[0].resources.requests.cpu: invalid quantity \"12x\":"
                + " expected a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an"
                + " exponent like 2e3)"),
        arguments(
            "a malformed limit that would default the request",
            pod(
                "spec:\n  containers: [{name: a}, {name: b, resources: {limits: {nvidia.com/gpu: one}}}]"),
            "Pod default/web-1: spec.containers[1].resources.limits[nvidia.com/gpu]: invalid quantity"
                + " \"one\": expected a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti,"
                + " or an exponent like 2e3)"),
        arguments(
            "a malformed host port of a second container's second port",
            pod(
                "spec:\n  containers: [{name: a}, {name: b, ports: [{containerPort: 80},"
                    + " {containerPort: 81, hostPort: eighty}]}]"),
            "Pod default/web-1: spec.containers[1].ports[1].hostPort: invalid value \"eighty\":"
                + " expected an integer"),
        arguments(
            "a sidecar's restart policy that is not a string",
            pod(
                "spec:\n  containers: [{name: a}]\n  initContainers: [{name: i, restartPolicy:"
                    + " {always: true}}]"),
            "Pod default/web-1: spec.initContainers[0].restartPolicy: expected a string, found an"
                + " object"),
        arguments(
            "a malformed memory limit of an init container",
            pod(
                "spec:\n  containers: [{name: a}]\n  initContainers: [{name: i}, {name: j,"
                    + " resources: {limits: {memory: lots}}}]"),
            "Pod default/web-1: spec.initContainers[1].resources.limits.memory: invalid quantity"
                + " \"lots\": expected a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi,"
                + " Ti, or an exponent like 2e3)"),
        arguments(
            "an owner reference whose controller flag is not a boolean",
            (Supplier<?>)
                () ->
                    ModelTranslator.toPod(
                        Manifests.fullPod(
                            "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, ownerReferences:"
                                + " [{kind: ReplicaSet, name: rs, uid: u1}, {kind: Job, name: j,"
                                + " uid: u2, controller: maybe}]}\nspec: {containers: [{name:"
                                + " a}]}")),
            "Pod default/web-1: metadata.ownerReferences[1].controller: invalid value \"maybe\":"
                + " expected true or false"),
        arguments(
            "an emptyDir medium that is a list",
            pod(
                "spec:\n  containers: [{name: a}]\n  volumes: [{name: v, emptyDir: {medium:"
                    + " [Memory]}}]"),
            "Pod default/web-1: spec.volumes[0].emptyDir.medium: expected a string, found a list"),
        arguments(
            "a pod condition whose reason is an object",
            pod(
                "spec:\n  containers: [{name: a}]\nstatus:\n  conditions: [{type: Ready, status:"
                    + " 'True'}, {type: PodScheduled, status: 'False', reason: {why: full}}]"),
            "Pod default/web-1: status.conditions[1].reason: expected a string, found an object"),
        arguments(
            "a toleration with an unknown effect, second in its list",
            pod(
                "spec:\n  containers: [{name: a}]\n  tolerations: [{key: a, operator: Exists},"
                    + " {key: b, effect: NoRun}]"),
            "Pod default/web-1: spec.tolerations[1].effect: invalid taint effect \"NoRun\": expected"
                + " NoSchedule, PreferNoSchedule or NoExecute"),
        arguments(
            "a negative overhead",
            pod("spec:\n  overhead: {memory: -1Gi}\n  containers: [{name: a}]"),
            "Pod default/web-1: spec.overhead.memory: invalid quantity \"-1Gi\": resource quantities"
                + " cannot be negative"),
        arguments(
            "an unknown toleration operator",
            pod("spec:\n  containers: [{name: a}]\n  tolerations: [{key: a, operator: In}]"),
            "Pod default/web-1: spec.tolerations[0].operator: invalid toleration operator \"In\":"
                + " expected Equal or Exists"),
        arguments(
            "an unknown toleration effect",
            pod(
                "spec:\n  containers: [{name: a}]\n  tolerations: [{operator: Exists, effect: NoRun}]"),
            "Pod default/web-1: spec.tolerations[0].effect: invalid taint effect \"NoRun\": expected"
                + " NoSchedule, PreferNoSchedule or NoExecute"),
        arguments(
            "an Equal toleration without a key",
            pod("spec:\n  containers: [{name: a}]\n  tolerations: [{value: x}]"),
            "Pod default/web-1: spec.tolerations[0]: a toleration with an empty key must use Exists"),
        arguments(
            "an unknown node affinity operator",
            pod(
                "spec:\n  containers: [{name: a}]\n  affinity: {nodeAffinity:"
                    + " {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms:"
                    + " [{matchExpressions: [{key: z, operator: Within, values: [a]}]}]}}}"),
            "Pod default/web-1: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                + ".nodeSelectorTerms[0].matchExpressions[0].operator: invalid node selector operator"
                + " \"Within\": expected In, NotIn, Exists, DoesNotExist, Gt or Lt"),
        arguments(
            "a spread constraint without whenUnsatisfiable",
            pod(
                "spec:\n  containers: [{name: a}]\n  topologySpreadConstraints: [{maxSkew: 1,"
                    + " topologyKey: zone}]"),
            "Pod default/web-1: spec.topologySpreadConstraints[0].whenUnsatisfiable: missing:"
                + " expected DoNotSchedule or ScheduleAnyway"),
        arguments(
            "a bad creation timestamp",
            (Supplier<?>)
                () ->
                    ModelTranslator.toPod(
                        Manifests.fullPod(
                            "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, creationTimestamp:"
                                + " yesterday}\nspec: {containers: [{name: a}]}")),
            "Pod default/web-1: metadata.creationTimestamp: invalid timestamp \"yesterday\": expected"
                + " RFC 3339, e.g. 2024-05-01T12:00:00Z"),
        arguments(
            "an impossible date written as the API server writes dates",
            (Supplier<?>)
                () ->
                    ModelTranslator.toPod(
                        Manifests.fullPod(
                            "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, creationTimestamp:"
                                + " '2024-02-30T00:00:00Z'}\nspec: {containers: [{name: a}]}")),
            "Pod default/web-1: metadata.creationTimestamp: invalid timestamp"
                + " \"2024-02-30T00:00:00Z\": expected RFC 3339, e.g. 2024-05-01T12:00:00Z"),
        arguments(
            "a pod without a name",
            (Supplier<?>)
                () ->
                    ModelTranslator.toPod(
                        Manifests.fullPod(
                            "apiVersion: v1\nkind: Pod\nspec: {containers: [{name: a}]}")),
            "Pod default/(no name): metadata.name: missing: expected a non-empty string"),
        arguments(
            "an invalid taint effect",
            node("spec:\n  taints: [{key: dedicated, value: gpu, effect: NoPods}]"),
            "Node n1: spec.taints[0].effect: invalid taint effect \"NoPods\": expected NoSchedule,"
                + " PreferNoSchedule or NoExecute"),
        arguments(
            "a taint without an effect",
            node("spec:\n  taints: [{key: dedicated}]"),
            "Node n1: spec.taints[0].effect: missing: expected NoSchedule, PreferNoSchedule or"
                + " NoExecute"),
        arguments(
            "a malformed allocatable",
            node("status:\n  capacity: {cpu: '4'}\n  allocatable: {memory: 16GB}"),
            "Node n1: status.allocatable.memory: invalid quantity \"16GB\": expected a number with an"
                + " optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an exponent like 2e3)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rejectsNamingObjectAndField(String what, Supplier<?> translation, String message) {
    assertThatThrownBy(translation::get).isInstanceOf(SnapshotException.class).hasMessage(message);
  }

  private static Supplier<?> pod(String rest) {
    return () -> ModelTranslator.toPod(Manifests.fullPod(POD + rest));
  }

  private static Supplier<?> node(String rest) {
    return () -> ModelTranslator.toNode(Manifests.node(NODE + rest));
  }
}
