package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.CloudObservations;
import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.BackoffOptions;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.NodeGroupBackoff;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CA's exponential node-group backoff with its defaults (5m initial, 30m max, 3h reset), the time
 * given to every call.
 */
class NodeGroupBackoffsTest {
  static final Instant T = Instant.parse("2026-11-27T12:00:00Z");
  static final CloudInstance FAILED =
      new CloudInstance("ng1", "aws:///eu-west-1a/i-placeholder-0", InstanceState.FAILED, T);
  static final CloudInstance RUNNING =
      new CloudInstance("ng1", "aws:///eu-west-1a/i-0abc", InstanceState.RUNNING, T);

  static NodeGroupBackoff backoff(Duration d, Duration untilFromT, Duration lastFromT) {
    return new NodeGroupBackoff(
        d,
        T.plus(untilFromT),
        T.plus(lastFromT),
        NodeGroupBackoff.CLOUD_PROVIDER_ERROR,
        "the cloud could not create 1 instance(s)");
  }

  static Duration min(long m) {
    return Duration.ofMinutes(m);
  }

  static Stream<Arguments> scans() {
    return Stream.of(
        Arguments.of(
            "a first failure backs the group off for the initial duration",
            null,
            FAILED,
            backoff(min(5), min(5), Duration.ZERO)),
        Arguments.of(
            "a failure after the backoff ended doubles it",
            backoff(min(5), min(-1), min(-6)),
            FAILED,
            backoff(min(10), min(10), Duration.ZERO)),
        Arguments.of(
            "doubling stops at --max-node-group-backoff-duration",
            backoff(min(20), min(-1), min(-21)),
            FAILED,
            backoff(min(30), min(30), Duration.ZERO)),
        Arguments.of(
            "a failure seen again while backed off changes nothing",
            backoff(min(10), min(5), min(-5)),
            FAILED,
            backoff(min(10), min(5), min(-5))),
        Arguments.of(
            "a backoff ending exactly now is over, and the next is not doubled (CA compares"
                + " strictly)",
            backoff(min(5), Duration.ZERO, min(-5)),
            FAILED,
            backoff(min(5), min(5), Duration.ZERO)),
        Arguments.of(
            "without a failure a backoff is kept until the reset timeout after the last failure",
            backoff(min(5), min(-175), min(-180)),
            RUNNING,
            backoff(min(5), min(-175), min(-180))),
        Arguments.of(
            "a backoff whose last failure is longer ago than the reset timeout is forgotten",
            backoff(min(5), min(-176), min(-181)),
            RUNNING,
            null),
        Arguments.of(
            "a failure after the reset timeout starts again from the initial duration",
            backoff(min(30), min(-200), min(-230)),
            FAILED,
            backoff(min(5), min(5), Duration.ZERO)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scans")
  void backoffGrowsAndResetsAsCas(
      String name, NodeGroupBackoff before, CloudInstance seen, NodeGroupBackoff after) {
    Map<String, NodeGroupBackoff> previous = before == null ? Map.of() : Map.of("ng1", before);
    Map<String, NodeGroupBackoff> next =
        NodeGroupBackoffs.update(previous, List.of(seen), BackoffOptions.DEFAULTS, T);
    assertThat(next).isEqualTo(after == null ? Map.of() : Map.of("ng1", after));
  }

  @Test
  void theDurationsAreTheOptions() {
    BackoffOptions quick = new BackoffOptions(min(1), min(3), Duration.ofHours(1));
    var first = NodeGroupBackoffs.update(Map.of(), List.of(FAILED), quick, T);
    var second = NodeGroupBackoffs.update(first, List.of(FAILED), quick, T.plus(min(2)));
    var third = NodeGroupBackoffs.update(second, List.of(FAILED), quick, T.plus(min(5)));
    assertThat(List.of(first, second, third))
        .extracting(m -> m.get("ng1").duration())
        .containsExactly(min(1), min(2), min(3));
  }

  @Test
  void aBackedOffGroupGetsNoNodeAndItsRequestedCapacityIsNotCountedAsUpcoming() {
    // ng1 asked for a third node the cloud could not create; ng2 has the same shape
    var snapshot =
        cluster()
            .groups(
                group("ng1").target(3).template(template().cpu("4")),
                group("ng2").price(1).template(template().cpu("4")))
            .nodes(node("n1").cpu("4").inGroup("ng1"), node("n2").cpu("4").inGroup("ng1"))
            .pods(pod("a").cpu("3").on("n1"), pod("b").cpu("3").on("n2"), pod("web").cpu("3"))
            .build();
    var options = AutoscalerOptions.defaults();

    Plan quiet = Autoscaler.runOnce(snapshot, AutoscalerState.EMPTY, options, T);
    Plan failed =
        Autoscaler.runOnce(
            snapshot,
            AutoscalerState.EMPTY,
            options,
            T,
            new CloudObservations(List.of(FAILED), List.of()));

    assertThat(quiet.scaleUps()).as("web waits for ng1's upcoming node").isEmpty();
    assertThat(failed.scaleUps()).extracting(ScaleUp::nodeGroup).containsExactly("ng2");
    assertThat(failed.state().backoffs())
        .containsExactly(Map.entry("ng1", backoff(min(5), min(5), Duration.ZERO)));
    assertThat(failed.warnings())
        .contains(
            "node group ng1 is in backoff after a failed scale-up until 2026-11-27T12:05:00Z"
                + " (5m, the cloud could not create 1 instance(s)): it gets no new node until then");
  }
}
