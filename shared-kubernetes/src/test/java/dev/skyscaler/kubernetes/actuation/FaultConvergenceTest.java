package dev.skyscaler.kubernetes.actuation;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static dev.skyscaler.kubernetes.mock.Fixtures.taint;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.RecordEvent;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.kubernetes.ConnectionOptions;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Any one API call of a scan's actuation failing once — a 500, or a timeout after the server
 * applied the write — leaves the cluster consistent (no duplicate or lost taint, no half-made
 * cordon) and the next scan, carrying out the same plan, converges to the state a faultless scan
 * reaches.
 */
class FaultConvergenceTest {
  /** The calls of a faultless run of {@link #PLAN}, in order. */
  static final List<String> CALLS =
      List.of(
          "get nodes", "patch nodes", // taint
          "get nodes", "patch nodes", // cordon
          "get pods", "create pods/eviction", // evict
          "list events", "create events"); // event

  static final List<Action> PLAN =
      List.of(
          new TaintNode("n1", CaTaints.toBeDeleted(NodeEditsTest.NOW)),
          new CordonNode("n1"),
          new EvictPod("default/web-1", "n1", 600),
          new RecordEvent("Node", "n1", "ScaleDown", "marked for removal", false));

  static final ConnectionOptions QUICK =
      MockCluster.OPTIONS
          .withRequestTimeout(Duration.ofMillis(500))
          .withRetries(1, Duration.ofMillis(10));

  @RegisterExtension final MockCluster cluster = new MockCluster();

  record Case(String name, int call, boolean timeout) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return IntStream.range(0, CALLS.size())
        .boxed()
        .flatMap(
            i ->
                Stream.of(
                    new Case(CALLS.get(i) + " (call " + (i + 1) + ") answers 500 once", i, false),
                    new Case(
                        CALLS.get(i) + " (call " + (i + 1) + ") times out after taking effect",
                        i,
                        true)));
  }

  @Test
  void aFaultlessScanMakesTheCallsTheTableCountsOn() {
    arrange();

    ActuationReport report =
        NodeEditsTest.actuator(cluster.connect()).carryOut(PLAN, EventTargets.NONE);

    assertThat(report.noFailures()).isTrue();
    assertThat(cluster.calls())
        .extracting(c -> c.verb() + " " + c.fullResource())
        .containsExactlyElementsOf(CALLS);
    assertConverged();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void oneFailedCallLeavesAConsistentClusterAndTheNextScanConverges(Case c) {
    arrange();
    AtomicInteger seen = new AtomicInteger();
    Predicate<ApiCall> kth = call -> seen.getAndIncrement() == c.call();
    if (c.timeout()) {
      cluster.answerLate(kth, Duration.ofMillis(1500));
    } else {
      cluster.fail(kth, 500, 1);
    }

    ActuationReport first = scan();
    assertConsistent();
    ActuationReport next = scan();

    assertThat(next.noFailures()).as("next scan: %s", next.outcomes()).isTrue();
    assertThat(first.outcomes()).hasSize(PLAN.size());
    assertConverged();
  }

  private void arrange() {
    cluster.admin().nodes().resource(node("n1", taint("dedicated", "gpu", "NoSchedule"))).create();
    cluster.admin().pods().resource(pod("default", "web-1", "n1", "web")).create();
    cluster
        .expect()
        .post()
        .withPath("/api/v1/namespaces/default/pods/web-1/eviction")
        .andReturn(201, "{}")
        .always();
  }

  private ActuationReport scan() {
    return NodeEditsTest.actuator(cluster.connect(QUICK)).carryOut(PLAN, EventTargets.NONE);
  }

  /** Whatever happened, the node holds each taint at most once and others' taints survive. */
  private void assertConsistent() {
    var n1 = cluster.admin().nodes().withName("n1").get();
    var keys = n1.getSpec().getTaints().stream().map(t -> t.getKey()).toList();
    assertThat(keys).doesNotHaveDuplicates().contains("dedicated");
    boolean cordoned = Boolean.TRUE.equals(n1.getSpec().getUnschedulable());
    boolean marked =
        n1.getMetadata().getAnnotations() != null
            && n1.getMetadata().getAnnotations().containsKey(NodeEditor.CORDONED_BY_AUTOSCALER);
    assertThat(marked).as("cordon and its mark are written together").isEqualTo(cordoned);
    assertThat(cluster.admin().pods().inNamespace("default").withName("web-1").get()).isNotNull();
  }

  private void assertConverged() {
    assertConsistent();
    var n1 = cluster.admin().nodes().withName("n1").get();
    assertThat(n1.getSpec().getTaints())
        .extracting(t -> t.getKey())
        .containsExactly("dedicated", CaTaints.TO_BE_DELETED);
    assertThat(n1.getSpec().getUnschedulable()).isTrue();
    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .extracting(e -> e.getReason())
        .containsExactly("ScaleDown");
    long evictions =
        cluster.calls().stream()
            .filter(c -> c.verb().equals("create") && c.subresource().equals("eviction"))
            .count();
    assertThat(evictions).isBetween(1L, 3L);
  }
}
