package dev.skyscaler.kubernetes.actuation;

import static dev.skyscaler.testkit.TestKit.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.actuation.StaleDeletions.Rollback;
import dev.skyscaler.testkit.NodeSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StaleDeletionsTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  record Case(
      String name,
      NodeSpec node,
      Map<String, Instant> drains,
      List<Action> actions,
      Set<String> forgotten) {
    @Override
    public String toString() {
      return name;
    }
  }

  static NodeSpec tainted() {
    return node("n1")
        .cpu("4")
        .memory("16Gi")
        .taint(CaTaints.TO_BE_DELETED, "1738320000", TaintEffect.NO_SCHEDULE);
  }

  static Stream<Case> cases() {
    RecordEvent expired =
        new RecordEvent(
            "Node",
            "n1",
            "ScaleDownFailed",
            "drain did not finish by 2025-01-31T11:59:00Z; node returned to service",
            true);
    return Stream.of(
        new Case(
            "a deletion taint without a drain is removed",
            tainted(),
            Map.of(),
            List.of(new RemoveTaint("n1", CaTaints.TO_BE_DELETED)),
            Set.of()),
        new Case(
            "the autoscaler's own cordon is lifted with it",
            tainted().cordoned().annotation(NodeEditor.CORDONED_BY_AUTOSCALER, "true"),
            Map.of(),
            List.of(new RemoveTaint("n1", CaTaints.TO_BE_DELETED), new UncordonNode("n1")),
            Set.of()),
        new Case(
            "a cordon someone else made stays",
            tainted().cordoned(),
            Map.of(),
            List.of(new RemoveTaint("n1", CaTaints.TO_BE_DELETED)),
            Set.of()),
        new Case(
            "a drain within its deadline is left alone",
            tainted(),
            Map.of("n1", NOW.plusSeconds(60)),
            List.of(),
            Set.of()),
        new Case(
            "a drain past its deadline is rolled back, forgotten and reported",
            tainted(),
            Map.of("n1", NOW.minusSeconds(60)),
            List.of(new RemoveTaint("n1", CaTaints.TO_BE_DELETED), expired),
            Set.of("n1")),
        new Case(
            "a drain recorded before its taint is left alone",
            node("n1").cpu("4").memory("16Gi"),
            Map.of("n1", NOW.minusSeconds(60)),
            List.of(),
            Set.of()),
        new Case(
            "a soft deletion-candidate taint is not this cleanup's business",
            node("n1")
                .cpu("4")
                .memory("16Gi")
                .taint(CaTaints.DELETION_CANDIDATE, "1738320000", TaintEffect.PREFER_NO_SCHEDULE),
            Map.of(),
            List.of(),
            Set.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void staleDeletionStateIsRolledBack(Case c) {
    Rollback rollback =
        StaleDeletions.plan(
            List.of(c.node().build()), node -> Optional.ofNullable(c.drains().get(node)), NOW);

    assertThat(rollback.actions()).isEqualTo(c.actions());
    assertThat(rollback.drainsToForget()).isEqualTo(c.forgotten());
    assertThat(rollback.notes()).hasSize(c.actions().isEmpty() ? 0 : 1);
  }
}
