package dev.skyscaler.core.interruption;

import static dev.skyscaler.core.interruption.InterruptionRulesTest.NOW;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.fleet;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.hook;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import dev.skyscaler.core.cloud.TerminationWait;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.InterruptionState;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Instances the cloud holds in a termination hook ({@code Terminating:Wait}), seen by a scan: they
 * stand for a hook notice that was lost, and reopen a hook the state recorded as completed while
 * the instance still waits.
 */
class TerminationWaitTest {
  static final InterruptionOptions OPTIONS = InterruptionOptions.defaults();
  static final String TAINT = "taint n1 with skyscaler.dev/interrupted=lifecycle-terminate";

  record Case(
      String name, String instance, List<InterruptionNotice> earlierNotices, List<String> actions) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a waiting instance whose notice was lost is tainted, cordoned, drained, and its hook"
                + " heartbeated at once: how long it has waited is unknown",
            "i-n1",
            List.of(),
            List.of(
                "warning ASGLifecycleTermination on Node n1: node n1 leaves: tainted, cordoned"
                    + " and drained",
                TAINT + ":NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 120s)",
                "heartbeat lifecycle hook drain-hook for aws:///eu-west-1a/i-n1")),
        new Case(
            "a waiting instance whose node holds nothing to drain has its hook completed",
            "i-n2",
            List.of(),
            List.of(
                "warning ASGLifecycleTermination on Node n2: node n2 leaves: tainted, cordoned"
                    + " and drained",
                "taint n2 with skyscaler.dev/interrupted=lifecycle-terminate:NoSchedule",
                "cordon n2",
                "complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n2")),
        new Case(
            "a waiting instance without a node has its hook completed",
            "i-ghost",
            List.of(),
            List.of("complete lifecycle hook drain-hook for i-ghost")),
        new Case(
            "a wait for a node whose notice is being handled adds nothing to its drain (the"
                + " snapshot still shows it untainted)",
            "i-n1",
            List.of(hook("e1", "i-n1", "ng1")),
            List.of(
                TAINT + ":NoSchedule",
                "cordon n1",
                "evict default/web-0 from n1 (grace 30s)",
                "evict default/db-0 from n1 (grace 120s)")),
        new Case(
            "a hook recorded as completed whose instance still waits is completed again",
            "i-n2",
            List.of(hook("e1", "i-n2", "ng1")),
            List.of(
                "taint n2 with skyscaler.dev/interrupted=lifecycle-terminate:NoSchedule",
                "cordon n2",
                "complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n2")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aTerminationWaitStandsForItsNotice(Case c) {
    InterruptionState state = InterruptionState.EMPTY;
    if (!c.earlierNotices().isEmpty()) {
      state =
          InterruptionPolicy.handle(fleet().build(), state, OPTIONS, NOW, c.earlierNotices())
              .next();
    }
    var snapshot = fleet().build();
    TerminationWait wait =
        new TerminationWait(c.instance(), new LifecycleHook("ng1", "drain-hook", ""));

    InterruptionDecision d =
        InterruptionPolicy.handle(
            snapshot, state, OPTIONS, NOW.plusSeconds(10), List.of(), List.of(wait));

    assertThat(d.actions()).extracting(Action::describe).containsExactlyElementsOf(c.actions());
  }

  @Test
  void aWaitSeenAgainNextScanAddsNothingNew() {
    TerminationWait wait = new TerminationWait("i-n1", new LifecycleHook("ng1", "drain-hook", ""));
    InterruptionState state =
        InterruptionPolicy.handle(
                fleet().build(), InterruptionState.EMPTY, OPTIONS, NOW, List.of(), List.of(wait))
            .next();

    InterruptionDecision again =
        InterruptionPolicy.handle(
            fleet().build(), state, OPTIONS, NOW.plusSeconds(10), List.of(), List.of(wait));

    assertThat(again.actions())
        .extracting(Action::describe)
        .containsExactly(
            TAINT + ":NoSchedule",
            "cordon n1",
            "evict default/web-0 from n1 (grace 30s)",
            "evict default/db-0 from n1 (grace 120s)");
    assertThat(again.next()).isEqualTo(state);
  }

  @Test
  void aWaitOnAnotherClustersGroupIsIgnored() {
    TerminationWait foreign =
        new TerminationWait("i-n1", new LifecycleHook("not-ours", "drain-hook", ""));

    InterruptionDecision d =
        InterruptionPolicy.handle(
            fleet().build(), InterruptionState.EMPTY, OPTIONS, NOW, List.of(), List.of(foreign));

    assertThat(d.actions()).isEmpty();
    assertThat(d.next().nodes()).isEmpty();
  }
}
