package dev.skyscaler.core.model;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ClusterSnapshot}: a value, which keeps the index of its pods once built. */
class ClusterSnapshotTest {
  /** What the snapshot was before it kept its index: a record of its seven components. */
  record AsRecord(
      List<Node> nodes,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<DaemonSet> daemonSets,
      List<NodeGroup> nodeGroups,
      List<CapacityBuffer> capacityBuffers,
      List<Namespace> namespaces) {
    static AsRecord of(ClusterSnapshot s) {
      return new AsRecord(
          s.nodes(),
          s.pods(),
          s.pdbs(),
          s.daemonSets(),
          s.nodeGroups(),
          s.capacityBuffers(),
          s.namespaces());
    }
  }

  static ClusterSnapshot snapshot() {
    return cluster()
        .groups(group("ng1"))
        .nodes(node("n1").inGroup("ng1"), node("n2"))
        .pods(pod("a").on("n1"), pod("b").on("n2"), pod("pending"))
        .build();
  }

  @Test
  void aSnapshotIndexesItsPodsOnceAndEveryCallerSharesTheIndex() {
    ClusterSnapshot s = snapshot();
    PodsByNode index = s.podsByNode();
    assertThat(s.podsByNode()).isSameAs(index);
    assertThat(index.placedOn("n1")).extracting(Pod::key).containsExactly("default/a");
    assertThat(index.unbound()).extracting(Pod::key).containsExactly("default/pending");
  }

  @Test
  void anotherSnapshotHasAnIndexOfItsOwnSoNothingIsSharedBetweenScans() {
    ClusterSnapshot first = snapshot();
    ClusterSnapshot second = snapshot();
    ClusterSnapshot view = first.withCapacityBuffers(List.of());
    assertThat(second.podsByNode()).isNotSameAs(first.podsByNode());
    assertThat(view.podsByNode()).isNotSameAs(first.podsByNode());
    assertThat(view.podsByNode().placedOn("n2")).extracting(Pod::key).containsExactly("default/b");
  }

  @Test
  void equalityHashCodeAndStringAreThoseOfARecordOfItsComponentsWhetherIndexedOrNot() {
    ClusterSnapshot indexed = snapshot();
    indexed.podsByNode();
    ClusterSnapshot plain = snapshot();
    assertThat(indexed).isEqualTo(plain).hasSameHashCodeAs(plain);
    assertThat(indexed.hashCode()).isEqualTo(AsRecord.of(indexed).hashCode());
    assertThat(indexed.toString())
        .isEqualTo(AsRecord.of(indexed).toString().replace("AsRecord[", "ClusterSnapshot["))
        .isEqualTo(plain.toString());
    assertThat(indexed).isNotEqualTo(cluster().nodes(node("n1")).build());
  }
}
