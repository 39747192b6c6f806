package dev.skyscaler.kubernetes.actuation;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.taint;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.interruption.InterruptionPolicy;
import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The taint is what the next scan sees of a mark we made (the cordon's own mark is the adapter's,
 * invisible to the planners), so a cordon of ours never stays without its taint: a cordon whose
 * taint did not land is not made, and a taint whose cordon could not be lifted is kept for the next
 * scan to roll back again. Found by {@code MultiScanPropertiesTest}: a spot warning whose taint
 * patch met five conflicts, whose cordon landed and whose state save was refused left the node
 * cordoned with no owner and nothing that would ever lift it.
 */
class CordonRidesOnTaintTest {
  static final Taint INTERRUPTED =
      new Taint(InterruptionPolicy.TAINT_KEY, "spot-warning", TaintEffect.NO_SCHEDULE);

  @RegisterExtension final MockCluster cluster = new MockCluster();

  record Case(
      String name,
      boolean markedBefore,
      List<Action> plan,
      String conflicting,
      boolean cordoned,
      boolean tainted) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a taint that meets conflict after conflict leaves its node uncordoned",
            false,
            List.of(new TaintNode("n1", INTERRUPTED), new CordonNode("n1")),
            "/spec/taints",
            false,
            false),
        new Case(
            "a cordon that cannot be lifted keeps the taint that owns it",
            true,
            List.of(new RemoveTaint("n1", InterruptionPolicy.TAINT_KEY), new UncordonNode("n1")),
            "/spec/unschedulable",
            true,
            true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aCordonOfOursIsNeverLeftWithoutItsTaint(Case c) {
    var n1 = node("n1");
    if (c.markedBefore()) {
      n1 = node("n1", taint(InterruptionPolicy.TAINT_KEY, "spot-warning", "NoSchedule"));
      n1.getSpec().setUnschedulable(true);
      n1.getMetadata().setAnnotations(Map.of(NodeEditor.CORDONED_BY_AUTOSCALER, "true"));
    }
    cluster.admin().nodes().resource(n1).create();
    // NodeEditor's five attempts at the edit of that field all conflict
    cluster.fail(
        call -> call.verb().equals("patch") && call.body().contains(c.conflicting()), 409, 5);

    ActuationReport report =
        NodeEditsTest.actuator(cluster.connect()).carryOut(c.plan(), EventTargets.NONE);

    var after = cluster.admin().nodes().withName("n1").get();
    assertThat(Boolean.TRUE.equals(after.getSpec().getUnschedulable()))
        .as("cordoned; %s", report.outcomes())
        .isEqualTo(c.cordoned());
    assertThat(after.getSpec().getTaints())
        .extracting(t -> t.getKey())
        .as("tainted")
        .containsExactlyElementsOf(c.tainted() ? List.of(InterruptionPolicy.TAINT_KEY) : List.of());
    assertThat(report.outcomes())
        .extracting(o -> o.result())
        .as("the edit that conflicts fails; the other is not made")
        .containsExactlyInAnyOrder(Outcome.Result.FAILED, Outcome.Result.SKIPPED);
  }
}
