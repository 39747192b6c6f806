package dev.skyscaler.kubernetes.actuation;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.taint;
import static dev.skyscaler.kubernetes.mock.MockCluster.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.model.Taint;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.RemoveTaint;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.core.plan.action.UncordonNode;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class NodeEditsTest {
  static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

  @RegisterExtension final MockCluster cluster = new MockCluster();

  @Test
  void aDeletionTaintIsAddedInCasFormatNextToOthersTaints() {
    cluster.admin().nodes().resource(node("n1", taint("dedicated", "gpu", "NoSchedule"))).create();

    Outcome outcome = carryOut(new TaintNode("n1", CaTaints.toBeDeleted(NOW)));

    assertThat(outcome.result()).isEqualTo(Result.DONE);
    assertThat(taintsOf("n1"))
        .containsExactly(
            "dedicated=gpu:NoSchedule", "ToBeDeletedByClusterAutoscaler=1738324800:NoSchedule");
  }

  @Test
  void aCaTaintAlreadyThereKeepsItsFirstTime() {
    cluster
        .admin()
        .nodes()
        .resource(node("n1", taint(CaTaints.DELETION_CANDIDATE, "1738320000", "PreferNoSchedule")))
        .create();

    Outcome outcome = carryOut(new TaintNode("n1", CaTaints.deletionCandidate(NOW)));

    assertThat(outcome.result()).as(outcome.detail()).isEqualTo(Result.UNCHANGED);
    assertThat(taintsOf("n1"))
        .containsExactly("DeletionCandidateOfClusterAutoscaler=1738320000:PreferNoSchedule");
    assertThat(cluster.writes()).isEmpty();
  }

  @Test
  void anotherTaintWithTheSameKeyAndEffectGetsTheNewValue() {
    cluster.admin().nodes().resource(node("n1", taint("team", "a", "NoSchedule"))).create();

    carryOut(new TaintNode("n1", new Taint("team", "b", TaintEffect.NO_SCHEDULE)));

    assertThat(taintsOf("n1")).containsExactly("team=b:NoSchedule");
  }

  @Test
  void aConflictOnTheTaintPatchIsRetriedFromAFreshRead() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.fail(call("patch", "nodes"), 409, 1);

    Outcome outcome = carryOut(new TaintNode("n1", CaTaints.toBeDeleted(NOW)));

    assertThat(outcome.result()).isEqualTo(Result.DONE);
    assertThat(cluster.calls())
        .extracting(ApiCall::verb)
        .containsExactly("get", "patch", "get", "patch");
    assertThat(taintsOf("n1")).containsExactly(CaTaints.toBeDeleted(NOW).toString());
  }

  @Test
  void aTaintSomeoneElseAddsWhileWeWriteIsKept() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.interleave(
        call("patch", "nodes"),
        "/api/v1/nodes/n1",
        "{\"spec\":{\"taints\":[{\"key\":\"maintenance\",\"effect\":\"NoExecute\"}]}}");

    Outcome outcome = carryOut(new TaintNode("n1", CaTaints.toBeDeleted(NOW)));

    assertThat(outcome.result()).isEqualTo(Result.DONE);
    assertThat(taintsOf("n1"))
        .containsExactly("maintenance:NoExecute", CaTaints.toBeDeleted(NOW).toString());
  }

  @Test
  void removingATaintLeavesTheOthers() {
    cluster
        .admin()
        .nodes()
        .resource(
            node(
                "n1",
                taint("dedicated", "gpu", "NoSchedule"),
                taint(CaTaints.TO_BE_DELETED, "1738320000", "NoSchedule")))
        .create();

    Outcome outcome = carryOut(new RemoveTaint("n1", CaTaints.TO_BE_DELETED));

    assertThat(outcome.result()).isEqualTo(Result.DONE);
    assertThat(taintsOf("n1")).containsExactly("dedicated=gpu:NoSchedule");
    assertThat(carryOut(new RemoveTaint("n1", CaTaints.TO_BE_DELETED)).result())
        .isEqualTo(Result.UNCHANGED);
  }

  @Test
  void aCordonIsMarkedAsTheAutoscalersAndAnUncordonClearsBoth() {
    cluster.admin().nodes().resource(node("n1")).create();

    assertThat(carryOut(new CordonNode("n1")).result()).isEqualTo(Result.DONE);
    var cordoned = cluster.admin().nodes().withName("n1").get();
    assertThat(cordoned.getSpec().getUnschedulable()).isTrue();
    assertThat(cordoned.getMetadata().getAnnotations())
        .containsEntry(NodeEditor.CORDONED_BY_AUTOSCALER, "true");

    assertThat(carryOut(new UncordonNode("n1")).result()).isEqualTo(Result.DONE);
    var uncordoned = cluster.admin().nodes().withName("n1").get();
    assertThat(uncordoned.getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
    assertThat(uncordoned.getMetadata().getAnnotations())
        .doesNotContainKey(NodeEditor.CORDONED_BY_AUTOSCALER);
  }

  @Test
  void aNodeSomeoneElseCordonedIsLeftUnmarkedAndCordoned() {
    var n1 = node("n1");
    n1.getSpec().setUnschedulable(true);
    cluster.admin().nodes().resource(n1).create();

    assertThat(carryOut(new CordonNode("n1")).result()).isEqualTo(Result.UNCHANGED);
    assertThat(carryOut(new UncordonNode("n1")).result()).isEqualTo(Result.UNCHANGED);
    var after = cluster.admin().nodes().withName("n1").get();
    assertThat(after.getMetadata().getAnnotations()).isNullOrEmpty();
    assertThat(after.getSpec().getUnschedulable()).isTrue();
    assertThat(cluster.writes()).isEmpty();
  }

  @Test
  void aNodeThatIsGoneIsReportedAsGone() {
    Outcome outcome = carryOut(new TaintNode("n9", CaTaints.toBeDeleted(NOW)));

    assertThat(outcome.result()).isEqualTo(Result.GONE);
    assertThat(outcome.detail()).isEqualTo("node n9 no longer exists");
  }

  @Test
  void aServerThatKeepsFailingGivesAFailedOutcomeNamingTheCall() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.fail(call("patch", "nodes"), 500, 10);

    Outcome outcome = carryOut(new TaintNode("n1", CaTaints.toBeDeleted(NOW)));

    assertThat(outcome.result()).isEqualTo(Result.FAILED);
    assertThat(outcome.detail()).isEqualTo("patch node n1: HTTP 500 InternalError: injected fault");
    assertThat(taintsOf("n1")).isEmpty();
  }

  @Test
  void aPatchWhoseAnswerIsLostIsNotAppliedTwice() {
    cluster.admin().nodes().resource(node("n1", taint("team", "a", "NoSchedule"))).create();
    cluster.answerLate(call("patch", "nodes"), Duration.ofSeconds(2));
    ConnectionOptions quick =
        MockCluster.OPTIONS
            .withRequestTimeout(Duration.ofMillis(500))
            .withRetries(1, Duration.ofMillis(10));

    Outcome outcome =
        actuator(cluster.connect(quick))
            .carryOut(List.of(new TaintNode("n1", CaTaints.toBeDeleted(NOW))), EventTargets.NONE)
            .outcomes()
            .get(0);

    // the retried patch carries the version the first one replaced: 409, a fresh read, done
    assertThat(outcome.result()).as(outcome.detail()).isEqualTo(Result.UNCHANGED);
    assertThat(cluster.calls().stream().map(ApiCall::verb).filter(v -> !v.equals("get")))
        .containsExactly("patch", "patch");
    assertThat(cluster.calls().get(cluster.calls().size() - 1).verb()).isEqualTo("get");
    assertThat(taintsOf("n1"))
        .containsExactly("team=a:NoSchedule", CaTaints.toBeDeleted(NOW).toString());
  }

  private Outcome carryOut(Action action) {
    return actuator(cluster.connect())
        .carryOut(List.of(action), EventTargets.NONE)
        .outcomes()
        .get(0);
  }

  static KubernetesActuator actuator(dev.skyscaler.kubernetes.KubernetesConnection c) {
    return new KubernetesActuator(
        c,
        new EventRecorder(
            c,
            EventRecorder.EventOptions.DEFAULTS,
            Clock.fixed(NOW, ZoneOffset.UTC),
            WriteFence.NONE),
        WriteFence.NONE);
  }

  private List<String> taintsOf(String node) {
    var taints = cluster.admin().nodes().withName(node).get().getSpec().getTaints();
    return taints == null
        ? List.of()
        : taints.stream()
            .map(
                t ->
                    t.getKey()
                        + (t.getValue() == null || t.getValue().isEmpty() ? "" : "=" + t.getValue())
                        + ":"
                        + t.getEffect())
            .toList();
  }
}
