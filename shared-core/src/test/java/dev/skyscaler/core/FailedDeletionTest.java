package dev.skyscaler.core;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.core.state.Drain;
import dev.skyscaler.core.state.DrainStep;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A removal whose instance deletion was asked, while the node is still there: the cloud's own list
 * of instances tells a deletion under way from one that did not take (the call failed), and only
 * the latter is asked again — the next scan plans from what the cloud shows, not from what the last
 * scan meant to do.
 */
class FailedDeletionTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final String N1 = "aws:///eu-west-1a/i-n1";

  record Case(String name, List<CloudInstance> instances, List<String> deletions) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "an instance the cloud still runs after its deletion was asked is deleted again",
            List.of(new CloudInstance("ng1", N1, InstanceState.RUNNING, Instant.EPOCH)),
            List.of("delete n1 of ng1 (empty)")),
        new Case(
            "an instance the cloud is terminating is waited for",
            List.of(new CloudInstance("ng1", N1, InstanceState.TERMINATING, Instant.EPOCH)),
            List.of()),
        new Case(
            "an instance the cloud no longer lists is waited for, its node to go",
            List.of(),
            List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aDeletionIsAskedAgainOnlyWhenTheCloudDidNotTakeIt(Case c) {
    var snapshot =
        cluster()
            .groups(group("ng1").min(0).max(5))
            .nodes(
                node("n1")
                    .inGroup("ng1")
                    .taint("ToBeDeletedByClusterAutoscaler", "1795000000", TaintEffect.NO_SCHEDULE)
                    .cordoned(),
                node("n2").inGroup("ng1"))
            .build();
    Drain deleting =
        new Drain(
            "n1",
            "ng1",
            N1,
            DrainStep.DELETING,
            true,
            "empty",
            NOW.minus(Duration.ofMinutes(1)),
            NOW.plus(Duration.ofMinutes(4)));
    AutoscalerState state =
        new AutoscalerState(
            Map.of(),
            Map.of(),
            Map.of("n1", deleting),
            AutoscalerState.NEVER,
            NOW.minus(Duration.ofMinutes(1)),
            AutoscalerState.NEVER);

    var plan =
        Autoscaler.runOnce(
            snapshot,
            state,
            OptionsParser.parse(Map.of()),
            NOW,
            new CloudObservations(c.instances(), List.of()));

    assertThat(plan.actions())
        .extracting(Action::describe)
        .filteredOn(a -> a.startsWith("delete"))
        .containsExactlyElementsOf(c.deletions());
    assertThat(plan.state().drains()).containsEntry("n1", deleting);
  }
}
