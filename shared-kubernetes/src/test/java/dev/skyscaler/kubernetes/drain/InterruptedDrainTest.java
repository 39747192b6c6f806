package dev.skyscaler.kubernetes.drain;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.actuation.CaTaints;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A node removal by the real scale-down state machine ({@code Autoscaler.runOnce}), carried out by
 * serverless actors that keep nothing in memory ({@link DrainHarness}). Interrupted at every step —
 * the actor dies after step k, leaving its lease held and its remaining actions undone — it is
 * resumed by fresh actors from the state in the cluster: the node ends deleted (or, when the
 * interruption cost the removal its eviction window, rolled back into service), and no pod is lost.
 * A removal a PodDisruptionBudget blocks is rolled back: the node returns to service.
 */
class InterruptedDrainTest {
  static final Instant START = Instant.parse("2025-01-31T12:00:00Z");
  static final List<String> PODS = List.of("web-1", "web-2");
  static final AutoscalerOptions OPTIONS =
      OptionsParser.parse(
          Map.of(
              "scale-down-unneeded-time", List.of("1m"),
              "scale-down-delay-after-add", List.of("0s")));

  @Test
  void aRemovalInterruptedAtAnyStepEndsDeletedOrBackInServiceAndNoPodLost() {
    int faultless = run(0).steps();
    assertThat(faultless).as("steps of a faultless removal").isGreaterThan(8);

    for (int step = 1; step <= faultless; step++) {
      int k = step;
      MockCluster cluster = new MockCluster();
      cluster.start();
      try {
        DrainHarness harness = drain(cluster, k, 201);
        String log = "dies after step " + k + ":\n" + String.join("\n", harness.log);
        assertThat(harness.log).as(log).anyMatch(l -> l.contains("died after step " + k));
        var n1 = cluster.admin().nodes().withName("n1").get();
        if (n1 != null) {
          // the interruption cost the removal its eviction window: it failed and was rolled back
          assertThat(n1.getSpec().getTaints())
              .as(log)
              .noneMatch(t -> t.getKey().equals(CaTaints.TO_BE_DELETED));
          assertThat(n1.getSpec().getUnschedulable()).as(log).isNotEqualTo(Boolean.TRUE);
          assertThat(harness.log).as(log).anyMatch(l -> l.contains("ScaleDownFailed on Node n1"));
        }
        assertNoPodLost(cluster, log);
        assertThat(lease(cluster).getSpec().getHolderIdentity()).as(log).isNull();
      } finally {
        cluster.stop();
      }
    }
  }

  @Test
  void aFaultlessRemovalDeletesTheNode() {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try {
      drain(cluster, 0, 201);
      assertThat(cluster.admin().nodes().withName("n1").get()).isNull();
      assertNoPodLost(cluster, "");
    } finally {
      cluster.stop();
    }
  }

  @Test
  void aRemovalAPdbBlocksIsRolledBackAndTheNodeReturnsToService() {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try {
      DrainHarness harness = drain(cluster, 0, 429);
      String log = String.join("\n", harness.log);

      var n1 = cluster.admin().nodes().withName("n1").get();
      assertThat(n1).as(log).isNotNull();
      assertThat(n1.getSpec().getTaints())
          .as(log)
          .noneMatch(t -> t.getKey().equals(CaTaints.TO_BE_DELETED));
      assertThat(n1.getSpec().getUnschedulable()).as(log).isNotEqualTo(Boolean.TRUE);
      assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
          .extracting(e -> e.getReason())
          .as(log)
          .contains("ScaleDownFailed");
      assertNoPodLost(cluster, log);
    } finally {
      cluster.stop();
    }
  }

  /** A faultless removal, to count its steps. */
  private static DrainHarness run(int dieAtStep) {
    MockCluster cluster = new MockCluster();
    cluster.start();
    try {
      return drain(cluster, dieAtStep, 201);
    } finally {
      cluster.stop();
    }
  }

  /**
   * Scans, a minute apart, until a scan completes with the node gone, or (for a blocked removal)
   * the removal failed.
   */
  private static DrainHarness drain(MockCluster cluster, int dieAtStep, int evictionAnswer) {
    arrange(cluster, evictionAnswer);
    MutableClock clock = new MutableClock(START);
    DrainHarness harness = new DrainHarness(cluster, clock, OPTIONS, dieAtStep);
    for (int scan = 0; scan < 12; scan++) {
      harness.nextActor();
      boolean completed = harness.scan("actor-" + scan);
      harness.replaceEvictedPods(evictionAnswer == 201);
      // a dead actor's lease runs out before the next invocation
      clock.advance(Duration.ofSeconds(61));
      boolean gone = cluster.admin().nodes().withName("n1").get() == null;
      boolean failed = harness.log.stream().anyMatch(l -> l.contains("ScaleDownFailed"));
      if (completed && (gone || failed)) {
        break;
      }
    }
    return harness;
  }

  private static void arrange(MockCluster cluster, int evictionAnswer) {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.admin().nodes().resource(node("n2")).create();
    var busy = pod("default", "busy", "n2", "batch");
    busy.getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setRequests(Map.of("cpu", new Quantity("3")));
    cluster.admin().pods().resource(busy).create();
    for (String p : PODS) {
      cluster.admin().pods().resource(pod("default", p, "n1", "web")).create();
      cluster
          .expect()
          .post()
          .withPath("/api/v1/namespaces/default/pods/" + p + "/eviction")
          .andReturn(
              evictionAnswer, evictionAnswer == 201 ? "{}" : "{\"kind\":\"Status\",\"code\":429}")
          .always();
    }
  }

  private static void assertNoPodLost(MockCluster cluster, String log) {
    var pods = cluster.admin().pods().inNamespace("default");
    for (String p : PODS) {
      assertThat(pods.withName(p).get() != null || pods.withName(p + "-r").get() != null)
          .as("pod %s or its replacement exists\n%s", p, log)
          .isTrue();
    }
    assertThat(pods.withName("busy").get()).isNotNull();
  }

  private static io.fabric8.kubernetes.api.model.coordination.v1.Lease lease(MockCluster cluster) {
    return cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").get();
  }
}
