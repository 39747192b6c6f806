package dev.skyscaler.core.headroom;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.HeadroomSpec;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.OwnerReference;
import dev.skyscaler.core.model.Pod;
import dev.skyscaler.core.model.PodPhase;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Headroom specs and capacity buffers become virtual pods. */
class HeadroomTest {
  static final ClusterSnapshot CLUSTER =
      cluster()
          .groups(
              group("ng1").template(template().cpu("4")),
              group("gpu")
                  .template(
                      template()
                          .cpu("8")
                          .gpu(1)
                          .taint("nvidia.com/gpu", "true", TaintEffect.NO_SCHEDULE)))
          .nodes(
              node("g1")
                  .inGroup("gpu")
                  .gpu(1)
                  .taint("nvidia.com/gpu", "true", TaintEffect.NO_SCHEDULE)
                  .taint("ToBeDeletedByClusterAutoscaler", "1", TaintEffect.NO_SCHEDULE))
          .build();

  static HeadroomPods pods(List<HeadroomSpec> specs, List<CapacityBuffer> buffers) {
    return Headroom.virtualPods(CLUSTER, specs, buffers, -10);
  }

  @ParameterizedTest(name = "{0} reads back as {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "cpu=500m,memory=1Gi,count=10 | cpu=500m,memory=1Gi,count=10",
        "memory=2048Mi | memory=2Gi,count=1",
        "count=2, group=gpu ,gpu=1,cpu=4 | group=gpu,cpu=4,gpu=1,count=2",
      })
  void theFlagFormReadsBack(String text, String canonical) {
    assertThat(HeadroomSpec.parse(text)).hasToString(canonical);
    assertThat(HeadroomSpec.parse(canonical)).isEqualTo(HeadroomSpec.parse(text));
  }

  @Test
  void clusterHeadroomIsPendingLowPriorityPodsOwnedByHeadroom() {
    HeadroomPods h = pods(List.of(HeadroomSpec.parse("cpu=500m,memory=1Gi,count=3")), List.of());
    assertThat(h.warnings()).isEmpty();
    assertThat(h.pods())
        .extracting(Pod::key)
        .containsExactly(
            "skyscaler-headroom/headroom-cluster-0-0",
            "skyscaler-headroom/headroom-cluster-0-1",
            "skyscaler-headroom/headroom-cluster-0-2");
    Pod p = h.pods().get(0);
    assertThat(p.requests()).isEqualTo(Resources.of(500, 1L << 30).withPods(1));
    assertThat(p.priority()).isEqualTo(-10);
    assertThat(p.owner())
        .contains(new OwnerReference("Headroom", "cluster-0", "headroom-cluster-0"));
    assertThat(p.unschedulable()).isTrue();
    assertThat(p.phase()).isEqualTo(PodPhase.PENDING);
    assertThat(p.nodeName()).isEmpty();
    assertThat(p.nodeSelector()).isEmpty();
    assertThat(Headroom.isVirtual(p)).isTrue();
    assertThat(Headroom.isVirtual(pod("web").build())).isFalse();
  }

  @Test
  void groupHeadroomSelectsTheGroupAndToleratesItsOwnTaintsOnly() {
    HeadroomPods h = pods(List.of(HeadroomSpec.parse("group=gpu,cpu=1,gpu=1")), List.of());
    Pod p = h.pods().get(0);
    assertThat(p.nodeSelector()).isEqualTo(Map.of(Headroom.GROUP_LABEL, "gpu"));
    assertThat(p.tolerations())
        .containsExactly(
            new Toleration(
                "nvidia.com/gpu", Toleration.Operator.EXISTS, "", TaintEffect.NO_SCHEDULE));
    assertThat(p.requests().extended("nvidia.com/gpu")).isEqualTo(1);
  }

  @Test
  void headroomForAnUnknownGroupIsAWarning() {
    HeadroomPods h = pods(List.of(HeadroomSpec.parse("group=gone,cpu=1")), List.of());
    assertThat(h.pods()).isEmpty();
    assertThat(h.warnings())
        .containsExactly("headroom group=gone,cpu=1,count=1: no node group gone; not kept");
  }

  static CapacityBuffer buffer(
      OptionalInt replicas,
      OptionalInt percentage,
      Optional<Resources> limits,
      OptionalInt scalable) {
    return new CapacityBuffer(
        "team-a",
        "web-buffer",
        "uid-b",
        null,
        scalable.isPresent() ? Optional.empty() : Optional.of("web-chunk"),
        scalable.isPresent()
            ? Optional.of(new CapacityBuffer.ScalableRef("apps", "Deployment", "web"))
            : Optional.empty(),
        replicas,
        percentage,
        limits,
        Optional.empty(),
        Optional.of(pod("chunk").cpu("500m").memory("1Gi").priority(5).build()),
        scalable);
  }

  record BufferCase(String name, CapacityBuffer buffer, int pods, String warning) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<BufferCase> buffers() {
    OptionalInt none = OptionalInt.empty();
    Optional<Resources> noLimits = Optional.empty();
    return Stream.of(
        new BufferCase(
            "replicas gives the chunk count",
            buffer(OptionalInt.of(4), none, noLimits, none),
            4,
            null),
        new BufferCase(
            "a percentage of the scalable object's replicas rounds down",
            buffer(none, OptionalInt.of(25), noLimits, OptionalInt.of(10)),
            2,
            null),
        new BufferCase(
            "limits allow as many chunks as fit, the scarcest resource deciding",
            buffer(none, none, Optional.of(Resources.of(4000, 3L << 30)), none),
            3,
            null),
        new BufferCase(
            "the smallest of replicas and limits wins",
            buffer(OptionalInt.of(10), none, Optional.of(Resources.of(2000, 0)), none),
            4,
            null),
        new BufferCase(
            "zero replicas keep nothing, quietly",
            buffer(OptionalInt.of(0), none, noLimits, none),
            0,
            null),
        new BufferCase(
            "a buffer with no bound keeps nothing and says so",
            buffer(none, OptionalInt.of(20), noLimits, none),
            0,
            "CapacityBuffer team-a/web-buffer: spec sets none of replicas, percentage (with a"
                + " scalableRef) and limits; no capacity kept"),
        new BufferCase(
            "limits on resources the chunk does not request keep nothing",
            buffer(
                none,
                none,
                Optional.of(new Resources(0, 0, 0, 0, Map.of("nvidia.com/gpu", 2L))),
                none),
            0,
            "CapacityBuffer team-a/web-buffer: none of the resources in spec.limits is requested by"
                + " the template; no capacity kept"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("buffers")
  void bufferChunks(BufferCase c) {
    HeadroomPods h = pods(List.of(), List.of(c.buffer()));
    assertThat(h.pods()).hasSize(c.pods());
    assertThat(h.warnings())
        .containsExactlyElementsOf(c.warning() == null ? List.of() : List.of(c.warning()));
  }

  @Test
  void bufferPodsCopyTheTemplateAndAreNamedAsInClusterAutoscaler() {
    HeadroomPods h =
        pods(
            List.of(),
            List.of(
                buffer(
                    OptionalInt.of(2),
                    OptionalInt.empty(),
                    Optional.empty(),
                    OptionalInt.empty())));
    assertThat(h.pods())
        .extracting(Pod::key)
        .containsExactly(
            "team-a/capacity-buffer-web-buffer-1", "team-a/capacity-buffer-web-buffer-2");
    Pod p = h.pods().get(1);
    assertThat(p.uid()).isEqualTo("uid-b-2");
    assertThat(p.owner()).contains(new OwnerReference("CapacityBuffer", "web-buffer", "uid-b"));
    assertThat(p.annotations()).containsEntry("podType", "capacityBufferFakePod");
    assertThat(p.priority()).isEqualTo(5);
    assertThat(p.requests().cpu()).isEqualTo(500);
    assertThat(p.unschedulable()).isTrue();
    assertThat(Headroom.isVirtual(p)).isTrue();
  }

  @Test
  void buffersThatCannotBeHonouredSayWhy() {
    CapacityBuffer other =
        new CapacityBuffer(
            "team-a",
            "b1",
            "",
            "example.com/other",
            Optional.of("t"),
            Optional.empty(),
            OptionalInt.of(1),
            OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of(pod("c").build()),
            OptionalInt.empty());
    CapacityBuffer unresolved =
        new CapacityBuffer(
            "team-a",
            "b2",
            "",
            "",
            Optional.of("t"),
            Optional.empty(),
            OptionalInt.of(1),
            OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            OptionalInt.empty());
    assertThat(pods(List.of(), List.of(other, unresolved)).warnings())
        .containsExactly(
            "CapacityBuffer team-a/b1: provisioning strategy example.com/other is not supported",
            "CapacityBuffer team-a/b2: PodTemplate team-a/t (spec.podTemplateRef) is not in the"
                + " snapshot; no capacity kept");
  }
}
