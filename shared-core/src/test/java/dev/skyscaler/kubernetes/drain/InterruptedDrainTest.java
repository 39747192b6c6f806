package dev.skyscaler.kubernetes.drain;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.actuation.CaTaints;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A drain interrupted at every step — the actor dies after step k, leaving its lease held and its
 * last actions unrecorded — is resumed by fresh actors from the state in the cluster: the node ends
 * deleted, or back in service, and no pod is lost.
 *
 * <p>Driven by {@link ReferenceDrainPlanner}, a stand-in for the scale-down state machine; the same
 * harness runs the real planner once it lands.
 */
class InterruptedDrainTest {
  static final Instant START = Instant.parse("2025-01-31T12:00:00Z");
  static final List<String> PODS = List.of("web-1", "web-2");

  /**
   * Steps of a faultless drain. First scan: lease, state saved ahead, taint, cordon, evict web-1,
   * evict web-2. Second scan (the pods replaced): lease, state, taint and cordon (unchanged),
   * delete the instance.
   */
  static final int STEPS = 11;

  @RegisterExtension final MockCluster cluster = new MockCluster();

  final MutableClock clock = new MutableClock(START);

  static Stream<Integer> steps() {
    return IntStream.rangeClosed(1, STEPS).boxed();
  }

  @ParameterizedTest(name = "the actor dies after step {0}")
  @MethodSource("steps")
  void aDrainInterruptedAtAnyStepEndsWithTheNodeDeletedAndNoPodLost(int k) {
    arrange(201);
    DrainHarness harness = new DrainHarness(cluster, clock, "n1", k);

    runScans(harness, 8);

    assertThat(harness.log)
        .as("the actor died once")
        .anyMatch(l -> l.contains("died after step " + k));
    assertThat(cluster.admin().nodes().withName("n1").get())
        .as(String.join("\n", harness.log))
        .isNull();
    assertNoPodLost();
    assertThat(
            cluster
                .admin()
                .leases()
                .inNamespace("kube-system")
                .withName("skyscaler")
                .get()
                .getSpec()
                .getHolderIdentity())
        .as("the last scan released the lease")
        .isNull();
  }

  @Test
  void aDrainAPdbBlocksIsRolledBackAtItsDeadlineAndTheNodeReturnsToService() {
    arrange(429);
    DrainHarness harness = new DrainHarness(cluster, clock, "n1", 0);

    for (int scan = 0;
        scan < 12 && !harness.log.stream().anyMatch(l -> l.contains("ScaleDownFailed"));
        scan++) {
      harness.scan("actor-" + scan);
      clock.advance(Duration.ofSeconds(61));
    }

    var n1 = cluster.admin().nodes().withName("n1").get();
    assertThat(n1.getSpec().getTaints()).noneMatch(t -> t.getKey().equals(CaTaints.TO_BE_DELETED));
    assertThat(n1.getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .extracting(e -> e.getReason())
        .containsExactly("ScaleDownFailed");
    assertNoPodLost();
  }

  /** Scans until one completes with the node gone (or {@code scans} have run). */
  private void runScans(DrainHarness harness, int scans) {
    for (int scan = 0; scan < scans; scan++) {
      harness.nextActor();
      boolean completed = harness.scan("actor-" + scan);
      harness.replaceEvictedPods();
      // a dead actor's lease runs out before the next invocation
      clock.advance(Duration.ofSeconds(61));
      if (completed && cluster.admin().nodes().withName("n1").get() == null) {
        return;
      }
    }
  }

  private void arrange(int evictionAnswer) {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.admin().nodes().resource(node("n2")).create();
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

  private void assertNoPodLost() {
    for (String p : PODS) {
      var pods = cluster.admin().pods().inNamespace("default");
      assertThat(pods.withName(p).get() != null || pods.withName(p + "-r").get() != null)
          .as("pod %s or its replacement exists", p)
          .isTrue();
    }
  }
}
