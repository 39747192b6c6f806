package dev.skyscaler.kubernetes.actuation;

import static dev.skyscaler.kubernetes.mock.Fixtures.node;
import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.CordonNode;
import dev.skyscaler.core.plan.action.EvictPod;
import dev.skyscaler.core.plan.action.TaintNode;
import dev.skyscaler.kubernetes.actuation.Outcome.Result;
import dev.skyscaler.kubernetes.events.EventRecorder;
import dev.skyscaler.kubernetes.events.EventTargets;
import dev.skyscaler.kubernetes.fence.WriteFence;
import dev.skyscaler.kubernetes.fence.WriteRefusedException;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.MockCluster;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Evictions. CRUD mode has no eviction subresource, so its answers come from expectations, as the
 * API server would give them: 201 when allowed, 429 when a PodDisruptionBudget forbids it.
 */
class PodEvictionsTest {
  static final String EVICTION = "/api/v1/namespaces/default/pods/web-1/eviction";

  @RegisterExtension final MockCluster cluster = new MockCluster();

  @BeforeEach
  void arrange() {
    cluster.admin().nodes().resource(node("n1")).create();
    cluster.admin().pods().resource(pod("default", "web-1", "n1", "web")).create();
  }

  @Test
  void anEvictionGoesThroughTheEvictionApiWithTheGraceCappedAndTheUidAsPrecondition() {
    cluster.expect().post().withPath(EVICTION).andReturn(201, "{}").once();

    Outcome outcome = carryOut(new EvictPod("default/web-1", "n1", 10));

    assertThat(outcome.result()).isEqualTo(Result.DONE);
    assertThat(outcome.detail()).isEqualTo("grace 10s");
    ApiCall eviction = cluster.calls().get(1);
    assertThat(eviction.toString())
        .isEqualTo("create pods/eviction in default web-1 (POST " + EVICTION + ")");
    assertThat(eviction.body())
        .contains("\"apiVersion\":\"policy/v1\"")
        .contains("\"gracePeriodSeconds\":10")
        .contains("\"uid\":\"" + uidOf("web-1") + "\"");
  }

  @Test
  void thePodsOwnGraceWinsWhenItIsShorter() {
    cluster.expect().post().withPath(EVICTION).andReturn(201, "{}").once();

    assertThat(carryOut(new EvictPod("default/web-1", "n1", 600)).detail()).isEqualTo("grace 30s");
  }

  @Test
  void anEvictionAPdbRefusesIsReportedOnceWithoutRetriesAndSucceedsOnALaterScan() {
    cluster.expect().post().withPath(EVICTION).andReturn(429, refusal()).once();
    cluster.expect().post().withPath(EVICTION).andReturn(201, "{}").once();

    Outcome first = carryOut(new EvictPod("default/web-1", "n1", 600));
    long posts = cluster.calls().stream().filter(c -> c.verb().equals("create")).count();
    Outcome later = carryOut(new EvictPod("default/web-1", "n1", 600));

    assertThat(first.result()).isEqualTo(Result.REFUSED);
    assertThat(first.detail())
        .isEqualTo(
            "a PodDisruptionBudget allows no disruption of default/web-1 now;"
                + " a later scan retries");
    assertThat(posts).isEqualTo(1);
    assertThat(later.result()).isEqualTo(Result.DONE);
  }

  @Test
  void aRefusedEvictionDoesNotStopTheActionsAfterIt() {
    cluster.admin().pods().resource(pod("default", "web-2", "n1", "web")).create();
    cluster.expect().post().withPath(EVICTION).andReturn(429, refusal()).once();
    cluster
        .expect()
        .post()
        .withPath("/api/v1/namespaces/default/pods/web-2/eviction")
        .andReturn(201, "{}")
        .once();

    ActuationReport report =
        NodeEditsTest.actuator(cluster.connect())
            .carryOut(
                List.of(
                    new CordonNode("n1"),
                    new EvictPod("default/web-1", "n1", 600),
                    new EvictPod("default/web-2", "n1", 600)),
                EventTargets.NONE);

    assertThat(report.outcomes())
        .extracting(Outcome::result)
        .containsExactly(Result.DONE, Result.REFUSED, Result.DONE);
    assertThat(report.noFailures()).isTrue();
  }

  @Test
  void aPodThatLeftTheNodeOrIsGoneIsNotEvicted() {
    cluster.admin().pods().resource(pod("default", "moved", "n2", "web")).create();

    assertThat(carryOut(new EvictPod("default/moved", "n1", 600)).detail())
        .isEqualTo("pod default/moved is no longer on n1 (now n2)");
    assertThat(carryOut(new EvictPod("default/gone", "n1", 600)).result()).isEqualTo(Result.GONE);
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("create"));
  }

  @Test
  void aMirrorPodIsSkipped() {
    var mirror = pod("kube-system", "kube-proxy-n1", "n1", "n1");
    mirror.getMetadata().setAnnotations(java.util.Map.of("kubernetes.io/config.mirror", "abc"));
    cluster.admin().pods().resource(mirror).create();

    Outcome outcome = carryOut(new EvictPod("kube-system/kube-proxy-n1", "n1", 600));

    assertThat(outcome.result()).isEqualTo(Result.SKIPPED);
    assertThat(cluster.calls()).noneMatch(c -> c.verb().equals("create"));
  }

  @Test
  void onceTheFenceRefusesAWriteNothingMoreIsWritten() {
    boolean[] held = {true};
    WriteFence fence =
        write -> {
          if (!held[0]) {
            throw new WriteRefusedException(write + ": not made: lease lost");
          }
          held[0] = false; // lost right after the first write
          return WriteFence.UNBOUNDED;
        };
    var c = cluster.connect();
    var actuator =
        new KubernetesActuator(
            c,
            new EventRecorder(
                c,
                EventRecorder.EventOptions.DEFAULTS,
                Clock.fixed(NodeEditsTest.NOW, ZoneOffset.UTC),
                fence),
            fence);

    ActuationReport report =
        actuator.carryOut(
            List.of(
                new CordonNode("n1"),
                new TaintNode("n1", CaTaints.toBeDeleted(NodeEditsTest.NOW)),
                new EvictPod("default/web-1", "n1", 600)),
            EventTargets.NONE);

    assertThat(report.outcomes())
        .extracting(Outcome::result)
        .containsExactly(Result.DONE, Result.SKIPPED, Result.SKIPPED);
    assertThat(report.outcomes().get(1).detail())
        .isEqualTo("the scan's lease does not fence it: patch node n1: not made: lease lost");
    assertThat(cluster.writes()).hasSize(1);
  }

  private String uidOf(String pod) {
    return cluster.admin().pods().inNamespace("default").withName(pod).get().getMetadata().getUid();
  }

  private Outcome carryOut(Action action) {
    return NodeEditsTest.actuator(cluster.connect())
        .carryOut(List.of(action), EventTargets.NONE)
        .outcomes()
        .get(0);
  }

  private static String refusal() {
    return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":"
        + "\"TooManyRequests\",\"code\":429,\"message\":\"Cannot evict pod as it would violate"
        + " the pod's disruption budget.\"}";
  }
}
