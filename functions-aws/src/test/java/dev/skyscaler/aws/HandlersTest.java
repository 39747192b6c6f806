package dev.skyscaler.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.asg.AsgGateway;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.interruption.InterruptionNotice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The three handlers with real JSON input, against moto. */
@ExtendWith(MotoExtension.class)
class HandlersTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

  private final MotoServer moto;
  private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
  private final TestClock clock = new TestClock(T0);
  private MotoAccount account;
  private FunctionWiring wiring;
  private String cluster;

  HandlersTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    cluster = "fn-" + RUNS.incrementAndGet();
    account = new MotoAccount(moto);
    account.launchTemplate(cluster, "m5.large", 0, false);
    account.launchTemplate(cluster + "-bad", "m9.nonexistent", 0, false);
    account.group(
        cluster + "-workers", cluster, 0, 5, 1, MotoAccount.clusterTags(cluster, Map.of()));
    account.group(
        cluster + "-broken", cluster + "-bad", 0, 5, 0, MotoAccount.clusterTags(cluster, Map.of()));
    account.group(
        cluster + "-foreign", cluster, 0, 5, 1, MotoAccount.clusterTags("other", Map.of()));
    account
        .autoscaling()
        .putLifecycleHook(
            b ->
                b.autoScalingGroupName(cluster + "-workers")
                    .lifecycleHookName("skyscaler-drain")
                    .lifecycleTransition("autoscaling:EC2_INSTANCE_TERMINATING")
                    .heartbeatTimeout(300)
                    .defaultResult("CONTINUE"));
    FunctionSettings settings =
        FunctionSettings.fromEnvironment(
            Map.of("CLUSTER_NAME", cluster, "AWS_REGION", "us-east-1"));
    AsgGateway gateway = AsgGateway.create(moto.settings());
    wiring =
        new FunctionWiring(
            settings,
            gateway,
            new AsgNodeGroupProvider(
                gateway,
                gateway,
                new AsgProviderOptions("us-east-1", settings.discovery(), settings.prices()),
                clock),
            new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8), clock),
            clock);
  }

  @AfterEach
  void close() {
    account.close();
    wiring.gateway().close();
  }

  @Test
  void theScanHandlerScansEveryTenSecondsForAMinuteAndLogsWhatItFound() throws IOException {
    ScanHandler handler = new ScanHandler(wiring, clock.sleeper());
    Instant deadline = T0.plus(Duration.ofSeconds(90));

    String out =
        invoke(
            handler::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext(() -> Duration.between(clock.instant(), deadline).toMillis()));

    assertThat(out).isEqualTo("{\"scans\":6}");
    List<JsonNode> lines = logLines();
    assertThat(lines).filteredOn(l -> l.get("message").asText().equals("scan")).hasSize(6);
    JsonNode first = lines.get(0);
    assertThat(first.get("level").asText()).isEqualTo("INFO");
    assertThat(first.get("nodeGroups").asInt()).isEqualTo(1);
    assertThat(first.get("instances").asInt()).isEqualTo(1);
    assertThat(lines)
        .filteredOn(l -> l.get("level").asText().equals("WARN"))
        .first()
        .satisfies(
            w ->
                assertThat(w.get("message").asText())
                    .startsWith("ASG " + cluster + "-broken: instance type \"m9.nonexistent\""));
  }

  @Test
  void theInterruptionHandlerPassesOnOursDropsOthersAndReturnsUnreadableMessages()
      throws IOException {
    String ours = instanceOf(cluster + "-workers");
    String foreign = instanceOf(cluster + "-foreign");
    String spot = fixture("spot-interruption-warning.json");
    String lifecycle = fixture("instance-terminate-lifecycle-action.json");
    String batch =
        sqs(
            Map.of(
                "m1-ours-spot", spot.replace("i-0b662ef9931388ba0", ours),
                "m2-foreign-spot", spot.replace("i-0b662ef9931388ba0", foreign),
                "m3-ours-hook", lifecycle.replace("prod-spot-a", cluster + "-workers"),
                "m4-foreign-hook", lifecycle.replace("prod-spot-a", cluster + "-foreign"),
                "m5-test", fixture("autoscaling-test-notification.json"),
                "m6-broken", spot.replace("\"instance-id\"", "\"instance\"")));
    List<String> received = new ArrayList<>();
    InterruptionHandler handler =
        new InterruptionHandler(
            wiring,
            (InterruptionNotice n, String group) ->
                received.add(n.kind() + " " + group + " until " + n.deadline()));

    String out = invoke(handler::handleRequest, batch, new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[{\"itemIdentifier\":\"m6-broken\"}]}");
    assertThat(received)
        .containsExactlyInAnyOrder(
            "SPOT_WARNING " + cluster + "-workers until 2026-11-21T12:02:00Z",
            // the event time plus the hook's heartbeat timeout, read from the group
            "LIFECYCLE_TERMINATE " + cluster + "-workers until 2026-11-21T12:06:10Z");
    assertThat(logLines())
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.get("level").asText()).isEqualTo("ERROR");
              assertThat(l.get("message").asText())
                  .isEqualTo(
                      "EventBridge event 1e5527d7-bb36-4607-3370-4164db56a40e: field"
                          + " detail.instance-id is missing");
              assertThat(l.get("messageId").asText()).isEqualTo("m6-broken");
            });
  }

  @Test
  void theNodeHealthHandlerSaysItIsNotWiredYet() throws IOException {
    String out =
        invoke(
            new NodeHealthHandler(wiring)::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"repairs\":0}");
    assertThat(logLines().get(0).get("message").asText())
        .isEqualTo("node health checks are not wired yet");
  }

  private interface Handler {
    void handle(
        InputStream in, java.io.OutputStream out, com.amazonaws.services.lambda.runtime.Context c)
        throws IOException;
  }

  private static String invoke(Handler handler, String input, FakeContext context)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    handler.handle(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, context);
    return out.toString(StandardCharsets.UTF_8);
  }

  private String instanceOf(String group) {
    return wiring.gateway().describeByNames(List.of(group)).get(0).instances().get(0).instanceId();
  }

  private List<JsonNode> logLines() throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : logs.toString(StandardCharsets.UTF_8).split("\n")) {
      if (!line.isBlank()) {
        lines.add(JSON.readTree(line));
      }
    }
    return lines;
  }

  private static String sqs(Map<String, String> bodies) {
    var records = JSON.createArrayNode();
    new java.util.TreeMap<>(bodies)
        .forEach(
            (id, body) ->
                records
                    .addObject()
                    .put("messageId", id)
                    .put("receiptHandle", "handle-" + id)
                    .put("body", body)
                    .put("eventSource", "aws:sqs"));
    return JSON.createObjectNode().set("Records", records).toString();
  }

  private static String fixture(String name) {
    try (InputStream in = HandlersTest.class.getResourceAsStream("/events/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
