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
