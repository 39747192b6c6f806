package dev.skyscaler.core.model;

import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

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
