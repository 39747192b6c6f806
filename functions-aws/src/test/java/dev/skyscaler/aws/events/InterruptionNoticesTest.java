package dev.skyscaler.aws.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.cloud.InterruptionNotice.LifecycleHook;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InterruptionNoticesTest {
  private static final String INSTANCE = "i-0b662ef9931388ba0";

  @Test
  void aSpotWarningIsDueTwoMinutesAfterTheEvent() {
    InterruptionNotice n = notice("spot-interruption-warning.json", Optional.empty());

    assertThat(n)
        .isEqualTo(
            InterruptionNotice.of(
                "1e5527d7-bb36-4607-3370-4164db56a40e",
                Kind.SPOT_WARNING,
                INSTANCE,
                Instant.parse("2026-11-21T12:02:00Z")));
  }

  @Test
  void aRebalanceCarriesItsEventTime() {
    InterruptionNotice n = notice("rebalance-recommendation.json", Optional.empty());

    assertThat(n.kind()).isEqualTo(Kind.REBALANCE);
    assertThat(n.deadline()).isEqualTo(Instant.parse("2026-11-21T11:58:30Z"));
  }

  @Test
  void aLifecycleActionWaitsTheHooksHeartbeatTimeoutAndCarriesTheHook() {
    InterruptionNotice n =
        notice("instance-terminate-lifecycle-action.json", Optional.of(Duration.ofMinutes(5)));

    assertThat(n.kind()).isEqualTo(Kind.LIFECYCLE_TERMINATE);
    assertThat(n.deadline()).isEqualTo(Instant.parse("2026-11-21T12:06:10Z"));
    assertThat(n.hook())
        .contains(
            new LifecycleHook(
                "prod-spot-a", "skyscaler-drain", "87654321-4321-4321-4321-210987654321"));
  }

  @Test
  void aHookWhoseTimeoutCannotBeReadGetsAwsDefaultHour() {
    InterruptionNotice n = notice("instance-terminate-lifecycle-action.json", Optional.empty());

    assertThat(n.deadline()).isEqualTo(Instant.parse("2026-11-21T13:01:10Z"));
  }

  @ParameterizedTest(name = "a state change to {0} is a notice: {1}")
  @CsvSource({
    "shutting-down, true",
    "terminated, true",
    "stopping, true",
    "stopped, true",
    "pending, false",
    "running, false"
  })
  void onlyStateChangesToAGoingStateAreNotices(String state, boolean notice) {
    String json =
        EventBridgeEventsTest.fixture("state-change-notification.json")
            .replace("shutting-down", state);
    Ec2InstanceEvent e = EventBridgeEvents.parse("m", json).orElseThrow();

    assertThat(InterruptionNotices.of(e, a -> Optional.empty()).isPresent()).isEqualTo(notice);
  }

  private static InterruptionNotice notice(String fixture, Optional<Duration> heartbeat) {
    Ec2InstanceEvent e =
        EventBridgeEvents.parse("m", EventBridgeEventsTest.fixture(fixture)).orElseThrow();
    return InterruptionNotices.of(e, a -> heartbeat).orElseThrow();
  }
}
