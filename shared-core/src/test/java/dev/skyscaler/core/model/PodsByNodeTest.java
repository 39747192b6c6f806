package dev.skyscaler.core.model;

import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.testkit.PodSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link PodsByNode}: where each pod holds room, in the snapshot's order. */
class PodsByNodeTest {
  static final Pod A1 = pod("a1").on("n1").build();
  static final Pod B = pod("b").on("n2").build();
  static final Pod NOMINATED = pod("nominated").nominatedTo("n1").build();
  static final Pod A2 = pod("a2").on("n1").build();
  static final Pod PENDING = pod("pending").build();
  static final Pod BOUND_AND_NOMINATED = pod("both").on("n2").nominatedTo("n1").build();

  static final List<Pod> PODS = List.of(A1, B, NOMINATED, A2, PENDING, BOUND_AND_NOMINATED);

  @Test
  void aNodeHoldsItsBoundPodsAndThoseNominatedToItInTheOrderGiven() {
    PodsByNode index = PodsByNode.of(List.copyOf(PODS));
    assertThat(index.placedOn("n1")).containsExactly(A1, NOMINATED, A2);
    assertThat(index.placedOn("n2")).containsExactly(B, BOUND_AND_NOMINATED);
    assertThat(index.placedOn("gone")).isEmpty();
  }

  @Test
  void boundPodsLeaveOutNominations() {
    PodsByNode index = PodsByNode.of(List.copyOf(PODS));
    assertThat(index.boundTo("n1")).containsExactly(A1, A2);
    assertThat(index.boundTo("n2")).containsExactly(B, BOUND_AND_NOMINATED);
    assertThat(index.boundTo("gone")).isEmpty();
  }

  @Test
  void unboundPodsAreThoseOnNoNodeNominatedOrNot() {
    PodsByNode index = PodsByNode.of(List.copyOf(PODS));
    assertThat(index.unbound()).containsExactly(NOMINATED, PENDING);
  }

  @Test
  void eachListGetsAnIndexOfItsOwnAndNoIndexIsKeptBetweenCalls() {
    List<Pod> pods = List.copyOf(PODS);
    PodsByNode first = PodsByNode.of(pods);
    PodsByNode second = PodsByNode.of(pods);
    assertThat(second).isNotSameAs(first);
    assertThat(second.placedOn("n1")).containsExactlyElementsOf(first.placedOn("n1"));
    assertThat(PodsByNode.of(List.of(B)).placedOn("n1")).isEmpty();
  }

  @Test
  void podsOfInterleavedNodesKeepTheirOrderAndTheListsCannotBeChanged() {
    List<Pod> pods = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      pods.add(pod("p" + i).on("n" + (i * 7 % 4)).build());
    }
    PodsByNode index = PodsByNode.of(List.copyOf(pods));
    for (int n = 0; n < 4; n++) {
      String node = "n" + n;
      assertThat(index.placedOn(node))
          .containsExactlyElementsOf(
              pods.stream().filter(p -> p.nodeName().orElseThrow().equals(node)).toList());
    }
    assertThatThrownBy(() -> index.placedOn("n1").set(0, B))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  record TotalsCase(String name, List<PodSpec> onNode, PodTotals expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final Instant DELETED = Instant.parse("2025-06-01T00:00:00Z");

  static Stream<TotalsCase> totals() {
    return Stream.of(
        new TotalsCase("a node without pods has none", List.of(), PodTotals.NONE),
        new TotalsCase(
            "requests are summed and the lowest priority kept",
            List.of(
                pod("a").cpu("500m").memory("1Gi").ephemeralStorage("2Gi").priority(5).on("n"),
                pod("b").cpu("250m").memory("512Mi").priority(-3).on("n")),
            new PodTotals(2, 750, 1536L << 20, 2L << 30, -3, false, false, false, false)),
        new TotalsCase(
            "finished pods are left out of everything",
            List.of(
                pod("done").cpu("1").hostPort(80).priority(-100).on("n").phase(PodPhase.SUCCEEDED),
                pod("failed").cpu("1").gpu(1).on("n").phase(PodPhase.FAILED),
                pod("runs").cpu("100m").on("n")),
            new PodTotals(1, 100, 0, 0, 0, false, false, false, false)),
        new TotalsCase(
            "a pod nominated to the node counts there",
            List.of(pod("waits").cpu("2").nominatedTo("n")),
            new PodTotals(1, 2000, 0, 0, 0, false, false, false, false)),
        new TotalsCase(
            "host ports, anti-affinity and deletion are flagged",
            List.of(
                pod("port").hostPort(8080).on("n"),
                pod("alone").antiAffinity("kubernetes.io/hostname", "app", "x").on("n"),
                pod("leaving").deletingAt(DELETED).on("n")),
            new PodTotals(3, 0, 0, 0, 0, false, true, true, true)),
        new TotalsCase(
            "an extended resource is flagged, not summed",
            List.of(pod("gpu").gpu(2).on("n")),
            new PodTotals(1, 0, 0, 0, 0, true, false, false, false)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("totals")
  void totalsAddUpTheUnfinishedPodsHoldingRoomOnTheNode(TotalsCase c) {
    List<Pod> pods = new ArrayList<>();
    c.onNode().forEach(p -> pods.add(p.build()));
    pods.add(pod("elsewhere").cpu("8").priority(-50).hostPort(1).on("other").build());
    pods.add(PENDING);
    assertThat(PodsByNode.of(List.copyOf(pods)).totalsOn("n")).isEqualTo(c.expected());
  }

  @Test
  void totalsAreValidated() {
    assertThatThrownBy(() -> new PodTotals(-1, 0, 0, 0, 0, false, false, false, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pod totals cannot be negative");
    assertThatThrownBy(
            () -> new PodTotals(0, 1, 0, 0, Integer.MAX_VALUE, false, false, false, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pod totals of no pod must be empty");
  }

  @Test
  void byKeySortsLikeAComparatorOnTheKeyAndKeepsEqualKeysInOrder() {
    Pod twinA = pod("twin").namespace("x").on("n1").build();
    Pod twinB = pod("twin").namespace("x").on("n2").build();
    List<Pod> pods = List.of(B, twinA, A2, twinB, A1, PENDING);
    List<Pod> expected = new ArrayList<>(pods);
    expected.sort(Comparator.comparing(Pod::key));
    assertThat(PodsByNode.byKey(pods)).containsExactlyElementsOf(expected);
    assertThat(PodsByNode.byKey(pods).indexOf(twinA))
        .isLessThan(PodsByNode.byKey(pods).indexOf(twinB));
  }
}
