package dev.skyscaler.core.interruption;

import static dev.skyscaler.core.interruption.InterruptionRulesTest.NOW;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.hook;
import static dev.skyscaler.core.interruption.InterruptionRulesTest.spot;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.config.InterruptionOptions;
import dev.skyscaler.core.model.ClusterSnapshot;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.InterruptionState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scans in a row with the state carried over: heartbeats, completion, expiry. */
class InterruptionOverTimeTest {
  static final InterruptionOptions OPTIONS = InterruptionOptions.defaults();

  static ClusterSnapshot withPod(boolean podStillThere) {
    var c = cluster().groups(group("ng1")).nodes(node("n1").inGroup("ng1"));
    if (podStillThere) {
      c.pods(pod("slow").on("n1").grace(3600));
    }
    return c.build();
  }

  @Test
  void aLongDrainHeartbeatsTheHookThenCompletesItOnceDrained() {
    InterruptionState state = InterruptionState.EMPTY;
    List<String> timeline = new ArrayList<>();
    List<InterruptionNotice> notices = List.of(hook("h1", "i-n1", "ng1"));
    for (int minute = 0; minute <= 100; minute += 5) {
      Instant now = NOW.plus(Duration.ofMinutes(minute));
      InterruptionDecision d =
          InterruptionPolicy.handle(withPod(minute < 80), state, OPTIONS, now, notices);
      notices = List.of();
      for (Action a : d.actions()) {
        if (a.describe().contains("lifecycle hook")) {
          timeline.add("+" + minute + "m " + a.describe());
        }
      }
      state = d.next();
    }
    assertThat(timeline)
        .containsExactly(
            "+30m heartbeat lifecycle hook drain-hook for aws:///eu-west-1a/i-n1",
            "+60m heartbeat lifecycle hook drain-hook for aws:///eu-west-1a/i-n1",
            "+80m complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n1");
  }

  @Test
  void aHookOnASpotInstanceCompletesWhenTheHardDeadlineIsUponIt() {
    InterruptionState state = InterruptionState.EMPTY;
    List<InterruptionNotice> notices =
        List.of(hook("h1", "i-n1", "ng1"), spot("s1", "i-n1", Duration.ofMinutes(2)));
    List<String> timeline = new ArrayList<>();
    for (int second = 0; second <= 120; second += 10) {
      InterruptionDecision d =
          InterruptionPolicy.handle(
              withPod(true), state, OPTIONS, NOW.plusSeconds(second), notices);
      notices = List.of();
      for (Action a : d.actions()) {
        if (a.describe().contains("lifecycle hook") || a.describe().startsWith("evict")) {
          timeline.add("+" + second + "s " + a.describe());
        }
      }
      state = d.next();
    }
    assertThat(timeline)
        .startsWith(
            "+0s evict default/slow from n1 (grace 105s)",
            "+10s evict default/slow from n1 (grace 95s)")
        .contains(
            "+100s evict default/slow from n1 (grace 5s)",
            "+110s evict default/slow from n1 (grace 0s)",
            "+110s complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n1")
        .doesNotContain("+120s complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n1");
  }

  @Test
  void aNodeThatIsGoneGetsItsHookCompletedAndIsForgottenAfterTheRetention() {
    InterruptionDecision first =
        InterruptionPolicy.handle(
            withPod(true),
            InterruptionState.EMPTY,
            OPTIONS,
            NOW,
            List.of(hook("h1", "i-n1", "ng1")));
    ClusterSnapshot gone = cluster().groups(group("ng1").template(node("t"))).build();
    InterruptionDecision after =
        InterruptionPolicy.handle(gone, first.next(), OPTIONS, NOW.plusSeconds(30), List.of());
    assertThat(after.actions())
        .extracting(Action::describe)
        .containsExactly("complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n1");
    assertThat(after.nodesLeaving()).isEmpty();
    assertThat(after.expectedReplacements()).isEmpty();

    Instant hookEnd = NOW.plus(Duration.ofHours(1));
    InterruptionState kept =
        InterruptionPolicy.handle(
                gone, after.next(), OPTIONS, hookEnd.plus(OPTIONS.noticeRetention()), List.of())
            .next();
    assertThat(kept.nodes()).containsOnlyKeys("n1");
    assertThat(kept.seenNotices()).containsOnlyKeys("h1");
    InterruptionState forgotten =
        InterruptionPolicy.handle(
                gone,
                kept,
                OPTIONS,
                hookEnd.plus(OPTIONS.noticeRetention()).plusSeconds(1),
                List.of())
            .next();
    assertThat(forgotten).isEqualTo(InterruptionState.EMPTY);
  }

  @Test
  void aNewNodeThatTookTheInterruptedNodesNameIsLeftAlone() {
    InterruptionDecision first =
        InterruptionPolicy.handle(
            withPod(true),
            InterruptionState.EMPTY,
            OPTIONS,
            NOW,
            List.of(hook("h1", "i-n1", "ng1")));
    ClusterSnapshot reused =
        cluster()
            .groups(group("ng1"))
            .nodes(node("n1").inGroup("ng1").providerId("aws:///eu-west-1a/i-new"))
            .pods(pod("web").on("n1"))
            .build();
    InterruptionDecision after =
        InterruptionPolicy.handle(reused, first.next(), OPTIONS, NOW.plusSeconds(60), List.of());
    assertThat(after.actions())
        .extracting(Action::describe)
        .containsExactly("complete lifecycle hook drain-hook for aws:///eu-west-1a/i-n1");
    assertThat(after.nodesLeaving()).isEmpty();
  }
}
