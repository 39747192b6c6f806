package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.Resources;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Effective pod requests, rule by rule, as kube-scheduler's {@code PodRequests} computes them. */
class PodRequestsTest {
  private static final long MI = 1L << 20;
  private static final long GI = 1L << 30;

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "app containers are summed",
            """
            spec:
              containers:
              - {name: a, resources: {requests: {cpu: 100m, memory: 100Mi}}}
              - {name: b, resources: {requests: {cpu: 200m, memory: 50Mi}}}
            """,
            Resources.of(300, 150 * MI)),
        arguments(
            "an init container larger than the app containers sets the request (max rule)",
            """
            spec:
              initContainers:
              - {name: init, resources: {requests: {cpu: "1", memory: 10Mi}}}
              containers:
              - {name: a, resources: {requests: {cpu: 300m, memory: 150Mi}}}
            """,
            Resources.of(1000, 150 * MI)),
        arguments(
            "regular init containers run one at a time, so only the largest counts",
            """
            spec:
              initContainers:
              - {name: i1, resources: {requests: {cpu: 500m}}}
              - {name: i2, resources: {requests: {cpu: 400m, memory: 1Gi}}}
              containers:
              - {name: a, resources: {requests: {cpu: 100m, memory: 100Mi}}}
            """,
            Resources.of(500, GI)),
        arguments(
            "a sidecar init container is added to the app containers",
            """
            spec:
              initContainers:
              - {name: proxy, restartPolicy: Always, resources: {requests: {cpu: 100m, memory: 64Mi}}}
              containers:
              - {name: a, resources: {requests: {cpu: 200m, memory: 128Mi}}}
            """,
            Resources.of(300, 192 * MI)),
        arguments(
            "an init container after a sidecar needs its own request plus the sidecar's",
            """
            spec:
              initContainers:
              - {name: proxy, restartPolicy: Always, resources: {requests: {cpu: 100m}}}
              - {name: migrate, resources: {requests: {cpu: "1"}}}
              containers:
              - {name: a, resources: {requests: {cpu: 200m}}}
            """,
            Resources.of(1100, 0)),
        arguments(
            "an init container before a sidecar does not run alongside it",
            """
            spec:
              initContainers:
              - {name: migrate, resources: {requests: {cpu: "1"}}}
              - {name: proxy, restartPolicy: Always, resources: {requests: {cpu: 100m}}}
              containers:
              - {name: a, resources: {requests: {cpu: 200m}}}
            """,
            Resources.of(1000, 0)),
        arguments(
            "overhead is added on top of the containers",
            """
            spec:
              overhead: {cpu: 250m, memory: 120Mi}
              containers:
              - {name: a, resources: {requests: {cpu: 100m, memory: 100Mi}}}
            """,
            Resources.of(350, 220 * MI)),
        arguments(
            "a limit without a request becomes the request",
            """
            spec:
              containers:
              - {name: a, resources: {limits: {cpu: "2", memory: 1Gi}}}
            """,
            Resources.of(2000, GI)),
        arguments(
            "an explicit request wins over the limit",
            """
            spec:
              containers:
              - {name: a, resources: {requests: {cpu: 500m}, limits: {cpu: "2", memory: 1Gi}}}
            """,
            Resources.of(500, GI)),
        arguments(
            "a GPU limit becomes a GPU request (extended resources)",
            """
            spec:
              containers:
              - {name: a, resources: {limits: {nvidia.com/gpu: "2"}, requests: {cpu: "1"}}}
            """,
            new Resources(1000, 0, 0, 0, Map.of("nvidia.com/gpu", 2L))),
        arguments(
            "ephemeral storage is requested like memory",
            """
            spec:
              containers:
              - {name: a, resources: {requests: {ephemeral-storage: 2Gi}}}
            """,
            new Resources(0, 0, 2 * GI, 0, Map.of())),
        arguments(
            "pod-level requests replace the containers' cpu and memory",
            """
            spec:
              resources: {requests: {cpu: "2"}}
              containers:
              - {name: a, resources: {requests: {cpu: 500m, memory: 1Gi}}}
            """,
            Resources.of(2000, GI)),
        arguments(
            "a pod-level limit stands in for absent requests",
            """
            spec:
              resources: {limits: {memory: 4Gi}}
              containers:
              - {name: a, resources: {requests: {cpu: 500m}}}
            """,
            Resources.of(500, 4 * GI)),
        arguments(
            "a pod without requests asks only for its pod slot",
            """
            spec:
              containers:
              - {name: a}
            """,
            Resources.ZERO));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void effectiveRequestsFollowKubeScheduler(String rule, String yaml, Resources expected) {
    assertThat(ModelTranslator.toPod(Manifests.pod(yaml)).requests())
        .isEqualTo(expected.withPods(1));
  }
}
