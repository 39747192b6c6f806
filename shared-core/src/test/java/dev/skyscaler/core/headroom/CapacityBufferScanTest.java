package dev.skyscaler.core.headroom;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.CapacityBuffer;
import dev.skyscaler.core.model.CapacityBuffer.Readiness;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.model.Resources;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleDown;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.plan.Unremovable;
import dev.skyscaler.core.state.AutoscalerState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A snapshot's CapacityBuffers in a whole scan: they scale up, and they hold nodes. */
class CapacityBufferScanTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  /** ng1: 4-CPU nodes; n1 runs 3 CPU of pods, so one 1-CPU chunk fits there. */
  static ClusterSnapshot oneBusyNode() {
    return cluster()
        .groups(group("ng1").max(10).template(template().cpu("4").memory("16Gi")))
        .nodes(node("n1").cpu("4").memory("16Gi").inGroup("ng1"))
        .pods(pod("busy").cpu("3").on("n1"))
        .build();
  }

  /** A buffer {@code default/spare} of 1-CPU chunks (or {@code chunkCpu}) from a PodTemplate. */
  static CapacityBuffer buffer(
      String strategy,
      OptionalInt replicas,
      Optional<Resources> limits,
      Optional<CapacityBuffer.Status> status,
      String chunkCpu) {
    return new CapacityBuffer(
        "default",
        "spare",
        "uid-spare",
        strategy,
        Optional.of("chunk"),
        Optional.empty(),
        replicas,
        OptionalInt.empty(),
        limits,
        status,
        Optional.of(pod("chunk").cpu(chunkCpu).memory("1Gi").build()),
        OptionalInt.empty());
  }

  static CapacityBuffer replicas(int n) {
    return buffer(null, OptionalInt.of(n), Optional.empty(), Optional.empty(), "1");
  }

  static CapacityBuffer.Status status(Readiness readiness, int replicas, String message) {
    return new CapacityBuffer.Status(
        Optional.of("chunk"), OptionalInt.of(replicas), Optional.empty(), readiness, message);
  }

  record Case(String name, CapacityBuffer buffer, Map<String, Integer> scaleUps, String warning) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("one chunk that fits free room needs no node", replicas(1), Map.of(), null),
        new Case(
            "three chunks add a node for the two that do not fit",
            replicas(3),
            Map.of("ng1", 1),
            null),
        new Case("nine chunks add two nodes", replicas(9), Map.of("ng1", 2), null),
        new Case(
            "limits of 6 CPU make six chunks",
            buffer(
                null,
                OptionalInt.empty(),
                Optional.of(Resources.of(6000, 0)),
                Optional.empty(),
                "1"),
            Map.of("ng1", 2),
            null),
        new Case(
            "a status a controller resolved wins over the spec",
            buffer(
                null,
                OptionalInt.of(1),
                Optional.empty(),
                Optional.of(status(Readiness.READY, 5, "ready")),
                "1"),
            Map.of("ng1", 1),
            null),
        new Case(
            "a status without ReadyForProvisioning leaves the spec in force",
            buffer(
                null,
                OptionalInt.of(1),
                Optional.empty(),
                Optional.of(status(Readiness.UNKNOWN, 5, "")),
                "1"),
            Map.of(),
            null),
        new Case(
            "a buffer not ready for provisioning keeps nothing and says why",
            buffer(
                null,
                OptionalInt.of(9),
                Optional.empty(),
                Optional.of(status(Readiness.NOT_READY, 9, "pod template not found")),
                "1"),
            Map.of(),
            "CapacityBuffer default/spare: status says not ready for provisioning (pod template"
                + " not found); no capacity kept"),
        new Case(
            "another provisioning strategy keeps nothing and says so",
            buffer(
                "example.com/passive", OptionalInt.of(9), Optional.empty(), Optional.empty(), "1"),
            Map.of(),
            "CapacityBuffer default/spare: provisioning strategy example.com/passive is not"
                + " supported"),
        new Case(
            "chunks no group can host are a warning, not pending pods",
            buffer(null, OptionalInt.of(2), Optional.empty(), Optional.empty(), "8"),
            Map.of(),
            "CapacityBuffer default/spare: 2 of 2 chunks fit no node group (ng1: Insufficient"
                + " cpu)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void buffersInAScan(Case c) {
    Plan plan = scan(oneBusyNode().withCapacityBuffers(List.of(c.buffer())));

    Map<String, Integer> deltas = new TreeMap<>();
    plan.scaleUps().forEach(s -> deltas.put(s.nodeGroup(), s.delta()));
    assertThat(deltas).isEqualTo(c.scaleUps());
    assertThat(plan.noScaleUps()).isEmpty();
    assertThat(plan.warnings())
        .containsExactlyElementsOf(c.warning() == null ? List.of() : List.of(c.warning()));
  }

  @Test
  void theScaleUpNamesTheBufferPodsItIsFor() {
    Plan plan = scan(oneBusyNode().withCapacityBuffers(List.of(replicas(3))));

    assertThat(plan.scaleUps())
        .singleElement()
        .extracting(ScaleUp::pods)
        .asList()
        .containsExactlyInAnyOrder(
            "default/capacity-buffer-spare-2", "default/capacity-buffer-spare-3");
  }

  /** n2 is empty: removable, unless a buffer's chunks fit only there. */
  static ClusterSnapshot anEmptyNode(CapacityBuffer... buffers) {
    return cluster()
        .groups(group("ng1").min(0).max(10).template(template().cpu("4").memory("16Gi")))
        .nodes(
            node("n1").cpu("4").memory("16Gi").inGroup("ng1"),
            node("n2").cpu("4").memory("16Gi").inGroup("ng1"))
        .pods(pod("busy").cpu("3").on("n1"))
        .build()
        .withCapacityBuffers(List.of(buffers));
  }

  @Test
  void withoutABufferTheEmptyNodeIsRemovable() {
    assertThat(scan(anEmptyNode()).scaleDowns()).extracting(ScaleDown::node).containsExactly("n2");
  }

  @Test
  void aBufferThatFitsOnlyOnTheEmptyNodeHoldsIt() {
    Plan plan =
        scan(anEmptyNode(buffer(null, OptionalInt.of(1), Optional.empty(), Optional.empty(), "2")));

    assertThat(plan.scaleUps()).isEmpty();
    assertThat(plan.scaleDowns()).isEmpty();
    assertThat(plan.unremovable())
        .filteredOn(u -> u.node().equals("n2"))
        .extracting(Unremovable::reason)
        .containsExactly("NoPlaceToMovePods");
  }

  @Test
  void aBufferThatFitsTheBusyNodeLeavesTheEmptyNodeRemovable() {
    Plan plan = scan(anEmptyNode(replicas(1)));

    assertThat(plan.scaleDowns()).extracting(ScaleDown::node).containsExactly("n2");
  }

  @Test
  void aChunkThatCanMoveToANodeWithRoomDoesNotPinItsNode() {
    // first fit puts the 2-CPU chunk on n2 (n1 has 1 CPU free); n3 is busy but has room for it
    ClusterSnapshot s =
        cluster()
            .groups(group("ng1").min(0).max(10).template(template().cpu("4").memory("16Gi")))
            .nodes(
                node("n1").cpu("4").memory("16Gi").inGroup("ng1"),
                node("n2").cpu("4").memory("16Gi").inGroup("ng1"),
                node("n3").cpu("8").memory("16Gi").inGroup("ng1"))
            .pods(pod("busy").cpu("3").on("n1"), pod("big").cpu("5").on("n3"))
            .build()
            .withCapacityBuffers(
                List.of(buffer(null, OptionalInt.of(1), Optional.empty(), Optional.empty(), "2")));

    Plan plan = scan(s);

    assertThat(plan.unremovable()).extracting(Unremovable::node).containsExactly("n1", "n3");
    assertThat(plan.scaleDowns())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.node()).isEqualTo("n2");
              assertThat(d.moves()).isEqualTo(Map.of("default/capacity-buffer-spare-1", "n3"));
            });
  }

  private static Plan scan(ClusterSnapshot snapshot) {
    return Autoscaler.runOnce(snapshot, AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW);
  }
}
