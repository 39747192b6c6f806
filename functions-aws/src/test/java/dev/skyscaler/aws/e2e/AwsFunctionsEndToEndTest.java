package dev.skyscaler.aws.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.aws.FakeContext;
import dev.skyscaler.aws.HandlerCalls;
import dev.skyscaler.aws.ScanHandler;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The AWS functions end to end in one JVM: the real handlers, the Auto Scaling Groups in moto, the
 * cluster in a fabric8 mock API server with a fake kubelet, scheduler and ReplicaSet controller
 * around it ({@link World}), and one injected clock.
 */
@ExtendWith(MotoExtension.class)
class AwsFunctionsEndToEndTest {

  @RegisterExtension final MockCluster cluster = new MockCluster();
  private final MotoServer moto;
  private final MutableClock clock =
      new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
  private AwsCluster aws;

  AwsFunctionsEndToEndTest(MotoServer moto) {
    this.moto = moto;
  }

  @AfterEach
  void close() {
    if (aws != null) {
      aws.close();
    }
  }

  @Test
  void firstContactScalesUpByExactlyWhatThePendingPodsNeedAndBackDownAfterTheUnneededTime() {
    aws = new AwsCluster(moto, cluster, clock, 2, 2, 110, false);
    World world = aws.world;
    world.replicaSets.deploy("app", 220, "10m"); // 110 pods, 57% of the CPU, on each node
    world.replicaSets.deploy("nginx", 0, "");
    world.step();
    List<String> original = aws.nodeNames();
    assertThat(original).hasSize(2);
    assertThat(bound(aws.pods("app"))).isEqualTo(220);

    world.replicaSets.scale("nginx", 300);
    world.step();
    String first = aws.scanMinute();

    assertThat(first)
        .isEqualTo("{\"scans\":6,\"completed\":6,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(aws.desiredCapacity()).as("300 pods, 110 a node: 3 nodes").isEqualTo(5);
    List<JsonNode> scaleUps = scansWithScaleUps();
    assertThat(scaleUps).hasSize(1);
    assertThat(scaleUps.get(0).get("scaleUps").toString())
        .isEqualTo("[{\"nodeGroup\":\"" + aws.group + "\",\"from\":2,\"to\":5,\"pods\":300}]");
    assertThat(aws.metricSum("cluster_autoscaler_scaled_up_nodes_total")).isEqualTo(3);
    assertThat(aws.nodeNames()).hasSize(5);
    assertThat(bound(aws.pods("nginx"))).isEqualTo(300);
    assertThat(perNode(aws.pods("nginx")).values()).containsExactly(100, 100, 100);

    aws.scanMinute();
    assertThat(aws.desiredCapacity()).as("the new nodes hold every pod").isEqualTo(5);
    assertThat(scansWithScaleUps()).hasSize(1);

    world.replicaSets.scale("nginx", 10);
    world.step();
    assertThat(perNode(aws.pods("nginx")).values()).containsExactlyInAnyOrder(4, 3, 3);
    aws.scanMinute();
    assertThat(last(aws.logs("scan completed")).get("unremovableNodes").toString())
        .as("while 300 pods ran, the new nodes had no room elsewhere: rechecked after 5 minutes")
        .isEqualTo("{\"NotUnderutilized\":2,\"RecentlyUnremovable\":3}");
    world.advance(Duration.ofMinutes(5)); // --unremovable-node-recheck-timeout
    aws.scanMinute();
    JsonNode unneeded = last(aws.logs("scan completed"));
    assertThat(unneeded.get("unneededNodes").asInt())
        .as("two of the three new nodes can go: the pods of both fit on the third")
        .isEqualTo(2);
    assertThat(aws.desiredCapacity()).as("not before the unneeded time").isEqualTo(5);

    world.advance(Duration.ofMinutes(10)); // --scale-down-unneeded-time
    for (int minute = 0; minute < 5 && aws.desiredCapacity() > 3; minute++) {
      aws.scanMinute();
    }
    aws.scanMinute(); // and nothing more happens

    assertThat(aws.desiredCapacity()).isEqualTo(3);
    assertThat(aws.instances()).hasSize(3);
    List<String> nodes = aws.nodeNames();
    assertThat(nodes).hasSize(3).containsAll(original);
    assertThat(aws.metricSum("cluster_autoscaler_scaled_down_nodes_total")).isEqualTo(2);
    assertThat(perNode(aws.pods("nginx")))
        .as("every nginx pod on the one new node left")
        .hasSize(1)
        .containsValue(10);
    assertThat(bound(aws.pods("app"))).isEqualTo(220);
    assertThat(world.replicaSets.evictions())
        .isEqualTo(aws.metricSum("cluster_autoscaler_evicted_pods_total"))
        .isEqualTo(9);
  }

  @Test
  void aSpotWarningDrainsTheNodeAndTheGroupsOwnReplacementIsTheOnlyNewNode() {
    aws = new AwsCluster(moto, cluster, clock, 1, 3, 20, true);
    World world = aws.world;
    world.replicaSets.deploy("web", 54, ""); // 18 of 20 slots on each of 3 nodes
    world.step();
    String interrupted = aws.instances().get(2);
    String node = world.kubelets.nodeName(interrupted);
    assertThat(perNode(aws.pods("web"))).containsEntry(node, 18);
    List<String> onNode =
        aws.pods("web").stream()
            .filter(p -> node.equals(p.getSpec().getNodeName()))
            .map(p -> p.getMetadata().getName())
            .toList();
    Instant warned = clock.instant();
    String batch = sqs("msg-1", spotWarning("spot-evt-1", interrupted, warned));

    String out = aws.interruption(batch);

    assertThat(out).isEqualTo("{\"batchItemFailures\":[]}");
    var n = cluster.admin().nodes().withName(node).get();
    assertThat(n.getSpec().getUnschedulable()).isTrue();
    assertThat(n.getSpec().getTaints())
        .extracting(t -> t.getKey() + "=" + t.getValue() + ":" + t.getEffect())
        .contains("skyscaler.dev/interrupted=spot-warning:NoSchedule");
    assertThat(evicted()).as("every pod of the node").containsExactlyInAnyOrderElementsOf(onNode);
    world.step(); // evicted pods replaced: 2 + 2 fit on the others, 14 wait
    assertThat(aws.pods("web")).hasSize(54);
    assertThat(bound(aws.pods("web"))).isEqualTo(40);

    assertThat(aws.interruption(batch)).as("a redelivery").isEqualTo("{\"batchItemFailures\":[]}");
    JsonNode again = last(aws.logs("scan completed"));
    assertThat(again.get("function").asText()).isEqualTo("interruption");
    assertThat(again.get("figures").get("evictedPods").asInt()).isZero();
    assertThat(aws.logs("interruption notice handled")).hasSize(2);

    aws.scanMinute();
    assertThat(last(aws.logs("scan completed")).get("figures").get("unschedulablePods").asInt())
        .isEqualTo(14);
    assertThat(aws.desiredCapacity())
        .as("the interrupted node's replacement is coming")
        .isEqualTo(3);

    world.advance(Duration.between(clock.instant(), warned.plus(Duration.ofMinutes(2))));
    // EC2 reclaims the instance at the deadline; the group launches its replacement
    aws.account
        .autoscaling()
        .terminateInstanceInAutoScalingGroup(
            b -> b.instanceId(interrupted).shouldDecrementDesiredCapacity(false));
    world.step();
    aws.scanMinute();
    aws.scanMinute();

    assertThat(scansWithScaleUps()).isEmpty();
    assertThat(aws.metricSum("cluster_autoscaler_scaled_up_nodes_total")).isZero();
    assertThat(aws.desiredCapacity()).isEqualTo(3);
    assertThat(aws.nodeNames()).hasSize(3).doesNotContain(node);
    assertThat(world.kubelets.instancesEverSeen()).as("3 and 1 replacement").hasSize(4);
    assertThat(bound(aws.pods("web"))).isEqualTo(54);
  }

  @Test
  void aNodeNotReadyForSixMinutesHasItsInstanceMarkedUnhealthyOnce() {
    aws = new AwsCluster(moto, cluster, clock, 1, 3, 20, false);
    World world = aws.world;
    world.replicaSets.deploy("web", 30, "");
    world.step();
    world.advance(Duration.ofMinutes(20)); // the nodes are past --max-node-startup-time
    String broken = aws.instances().get(1);
    world.kubelets.notReady(
        world.kubelets.nodeName(broken), clock.instant().minus(Duration.ofMinutes(6)));

    String out = aws.nodeHealth();

    assertThat(out).isEqualTo("{\"repairs\":1,\"outcome\":\"completed\"}");
    assertThat(aws.instanceDetails(broken).healthStatus()).isEqualToIgnoringCase("UNHEALTHY");
    for (String other : aws.instances()) {
      if (!other.equals(broken)) {
        assertThat(aws.instanceDetails(other).healthStatus()).isEqualToIgnoringCase("HEALTHY");
      }
    }
    assertThat(last(aws.logs("scan completed")).get("cloud").get(0).asText())
        .startsWith("DONE: ")
        .contains(broken);

    world.advance(Duration.ofMinutes(1));
    assertThat(aws.nodeHealth())
        .as("one repair per group at a time")
        .isEqualTo("{\"repairs\":0,\"outcome\":\"completed\"}");
  }

  @Test
  void twoScanInvocationsAtOnceNeverBothAct() throws Exception {
    aws = new AwsCluster(moto, cluster, clock, 1, 2, 20, false);
    World world = aws.world;
    world.replicaSets.deploy("web", 70, ""); // 40 fit, 30 wait: 2 nodes more
    world.step();
    // the first scan holds the lease while its pod list is answered slowly
    cluster.answerLate(MockCluster.call("list", "pods"), Duration.ofSeconds(2));
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> outs = new ArrayList<>();
      for (String id : List.of("req-a", "req-b")) {
        outs.add(
            pool.submit(
                () -> {
                  start.await();
                  return HandlerCalls.invoke(
                      new ScanHandler(aws.functions.wiring(), d -> {})::handleRequest,
                      "{}",
                      new FakeContext(id, () -> 5_000));
                }));
      }
      start.countDown();
      List<String> results = new ArrayList<>();
      for (var f : outs) {
        results.add(f.get(60, TimeUnit.SECONDS));
      }

      assertThat(results)
          .containsExactlyInAnyOrder(
              "{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}",
              "{\"scans\":1,\"completed\":0,\"held\":0,\"skipped\":1,\"failed\":0}");
    } finally {
      pool.shutdownNow();
    }
    JsonNode acted = aws.logs("scan completed").get(0);
    JsonNode skipped = aws.logs("scan skipped").get(0);
    assertThat(skipped.get("reason").asText()).contains(acted.get("identity").asText());
    assertThat(acted.get("scaleUps").get(0).get("to").asInt()).isEqualTo(4);
    assertThat(aws.desiredCapacity()).isEqualTo(4);
  }

