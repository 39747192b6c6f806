package dev.skyscaler.core.interruption;

import static dev.skyscaler.core.interruption.InterruptionRulesTest.NOW;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.fleet;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.hook;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.spot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.interruption.NoticeOutcome.Result;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.state.InterruptedNode;
import dev.skyscaler.core.state.InterruptionState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Duplicated, reordered and split notices: every permutation of a mixed set, delivered in one call,
 * one per call or in two halves, reaches the same state, and the scan after gives the same plan.
 */
class InterruptionIdempotenceTest {
  static final InterruptionOptions OPTIONS = InterruptionOptions.defaults();
  static final ClusterSnapshot CLUSTER = fleet().build();

  /** A state change "terminated" that arrives before the warning, a redelivery, a rebalance, ... */
  static final List<InterruptionNotice> NOTICES =
      List.of(
          spot("spot-1", "i-n1", Duration.ofMinutes(2)),
          InterruptionNotice.of("state-1", Kind.STATE_CHANGE, "i-n1", NOW.plusSeconds(100)),
          spot("spot-1", "i-n1", Duration.ofMinutes(2)),
          spot("spot-1-again", "aws:///eu-west-1a/i-n1", Duration.ofMinutes(2)),
          InterruptionNotice.of("rebalance-2", Kind.REBALANCE, "i-n2", NOW),
          hook("hook-1", "i-n1", "ng1"),
          spot("elsewhere", "i-0other", Duration.ofMinutes(2)));

  static InterruptionDecision handle(InterruptionState state, List<InterruptionNotice> notices) {
    return InterruptionPolicy.handle(CLUSTER, state, OPTIONS, NOW, notices);
  }

  @Test
  void everyOrderAndEverySplitReachesTheSameStateAndTheSameNextPlan() {
    InterruptionDecision reference = handle(InterruptionState.EMPTY, NOTICES);
    InterruptionDecision referenceNext = handle(reference.next(), List.of());
    int checked = 0;
    for (List<InterruptionNotice> order : permutations(NOTICES)) {
      InterruptionDecision all = handle(InterruptionState.EMPTY, order);
      assertThat(all.actions()).isEqualTo(reference.actions());
      assertThat(all.next()).isEqualTo(reference.next());

      InterruptionState oneByOne = InterruptionState.EMPTY;
      for (InterruptionNotice n : order) {
        oneByOne = handle(oneByOne, List.of(n)).next();
      }
      assertThat(oneByOne).isEqualTo(reference.next());

      int half = order.size() / 2;
      InterruptionState halves = handle(InterruptionState.EMPTY, order.subList(0, half)).next();
      halves = handle(halves, order.subList(half, order.size())).next();
      assertThat(halves).isEqualTo(reference.next());

      assertThat(handle(oneByOne, List.of())).isEqualTo(referenceNext);
      checked++;
    }
    assertThat(checked).isEqualTo(5040);
  }

  @Test
  void theMergedRecordKeepsTheEarliestHardDeadlineAndEveryKind() {
    InterruptedNode n1 = handle(InterruptionState.EMPTY, NOTICES).next().nodes().get("n1");
    assertThat(n1.kinds())
        .containsExactly(Kind.LIFECYCLE_TERMINATE, Kind.SPOT_WARNING, Kind.STATE_CHANGE);
    assertThat(n1.hardDeadline()).contains(NOW.plusSeconds(100));
    assertThat(n1.dominantKind()).isEqualTo(Kind.STATE_CHANGE);
    assertThat(n1.hook()).isPresent();
  }

  @Test
  void theSameNoticeTwiceGivesTheSamePlan() {
    List<InterruptionNotice> once = List.of(spot("spot-1", "i-n1", Duration.ofMinutes(2)));
    InterruptionDecision first = handle(InterruptionState.EMPTY, once);
    InterruptionDecision redelivered = handle(first.next(), once);
    InterruptionDecision nothingNew = handle(first.next(), List.of());
    assertThat(redelivered.actions()).isEqualTo(nothingNew.actions());
    assertThat(redelivered.next()).isEqualTo(nothingNew.next());
    assertThat(redelivered.outcomes())
        .containsExactly(new NoticeOutcome("spot-1", Result.DUPLICATE, "", "already handled"));
    assertThat(handle(InterruptionState.EMPTY, once)).isEqualTo(first);
  }

  @Test
  void aCopyUnderAnotherIdIsADuplicateToo() {
    InterruptionDecision first =
        handle(InterruptionState.EMPTY, List.of(spot("a", "i-n1", Duration.ofMinutes(2))));
    InterruptionDecision copy =
        handle(first.next(), List.of(spot("b", "i-n1", Duration.ofMinutes(2))));
    assertThat(copy.outcomes())
        .containsExactly(
            new NoticeOutcome("b", Result.DUPLICATE, "n1", "nothing new about node n1"));
    assertThat(copy.actions()).isEqualTo(handle(first.next(), List.of()).actions());
  }

  @Test
  void ignoredNoticesLeaveNoTrace() {
    InterruptionDecision d =
        handle(InterruptionState.EMPTY, List.of(spot("x", "i-0other", Duration.ofMinutes(2))));
    assertThat(d.next()).isEqualTo(InterruptionState.EMPTY);
    assertThat(d.actions()).isEmpty();
  }

  /** Every ordering of a list (Heap's algorithm); 7 notices give 5040. */
  static List<List<InterruptionNotice>> permutations(List<InterruptionNotice> items) {
    List<List<InterruptionNotice>> out = new ArrayList<>();
    List<InterruptionNotice> a = new ArrayList<>(items);
    int[] c = new int[a.size()];
    out.add(List.copyOf(a));
    int i = 0;
    while (i < a.size()) {
      if (c[i] < i) {
        java.util.Collections.swap(a, i % 2 == 0 ? 0 : c[i], i);
        out.add(List.copyOf(a));
        c[i]++;
        i = 0;
      } else {
        c[i] = 0;
        i++;
      }
    }
    return out;
  }
}
