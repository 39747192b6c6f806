package dev.skyscaler.core.health;

import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.HealthOptions;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RepairInstance.Level;
import dev.skyscaler.core.state.HealthState;
import dev.skyscaler.core.state.RepairRecord;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The repair rules, one row each: what is repaired, with which rung, and the reason given. */
class NodeRepairTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  /** A member of {@code group} whose Ready condition has been {@code status} since {@code ago}. */
  static NodeSpec unready(String name, String group, String status, Duration ago) {
    return node(name).inGroup(group).condition("Ready", status, NOW.minus(ago));
  }

  static RepairRecord record(String node, Level level, Duration ago) {
    return new RepairRecord(node, "aws:///eu-west-1a/i-" + node, level, NOW.minus(ago));
  }

  record Case(
      String name,
      ClusterSpec cluster,
      UnaryOperator<HealthOptions.Builder> options,
      Map<String, RepairRecord> repairs,
      List<String> actions,
      List<String> reasons,
      Map<String, RepairRecord> next) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> rules() {
    return Stream.of(
        new Case(
            "a node NotReady for longer than unhealthy-time is restarted first",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(6))),
            o -> o,
            Map.of(),
            List.of(
                "restart n1 of ng1",
                "warning NodeRepair on Node n1: restart n1: Ready=False for 6m"),
            List.of("n1 of ng1: Ready=False for 6m, more than --unhealthy-time=5m: restart"),
            Map.of("ng1", record("n1", Level.RESTART, Duration.ZERO))),
        new Case(
            "a node NotReady for exactly unhealthy-time waits",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(5))),
            o -> o,
            Map.of(),
            List.of(),
            List.of("n1 of ng1: Ready=False for 5m, repaired after --unhealthy-time=5m"),
            Map.of()),
        new Case(
            "a node whose Ready condition is Unknown is unhealthy too",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "Unknown", Duration.ofMinutes(7))),
            o -> o,
            Map.of(),
            List.of(
                "restart n1 of ng1",
                "warning NodeRepair on Node n1: restart n1: Ready=Unknown for 7m"),
            List.of("n1 of ng1: Ready=Unknown for 7m, more than --unhealthy-time=5m: restart"),
            Map.of("ng1", record("n1", Level.RESTART, Duration.ZERO))),
        new Case(
            "a node younger than max-node-startup-time is still starting",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(6))
                        .createdAt(NOW.minus(Duration.ofMinutes(6)))),
            o -> o,
            Map.of(),
            List.of(),
            List.of(
                "n1 of ng1: not Ready yet, still starting (younger than --max-node-startup-time=15m)"),
            Map.of()),
        new Case(
            "a node in no managed group is not repaired",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    node("n0").inGroup("ng1"),
                    node("n1").condition("Ready", "False", NOW.minus(Duration.ofHours(1)))),
            o -> o,
            Map.of(),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "AWS maps the ladder to replace only",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(6))),
            o -> o.repairLadder(List.of(Level.REPLACE)),
            Map.of(),
            List.of(
                "replace n1 of ng1",
                "warning NodeRepair on Node n1: replace n1: Ready=False for 6m"),
            List.of("n1 of ng1: Ready=False for 6m, more than --unhealthy-time=5m: replace"),
            Map.of("ng1", record("n1", Level.REPLACE, Duration.ZERO))),
        new Case(
            "a group's own ladder replaces the default one there",
            cluster()
                .groups(group("ng1"), group("spot"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(6)),
                    unready("s1", "spot", "False", Duration.ofMinutes(6))),
            o -> o.repairLadderByGroup(Map.of("spot", List.of(Level.REIMAGE, Level.REPLACE))),
            Map.of(),
            List.of(
                "restart n1 of ng1",
                "warning NodeRepair on Node n1: restart n1: Ready=False for 6m",
                "reimage s1 of spot",
                "warning NodeRepair on Node s1: reimage s1: Ready=False for 6m"),
            List.of(
                "n1 of ng1: Ready=False for 6m, more than --unhealthy-time=5m: restart",
                "s1 of spot: Ready=False for 6m, more than --unhealthy-time=5m: reimage"),
            Map.of(
                "ng1", record("n1", Level.RESTART, Duration.ZERO),
                "spot", record("s1", Level.REIMAGE, Duration.ZERO))),
        new Case(
            "one repair per group at a time, the longest unready first",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(6)),
                    unready("n2", "ng1", "False", Duration.ofMinutes(9))),
            o -> o,
            Map.of(),
            List.of(
                "restart n2 of ng1",
                "warning NodeRepair on Node n2: restart n2: Ready=False for 9m"),
            List.of(
                "n1 of ng1: waits, one repair per group at a time (n2 goes first)",
                "n2 of ng1: Ready=False for 9m, more than --unhealthy-time=5m: restart"),
            Map.of("ng1", record("n2", Level.RESTART, Duration.ZERO))),
        new Case(
            "a node tainted for deletion or interrupted is leaving, not repaired",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(6))
                        .taint(
                            "ToBeDeletedByClusterAutoscaler",
                            "1700000000",
                            TaintEffect.NO_SCHEDULE),
                    unready("n2", "ng1", "False", Duration.ofMinutes(6))
                        .taint(
                            "skyscaler.dev/interrupted", "spot-warning", TaintEffect.NO_SCHEDULE)),
            o -> o,
            Map.of(),
            List.of(),
            List.of(
                "n1 of ng1: leaving (taint ToBeDeletedByClusterAutoscaler); not repaired",
                "n2 of ng1: leaving (taint skyscaler.dev/interrupted); not repaired"),
            Map.of()),
        new Case(
            "node-repair-enabled=false repairs nothing and forgets repairs",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(6))),
            o -> o.nodeRepairEnabled(false),
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(20))),
            List.of(),
            List.of(),
            Map.of()),
        new Case(
            "a rung is given repair-step-timeout before the next",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(12)),
                    unready("n2", "ng1", "False", Duration.ofMinutes(30))),
            o -> o,
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(4))),
            List.of(),
            List.of(
                "n2 of ng1: waits, one repair per group at a time (n1 is being repaired)",
                "n1 of ng1: restart requested 4m ago; the next rung follows after"
                    + " --repair-step-timeout=10m"),
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(4)))),
        new Case(
            "a node still unready after repair-step-timeout gets the next rung",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(16))),
            o -> o,
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(10))),
            List.of(
                "reimage n1 of ng1",
                "warning NodeRepair on Node n1: reimage n1: still Ready=False 10m after restart"),
            List.of("n1 of ng1: still Ready=False 10m after restart: reimage"),
            Map.of("ng1", record("n1", Level.REIMAGE, Duration.ZERO))),
        new Case(
            "the last rung is tried again with a warning once the ladder is run out",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(40))),
            o -> o,
            Map.of("ng1", record("n1", Level.REPLACE, Duration.ofMinutes(11))),
            List.of(
                "replace n1 of ng1",
                "warning NodeRepair on Node n1: replace n1: still Ready=False 11m after replace"),
            List.of(),
            Map.of("ng1", record("n1", Level.REPLACE, Duration.ZERO))),
        new Case(
            "a node under repair that is now leaving ends its repair",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(30))
                        .taint(
                            "skyscaler.dev/interrupted", "spot-warning", TaintEffect.NO_SCHEDULE)),
            o -> o,
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(12))),
            List.of(),
            List.of("n1 of ng1: leaving (taint skyscaler.dev/interrupted); repair stopped"),
            Map.of()),
        new Case(
            "a repaired node that is Ready again ends its repair",
            cluster().groups(group("ng1")).nodes(node("n1").inGroup("ng1")),
            o -> o,
            Map.of("ng1", record("n1", Level.RESTART, Duration.ofMinutes(3))),
            List.of(),
            List.of("n1 of ng1: Ready again after restart; repair finished"),
            Map.of()),
        new Case(
            "a replaced node that is gone ends its repair and the next node starts",
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n2", "ng1", "False", Duration.ofMinutes(8))),
            o -> o,
            Map.of("ng1", record("n1", Level.REPLACE, Duration.ofMinutes(3))),
            List.of(
                "restart n2 of ng1",
                "warning NodeRepair on Node n2: restart n2: Ready=False for 8m"),
            List.of(
                "n1 of ng1: gone after replace; repair finished",
                "n2 of ng1: Ready=False for 8m, more than --unhealthy-time=5m: restart"),
            Map.of("ng1", record("n2", Level.RESTART, Duration.ZERO))),
        new Case(
            "a node of the same name on another instance is a replacement, not the repaired node",
            cluster()
                .groups(group("ng1"))
                .nodes(
                    unready("n1", "ng1", "False", Duration.ofMinutes(2))
                        .providerId("aws:///eu-west-1a/i-new")),
            o -> o,
            Map.of("ng1", record("n1", Level.REPLACE, Duration.ofMinutes(12))),
            List.of(),
            List.of("n1 of ng1: gone after replace; repair finished"),
            Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void repairRule(Case c) {
    HealthOptions options = c.options().apply(HealthOptions.defaults().toBuilder()).build();
    HealthDecision d =
        NodeHealthPolicy.evaluate(
            c.cluster().build(), new HealthState(c.repairs(), Map.of()), options, NOW, List.of());
    assertThat(d.actions()).extracting(Action::describe).containsExactlyElementsOf(c.actions());
    assertThat(d.reasons()).containsExactlyInAnyOrderElementsOf(c.reasons());
    assertThat(d.next().repairs()).isEqualTo(c.next());
    assertThat(d.clusterHealthy()).isTrue();
  }

  @Test
  void aLadderRunOutIsAWarning() {
    HealthDecision d =
        NodeHealthPolicy.evaluate(
            cluster()
                .groups(group("ng1"))
                .nodes(unready("n1", "ng1", "False", Duration.ofMinutes(40)))
                .build(),
            new HealthState(
                Map.of("ng1", record("n1", Level.REPLACE, Duration.ofMinutes(11))), Map.of()),
            HealthOptions.defaults(),
            NOW,
            List.of());
    assertThat(d.warnings())
        .containsExactly(
            "n1 of ng1: still Ready=False 11m after replace, the last rung of the ladder: replace"
                + " again");
  }
}