  /** The pods the functions asked to evict, in order. */
  private List<String> evicted() {
    return cluster.calls().stream()
        .filter(c -> c.subresource().equals("eviction"))
        .map(c -> c.name())
        .toList();
  }

  private static String spotWarning(String id, String instanceId, Instant time) {
    return HandlerCalls.fixture("spot-interruption-warning.json")
        .replace("1e5527d7-bb36-4607-3370-4164db56a40e", id)
        .replace("i-0b662ef9931388ba0", instanceId)
        .replace("2026-11-21T12:00:00Z", time.toString());
  }

  private static String sqs(String messageId, String body) {
    return HandlerCalls.sqs(Map.of(messageId, body));
  }

  private static JsonNode last(List<JsonNode> lines) {
    return lines.get(lines.size() - 1);
  }

  private List<JsonNode> scansWithScaleUps() {
    return aws.logs("scan completed").stream().filter(l -> !l.get("scaleUps").isEmpty()).toList();
  }

  private static long bound(List<Pod> pods) {
    return pods.stream().filter(p -> p.getSpec().getNodeName() != null).count();
  }

  private static Map<String, Integer> perNode(List<Pod> pods) {
    return pods.stream()
        .filter(p -> p.getSpec().getNodeName() != null)
        .collect(
            Collectors.toMap(p -> p.getSpec().getNodeName(), p -> 1, Integer::sum, TreeMap::new));
  }
}
