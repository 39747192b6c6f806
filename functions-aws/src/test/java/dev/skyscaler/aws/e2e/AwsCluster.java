package dev.skyscaler.aws.e2e;

import static dev.skyscaler.aws.HandlerCalls.invoke;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.FakeContext;
import dev.skyscaler.aws.InterruptionHandler;
import dev.skyscaler.aws.NodeHealthHandler;
import dev.skyscaler.aws.ScanHandler;
import dev.skyscaler.aws.TestWiring;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.autoscaling.model.AutoScalingInstanceDetails;

/**
 * One cluster of an end-to-end test: an Auto Scaling Group in moto ({@code <cluster>-general},
 * m5.large, tagged for discovery, pods per node in a node-template tag), its nodes in a mock API
 * server, the {@link World} around them, and the three real handlers built on {@link TestWiring}
 * pointing at both, invoked as Lambda would invoke them.
 */
final class AwsCluster implements AutoCloseable {
  static final Duration BOOT_DELAY = Duration.ofSeconds(30);

  /** The scan function's timeout in template.yaml. */
  static final Duration TIMEOUT = Duration.ofSeconds(90);

  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final ObjectMapper JSON = new ObjectMapper();

  final String name;
  final String group;
  final MotoAccount account;
  final TestWiring functions;
  final World world;
  final MockCluster cluster;
  private int invocations;

  AwsCluster(
      MotoServer moto,
      MockCluster cluster,
      MutableClock clock,
      int min,
      int desired,
      int maxPods,
      boolean spot) {
    this.cluster = cluster;
    this.name = "e2e-" + RUNS.incrementAndGet();
    this.group = name + "-general";
    this.account = new MotoAccount(moto);
    account.launchTemplate(name, "m5.large", 0, spot);
    account.group(
        group,
        name,
        min,
        10,
        desired,
        MotoAccount.clusterTags(
            name, Map.of("k8s.io/cluster-autoscaler/node-template/resources/pods", "" + maxPods)));
    this.functions = new TestWiring(moto, cluster, name, clock, Map.of());
    this.world =
        new World(
            cluster, functions.wiring().gateways(), List.of(group), BOOT_DELAY, maxPods, clock);
    world.kubelets.registerAllNow();
  }

  /**
   * One invocation of the scan function, as the schedule starts it at the top of a minute; then the
   * world moves to the next minute. Returns the function's output.
   */
  String scanMinute() {
    Instant start = world.clock.instant();
    String out =
        invoke(
            new ScanHandler(functions.wiring(), world::advance)::handleRequest,
            "{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\"}",
            remaining(start));
    world.advance(Duration.between(world.clock.instant(), start.plus(Duration.ofMinutes(1))));
    return out;
  }

  String interruption(String sqsBatch) {
    return invoke(
        new InterruptionHandler(functions.wiring(), world::advance)::handleRequest,
        sqsBatch,
        remaining(world.clock.instant()));
  }

  String nodeHealth() {
    return invoke(
        new NodeHealthHandler(functions.wiring(), world::advance)::handleRequest,
        "{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\"}",
        remaining(world.clock.instant()));
  }

  /** A Lambda context with the scan function's timeout, counted on the world's clock. */
  FakeContext remaining(Instant start) {
    return new FakeContext(
        name + "-req-" + ++invocations,
        () -> TIMEOUT.minus(Duration.between(start, world.clock.instant())).toMillis());
  }

  int desiredCapacity() {
    return account
        .autoscaling()
        .describeAutoScalingGroups(b -> b.autoScalingGroupNames(group))
        .autoScalingGroups()
        .get(0)
        .desiredCapacity();
  }

  /** The group's instance ids, in moto's order. */
  List<String> instances() {
    return functions
        .wiring()
        .gateways()
        .autoscaling()
        .describeByNames(List.of(group))
        .get(0)
        .instances()
        .stream()
        .map(i -> i.instanceId())
        .toList();
  }

  AutoScalingInstanceDetails instanceDetails(String instanceId) {
    return account
        .autoscaling()
        .describeAutoScalingInstances(b -> b.instanceIds(instanceId))
        .autoScalingInstances()
        .get(0);
  }

  List<String> nodeNames() {
    return cluster.admin().nodes().list().getItems().stream()
        .map(n -> n.getMetadata().getName())
        .sorted()
        .toList();
  }

  List<Pod> pods(String app) {
    return cluster
        .admin()
        .pods()
        .inNamespace(ReplicaSetController.NAMESPACE)
        .withLabel("app", app)
        .list()
        .getItems();
  }

  /** Every JSON line the functions logged. */
  List<JsonNode> logs() {
    List<JsonNode> lines = new ArrayList<>();
    for (String l : functions.logLines()) {
      try {
        lines.add(JSON.readTree(l));
      } catch (IOException e) {
        throw new UncheckedIOException("not a JSON log line: " + l, e);
      }
    }
    return lines;
  }

  List<JsonNode> logs(String message) {
    return logs().stream()
        .filter(l -> l.has("message") && l.get("message").asText().equals(message))
        .toList();
  }

  /** The sum of one metric over every EMF document logged. */
  long metricSum(String metric) {
    return logs().stream()
        .filter(l -> l.has("_aws") && l.has(metric))
        .mapToLong(l -> l.get(metric).asLong())
        .sum();
  }

  /** Keeps the functions' log for a look after the run: {@code target/e2e/<cluster>.jsonl}. */
  @Override
  public void close() {
    try {
      java.nio.file.Path dir = java.nio.file.Path.of("target", "e2e");
      java.nio.file.Files.createDirectories(dir);
      java.nio.file.Files.write(dir.resolve(name + ".jsonl"), functions.logLines());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    account.close();
    functions.close();
  }
}
