package dev.skyscaler.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.CapacityBuffer.Readiness;
import dev.skyscaler.core.model.CapacityBuffer.ScalableRef;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CapacityBuffers in snapshot files, as {@code kubectl get capacitybuffers -A -o yaml} dumps them.
 */
class CapacityBufferTranslationTest {
  /** Two PodTemplates: the user's chunk, and one a buffer controller generated. */
  private static final String TEMPLATES =
      """
      - apiVersion: v1
        kind: PodTemplate
        metadata: {name: web-chunk, namespace: team-a}
        template:
          metadata: {labels: {app: web}}
          spec:
            priorityClassName: low
            priority: -5
            containers:
            - name: pause
              resources: {requests: {cpu: 500m, memory: 1Gi}}
      - apiVersion: v1
        kind: PodTemplate
        metadata: {name: generated-web, namespace: team-a}
        template:
          spec:
            containers:
            - name: web
              resources: {requests: {cpu: "2", memory: 4Gi}}
      """;

  @TempDir Path dir;

  private List<CapacityBuffer> read(String buffers) throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("snapshot.yaml"),
            "apiVersion: v1\nkind: List\nitems:\n" + TEMPLATES + buffers);
    KubernetesSnapshot snapshot = SnapshotFiles.read(List.of(file));
    assertThat(snapshot.warnings()).isEmpty();
    return snapshot.capacityBuffers();
  }

  @Test
  void aBufferWithAPodTemplateRefIsReadWithItsTemplate() throws IOException {
    CapacityBuffer b =
        read("""
                - apiVersion: autoscaling.x-k8s.io/v1beta1
                  kind: CapacityBuffer
                  metadata: {name: web-spare, namespace: team-a, uid: 7f0c}
                  spec:
                    podTemplateRef: {name: web-chunk}
                    replicas: 3
                    limits: {cpu: "10", memory: 2Gi}
                """)
            .get(0);

    assertThat(b.key()).isEqualTo("team-a/web-spare");
    assertThat(b.uid()).isEqualTo("7f0c");
    assertThat(b.provisioningStrategy()).isEqualTo(CapacityBuffer.ACTIVE_CAPACITY);
    assertThat(b.podTemplateRef()).contains("web-chunk");
    assertThat(b.scalableRef()).isEmpty();
    assertThat(b.replicas()).isEqualTo(OptionalInt.of(3));
    assertThat(b.percentage()).isEmpty();
    assertThat(b.limits()).contains(new Resources(10_000, 2L << 30, 0, 0, Map.of()));
    assertThat(b.status()).isEmpty();
    assertThat(b.resolvedByController()).isFalse();
    assertThat(b.podTemplate())
        .hasValueSatisfying(
            p -> {
              assertThat(p.requests().cpu()).isEqualTo(500);
              assertThat(p.requests().memory()).isEqualTo(1L << 30);
              assertThat(p.labels()).containsEntry("app", "web");
              assertThat(p.priority()).isEqualTo(-5);
            });
  }

  @Test
  void aStatusAControllerResolvedPicksTheTemplateItNames() throws IOException {
    CapacityBuffer b =
        read("""
                - apiVersion: autoscaling.x-k8s.io/v1
                  kind: CapacityBuffer
                  metadata: {name: follow-web, namespace: team-a}
                  spec:
                    scalableRef: {apiGroup: apps, kind: Deployment, name: web}
                    percentage: 20
                  status:
                    podTemplateRef: {name: generated-web}
                    replicas: 4
                    provisioningStrategy: buffer.x-k8s.io/active-capacity
                    conditions:
                    - {type: ReadyForProvisioning, status: "True", reason: AttributesSetSuccessfully,
                       message: ready, lastTransitionTime: "2025-06-02T09:00:00Z"}
                """)
            .get(0);

    assertThat(b.scalableRef()).contains(new ScalableRef("apps", "Deployment", "web"));
    assertThat(b.percentage()).isEqualTo(OptionalInt.of(20));
    assertThat(b.status())
        .contains(
            new CapacityBuffer.Status(
                Optional.of("generated-web"),
                OptionalInt.of(4),
                Optional.of(CapacityBuffer.ACTIVE_CAPACITY),
                Readiness.READY,
                "ready"));
    assertThat(b.resolvedByController()).isTrue();
    assertThat(b.chunkTemplateRef()).contains("generated-web");
    assertThat(b.podTemplate())
        .hasValueSatisfying(p -> assertThat(p.requests().cpu()).isEqualTo(2000));
  }

  static Stream<Arguments> readiness() {
    return Stream.of(
        arguments(
            "ReadyForProvisioning True",
            "[{type: ReadyForProvisioning, status: \"True\"}]",
            Readiness.READY),
        arguments(
            "ReadyForProvisioning False",
            "[{type: ReadyForProvisioning, status: \"False\", message: no template}]",
            Readiness.NOT_READY),
        arguments(
            "Provisioning True alone", "[{type: Provisioning, status: \"True\"}]", Readiness.READY),
        arguments("no conditions", "[]", Readiness.UNKNOWN),
        arguments(
            "ReadyForProvisioning Unknown",
            "[{type: ReadyForProvisioning, status: Unknown}]",
            Readiness.UNKNOWN));
  }

  @ParameterizedTest(name = "{0} reads as {2}")
  @MethodSource("readiness")
  void theReadyForProvisioningConditionIsRead(String name, String conditions, Readiness expected)
      throws IOException {
    CapacityBuffer b =
        read("""
                - apiVersion: autoscaling.x-k8s.io/v1beta1
                  kind: CapacityBuffer
                  metadata: {name: b, namespace: team-a}
                  spec: {podTemplateRef: {name: web-chunk}, replicas: 1}
                  status:
                    podTemplateRef: {name: web-chunk}
                    replicas: 1
                    conditions: %s
                """
                .formatted(conditions))
            .get(0);

    assertThat(b.status())
        .hasValueSatisfying(s -> assertThat(s.readyForProvisioning()).isEqualTo(expected));
  }

  @Test
  void aBufferWhoseTemplateIsMissingIsReadWithoutOne() throws IOException {
    CapacityBuffer b =
        read("""
                - apiVersion: autoscaling.x-k8s.io/v1alpha1
                  kind: CapacityBuffer
                  metadata: {name: b, namespace: team-b}
                  spec: {podTemplateRef: {name: web-chunk}, replicas: 1}
                """)
            .get(0);

    assertThat(b.podTemplate()).isEmpty();
  }

  @Test
  void theClusterSnapshotCarriesTheBuffers() throws IOException {
    read(
        """
        - apiVersion: autoscaling.x-k8s.io/v1beta1
          kind: CapacityBuffer
          metadata: {name: web-spare, namespace: team-a}
          spec: {podTemplateRef: {name: web-chunk}, replicas: 2}
        """);
    ClusterSnapshot snapshot =
        SnapshotFiles.read(List.of(dir.resolve("snapshot.yaml"))).toClusterSnapshot(List.of());

    assertThat(snapshot.capacityBuffers())
        .extracting(CapacityBuffer::key)
        .containsExactly("team-a/web-spare");
  }

  static Stream<Arguments> badBuffers() {
    return Stream.of(
        arguments(
            "both references",
            "{podTemplateRef: {name: web-chunk}, scalableRef: {kind: Deployment, name: web}, replicas: 1}",
            "CapacityBuffer team-a/bad: spec: needs exactly one of podTemplateRef and scalableRef,"
                + " found both"),
        arguments(
            "no reference",
            "{replicas: 1}",
            "CapacityBuffer team-a/bad: spec: needs exactly one of podTemplateRef and scalableRef,"
                + " found neither"),
        arguments(
            "negative replicas",
            "{podTemplateRef: {name: web-chunk}, replicas: -1}",
            "CapacityBuffer team-a/bad: spec.replicas: expected a whole number of at least 0, found"
                + " -1"),
        arguments(
            "a scalableRef without a kind",
            "{scalableRef: {name: web}, replicas: 1}",
            "CapacityBuffer team-a/bad: spec.scalableRef.kind: missing"),
        arguments(
            "a malformed limit",
            "{podTemplateRef: {name: web-chunk}, limits: {cpu: lots}}",
            "CapacityBuffer team-a/bad: spec.limits.cpu: invalid quantity \"lots\""));
  }

  @ParameterizedTest(name = "{0} is an error naming the file, the buffer and the field")
  @MethodSource("badBuffers")
  void badBuffersAreRejected(String name, String spec, String problem) throws IOException {
    assertThatThrownBy(
            () ->
                read(
                    """
                    - apiVersion: autoscaling.x-k8s.io/v1beta1
                      kind: CapacityBuffer
                      metadata: {name: bad, namespace: team-a}
                      spec: %s
                    """
                        .formatted(spec)))
        .isInstanceOf(SnapshotException.class)
        .hasMessageStartingWith(dir.resolve("snapshot.yaml") + ": " + problem);
  }

  @Test
  void aStatusConditionWithoutATypeIsRejected() {
    assertThatThrownBy(
            () ->
                read(
                    """
                    - apiVersion: autoscaling.x-k8s.io/v1beta1
                      kind: CapacityBuffer
                      metadata: {name: bad, namespace: team-a}
                      spec: {podTemplateRef: {name: web-chunk}, replicas: 1}
                      status: {conditions: [{status: "True"}]}
                    """))
        .isInstanceOf(SnapshotException.class)
        .hasMessage(
            dir.resolve("snapshot.yaml")
                + ": CapacityBuffer team-a/bad: status.conditions[0].type: missing: expected a"
                + " non-empty string");
  }
}
