package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.CloudInstance;
import dev.skyscaler.core.cloud.CloudInstance.InstanceState;
import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.testkit.GroupSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Instances that never became nodes: deleted after max-node-provision-time, above the minimum. */
class UnregisteredInstancesTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  static CloudInstance instance(String id, InstanceState state, Duration age) {
    return new CloudInstance("ng1", "aws:///eu-west-1a/" + id, state, NOW.minus(age));
  }

  static String deleted(String id) {
    return "delete aws:///eu-west-1a/" + id + " of ng1 (unregistered)";
  }

  static String event(String id) {
    return "event DeleteUnregistered on ConfigMap kube-system/cluster-autoscaler-status: Removed"
        + " unregistered node aws:///eu-west-1a/"
        + id;
  }

  record Case(
      String name,
      GroupSpec group,
      boolean force,
      List<CloudInstance> instances,
      Map<String, Instant> requested,
      List<String> actions,
      List<String> warnings,
      Map<String, Instant> next) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> rules() {
    Duration old = Duration.ofMinutes(16);
    String minWarning =
        "instance aws:///eu-west-1a/i-b of ng1: no node registered within"
            + " --max-node-provision-time=15m, but not deleted: node group min size reached (1);"
            + " --force-delete-unregistered-nodes deletes it anyway";
    return Stream.of(
        new Case(
            "an instance without a node after max-node-provision-time is deleted and the group shrinks",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.RUNNING, old)),
            Map.of(),
            List.of(deleted("i-a"), event("i-a")),
            List.of(),
            Map.of("i-a", NOW)),
        new Case(
            "an instance exactly max-node-provision-time old still has time",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.PENDING, Duration.ofMinutes(15))),
            Map.of(),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "a pending instance that never booted is deleted like a running one",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.PENDING, old)),
            Map.of(),
            List.of(deleted("i-a"), event("i-a")),
            List.of(),
            Map.of("i-a", NOW)),
        new Case(
            "an instance with a registered node is left alone",
            group("ng1").target(3),
            false,
            List.of(instance("i-n1", InstanceState.RUNNING, Duration.ofDays(3))),
            Map.of(),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "a terminating instance needs nothing",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.TERMINATING, old)),
            Map.of("i-a", NOW.minus(Duration.ofMinutes(20))),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "an instance the cloud failed to create is left to scale-up's failure handling",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.FAILED, old)),
            Map.of(),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "deletions stop at the group's minimum, oldest instance first",
            group("ng1").min(1).target(2),
            false,
            List.of(
                instance("i-b", InstanceState.RUNNING, old),
                instance("i-a", InstanceState.RUNNING, Duration.ofHours(1))),
            Map.of(),
            List.of(deleted("i-a"), event("i-a")),
            List.of(minWarning),
            Map.of("i-a", NOW)),
        new Case(
            "force-delete-unregistered-nodes deletes below the minimum",
            group("ng1").min(2).target(2),
            true,
            List.of(instance("i-a", InstanceState.RUNNING, old)),
            Map.of(),
            List.of(deleted("i-a"), event("i-a")),
            List.of(),
            Map.of("i-a", NOW)),
        new Case(
            "a requested deletion is not repeated within repair-step-timeout",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.RUNNING, old)),
            Map.of("i-a", NOW.minus(Duration.ofMinutes(9))),
            List.of(),
            List.of(),
            Map.of("i-a", NOW.minus(Duration.ofMinutes(9)))),
        new Case(
            "a requested deletion is repeated when the instance outlives repair-step-timeout",
            group("ng1").target(3),
            false,
            List.of(instance("i-a", InstanceState.RUNNING, old)),
            Map.of("i-a", NOW.minus(Duration.ofMinutes(10))),
            List.of(deleted("i-a"), event("i-a")),
            List.of(),
            Map.of("i-a", NOW)),
        new Case(
            "instances of groups this cluster does not manage are not touched",
            group("ng1").target(3),
            false,
            List.of(new CloudInstance("other", "i-x", InstanceState.RUNNING, NOW.minus(old))),
            Map.of(),
            List.of(),
            List.of(),
            Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void unregisteredRule(Case c) {
    var snapshot = cluster().groups(c.group()).nodes(node("n1").inGroup("ng1")).build();
    HealthOptions options =
        HealthOptions.defaults().toBuilder().forceDeleteUnregisteredNodes(c.force()).build();
    HealthDecision d =
        NodeHealthPolicy.evaluate(
            snapshot, new HealthState(Map.of(), c.requested()), options, NOW, c.instances());
    assertThat(d.actions()).extracting(Action::describe).containsExactlyElementsOf(c.actions());
    assertThat(d.warnings()).containsExactlyElementsOf(c.warnings());
    assertThat(d.next().deletions()).isEqualTo(c.next());
  }
}
