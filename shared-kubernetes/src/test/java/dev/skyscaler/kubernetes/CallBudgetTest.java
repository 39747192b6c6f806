package dev.skyscaler.kubernetes;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write's request timeout and retries fitted in the time its lease grants: with the defaults (15
 * s per attempt, 2 retries from 200 ms), the whole call, back-off included, ends within the budget.
 */
class CallBudgetTest {
  @RegisterExtension final MockCluster cluster = new MockCluster();

  record Case(String name, Duration budget, boolean retry, CallBudget expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    Duration interval = Duration.ofMillis(200);
    return Stream.of(
        new Case(
            "a budget with room for every attempt keeps the connection's settings",
            Duration.ofMinutes(1),
            true,
            new CallBudget(Duration.ofSeconds(15), 2, interval)),
        new Case(
            "30 s keeps both retries with shorter attempts: 3 x 9.8 s + 0.6 s of back-off",
            Duration.ofSeconds(30),
            true,
            new CallBudget(Duration.ofMillis(9800), 2, interval)),
        new Case(
            "2 s drops the retries rather than make attempts under a second",
            Duration.ofSeconds(2),
            true,
            new CallBudget(Duration.ofSeconds(2), 0, interval)),
        new Case(
            "3 s keeps one retry of 1.4 s",
            Duration.ofSeconds(3),
            true,
            new CallBudget(Duration.ofMillis(1400), 1, interval)),
        new Case(
            "a call without retries (an eviction) gets the whole budget, up to its timeout",
            Duration.ofSeconds(30),
            false,
            new CallBudget(Duration.ofSeconds(15), 0, interval)),
        new Case(
            "no budget left still makes one attempt, of a millisecond",
            Duration.ZERO,
            true,
            new CallBudget(Duration.ofMillis(1), 0, interval)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theCallFitsTheBudget(Case c) {
    CallBudget fit = CallBudget.within(c.budget(), ConnectionOptions.DEFAULTS, c.retry());

    assertThat(fit).isEqualTo(c.expected());
    Duration worst =
        fit.attemptTimeout()
            .multipliedBy(fit.retries() + 1L)
            .plus(fit.retryInterval().multipliedBy((1L << fit.retries()) - 1));
    if (!c.budget().isZero()) {
      assertThat(worst).isLessThanOrEqualTo(c.budget());
    }
  }

  /** Unbounded, the 1.5 s answer would arrive within the 2 s timeout; bounded, the call ends. */
  @Test
  void aWriteBoundedBelowTheServersDelayEndsAfterOneAttempt() {
    cluster.admin().nodes().resource(node("n1")).create();
    var connection = cluster.connect(MockCluster.OPTIONS.withRetries(2, Duration.ofMillis(10)));
    cluster.answerLate(call("patch", "nodes"), Duration.ofMillis(1500));
    cluster.clearCalls();

    assertThatThrownBy(
            () ->
                connection.write(
                    write -> Duration.ofMillis(1200), "label n1", CallBudgetTest::label))
        .isInstanceOf(KubernetesClientException.class);
    assertThat(cluster.calls()).filteredOn(call("patch", "nodes")).hasSize(1);
  }

  /** A writer held up between its admission and its request (a pause) does not send it late. */
  @Test
  void aRequestLeavingAfterTheFencesTimeRanOutIsNotSent() {
    cluster.admin().nodes().resource(node("n1")).create();
    WriteFence ranOut =
        new WriteFence() {
          @Override
          public Duration admit(String write) {
            return Duration.ofSeconds(30);
          }

          @Override
          public Duration timeLeft() {
            return Duration.ZERO; // the writer paused after its admission
          }
        };
    var connection = cluster.connect();
    cluster.clearCalls();

    assertThatThrownBy(() -> connection.write(ranOut, "label n1", CallBudgetTest::label))
        .isInstanceOf(WriteRefusedException.class)
        .hasMessage("label n1: not sent: the lease's time for it ran out before it was sent");
    assertThat(cluster.calls()).filteredOn(call("patch", "nodes")).isEmpty();
    assertThat(cluster.admin().nodes().withName("n1").get().getMetadata().getLabels())
        .doesNotContainKey("touched");
  }

  private static Object label(io.fabric8.kubernetes.client.KubernetesClient c) {
    return c.nodes()
        .withName("n1")
        .edit(
            n -> {
              n.getMetadata().setLabels(java.util.Map.of("touched", "yes"));
              return n;
            });
  }
}
