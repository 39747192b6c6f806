package dev.skyscaler.aws.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.HandlerCalls;
import dev.skyscaler.aws.InterruptionHandler;
import dev.skyscaler.aws.NodeHealthHandler;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.coldstart.ChildProcess;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three functions run from the deployable itself: {@code target/skyscaler-aws-lambda.zip} (made
 * at {@code package}) is unpacked, and each handler runs in a fresh JVM started as Lambda's runtime
 * starts it with the template's memory and {@code JAVA_TOOL_OPTIONS} ({@link LambdaLaunch}), whose
 * classpath is exactly the zip's root and its one merged {@code lib/} jar (plus the child class),
 * built by its no-arg constructor from the function's environment alone, against moto and a mock
 * API server seeded with {@link ColdStartCluster}. A bad merge of the dependencies (a lost service
 * entry, a missing class) fails here, not in production. What the jar holds is {@link
 * LambdaLibJarIT}'s part.
 */
@ExtendWith(MotoExtension.class)
class LambdaPackageIT {
  static final Path ZIP = Path.of("target", "skyscaler-aws-lambda.zip").toAbsolutePath();
  private static final LambdaLaunch LAUNCH = LambdaLaunch.fromTemplate();

  @TempDir static Path dir;
  private static LambdaLayout layout;

  @RegisterExtension final MockCluster cluster = new MockCluster(true);
  private final MotoServer moto;

  LambdaPackageIT(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeAll
  static void unpack() {
    layout = LambdaLayout.unpack(ZIP, dir);
  }

  @BeforeEach
  void emptyAccount() {
    // the seeded names are fixed: each test starts from an empty moto account
    moto.reset();
  }

  @Test
  void theScanFunctionScansOnceAndScalesTheGroupUpForThePendingPods() {
    ChildProcess.Figures f =
        ColdStartMeasurement.once(LAUNCH.flags(List.of()), LAUNCH.environment(), moto, layout, dir);

    assertThat(f.output())
        .isEqualTo("{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(ColdStartCluster.desiredCapacity(moto)).isEqualTo(ColdStartCluster.DESIRED_AFTER);
  }

  @Test
  void theInterruptionFunctionTaintsAndCordonsTheNodeOfASpotWarningAndAcknowledgesTheBatch()
      throws IOException {
    Map<String, String> env = ColdStartCluster.seed(moto, cluster);
    String warned = ColdStartCluster.nodeName(0);
    // the recorded SQS batch: a spot warning, a lifecycle action of another cluster's group and a
    // test notification; the warning made about the first node's instance, and sent just now
    String batch =
        HandlerCalls.fixture("sqs-batch.json")
            .replace("i-0b662ef9931388ba0", instanceOf(warned))
            .replace("2026-11-21T12:00:00Z", now())
            .replace("2026-11-21T12:01:10Z", now());

    ChildProcess.Figures f = run(InterruptionHandler.class.getName(), batch, env, "interruption");

    assertThat(f.output())
        .as("the answer; the child's last lines:%n%s", log("interruption"))
        .isEqualTo("{\"batchItemFailures\":[]}");
    Node node = cluster.admin().nodes().withName(warned).get();
    assertThat(node.getSpec().getUnschedulable()).isTrue();
    assertThat(node.getSpec().getTaints())
        .extracting(t -> t.getKey() + "=" + t.getValue() + ":" + t.getEffect())
        .contains("skyscaler.dev/interrupted=spot-warning:NoSchedule");
    Node other = cluster.admin().nodes().withName(ColdStartCluster.nodeName(1)).get();
    assertThat(other.getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
    assertThat(Files.readString(dir.resolve("interruption.log")))
        .as("the child's log")
        .contains("\"message\":\"interruption notice handled\"")
        .contains("\"messageId\":\"059f36b4-87a3-44ab-83d2-661975830a7d\"");
  }

  @Test
  void theNodeHealthFunctionMarksTheInstanceOfANodeNotReadyForAnHourUnhealthy() throws IOException {
    Map<String, String> env = new HashMap<>(ColdStartCluster.seed(moto, cluster));
    // the mock API server stamps the nodes with their creation now: not booting after a second
    env.put("MAX_NODE_STARTUP_TIME", "1s");
    String broken = ColdStartCluster.nodeName(1);
    Fixtures.markNotReady(cluster.admin(), broken, Instant.now().minus(Duration.ofHours(1)));

    ChildProcess.Figures f =
        run(
            NodeHealthHandler.class.getName(),
            HandlerCalls.fixture("scheduled-event.json"),
            env,
            "node-health");

    assertThat(f.output())
        .as("the answer; the child's last lines:%n%s", log("node-health"))
        .isEqualTo("{\"repairs\":1,\"outcome\":\"completed\"}");
    assertThat(healthStatus(instanceOf(broken))).isEqualToIgnoringCase("Unhealthy");
    assertThat(healthStatus(instanceOf(ColdStartCluster.nodeName(0))))
        .isEqualToIgnoringCase("Healthy");
  }

  private ChildProcess.Figures run(
      String handler, String event, Map<String, String> env, String name) throws IOException {
    Path file = Files.writeString(dir.resolve(name + "-event.json"), event);
    Map<String, String> all = new HashMap<>(env);
    all.putAll(LAUNCH.environment());
    return ChildRun.runHandler(
        LAUNCH.flags(List.of()), layout, handler, file, all, dir, dir.resolve(name + ".log"));
  }

  private static String log(String name) {
    return ChildProcess.tail(dir.resolve(name + ".log"));
  }

  /** The instance behind a node, from its provider ID ({@code aws:///<zone>/<instance>}). */
  private String instanceOf(String node) {
    String providerId = cluster.admin().nodes().withName(node).get().getSpec().getProviderID();
    return providerId.substring(providerId.lastIndexOf('/') + 1);
  }

  private String healthStatus(String instanceId) {
    try (MotoAccount account = new MotoAccount(moto)) {
      return account
          .autoscaling()
          .describeAutoScalingInstances(b -> b.instanceIds(instanceId))
          .autoScalingInstances()
          .get(0)
          .healthStatus();
    }
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
