package dev.skyscaler.aws;

import static dev.skyscaler.aws.HandlerCalls.fixture;
import static dev.skyscaler.aws.HandlerCalls.invoke;
import static dev.skyscaler.aws.HandlerCalls.sqs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The three handlers with real JSON input, against moto and a mock API server: what each logs,
 * measures and answers. The scenarios of a whole cluster are in {@code e2e}.
 */
@ExtendWith(MotoExtension.class)
class HandlersTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** After the mock API server's own timestamps (real time), so nodes are not young. */
  private static final Instant T0 =
      Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  private final MotoServer moto;
  private final MutableClock clock = new MutableClock(T0);
  private MotoAccount account;
  private TestWiring test;
  private String name;
  private String worker;

  HandlersTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    name = "fn-" + RUNS.incrementAndGet();
    account = new MotoAccount(moto);
    account.launchTemplate(name, "m5.large", 0, false);
    account.launchTemplate(name + "-bad", "m9.nonexistent", 0, false);
    account.group(name + "-workers", name, 0, 5, 1, MotoAccount.clusterTags(name, Map.of()));
    account.group(
        name + "-broken", name + "-bad", 0, 5, 0, MotoAccount.clusterTags(name, Map.of()));
    account.group(name + "-foreign", name, 0, 5, 1, MotoAccount.clusterTags("other", Map.of()));
    test = new TestWiring(moto, cluster, name, clock, Map.of());
    worker = instanceOf(name + "-workers");
    cluster
        .admin()
        .nodes()
        .resource(
            new NodeBuilder(dev.skyscaler.kubernetes.mock.Fixtures.node("w1"))
                .editSpec()
                .withProviderID("aws:///us-east-1a/" + worker)
                .endSpec()
                .build())
        .create();
  }

  @AfterEach
  void close() {
    account.close();
    test.close();
  }

  @Test
  void theScanHandlerScansEveryTenSecondsForAMinuteLoggingAndMeasuringEachScan()
      throws IOException {
    ScanHandler handler = new ScanHandler(test.wiring(), clock::advance);
    Instant deadline = T0.plus(Duration.ofSeconds(90));

    String out =
        invoke(
            handler::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext("req-1", () -> Duration.between(clock.instant(), deadline).toMillis()));

    assertThat(out)
        .isEqualTo("{\"scans\":6,\"completed\":6,\"held\":0,\"skipped\":0,\"failed\":0}");
    List<JsonNode> scans = messages("scan completed");
    assertThat(scans).hasSize(6);
    JsonNode first = scans.get(0);
    assertThat(first.get("identity").asText()).isEqualTo("aws-lambda/req-1");
    assertThat(first.get("kind").asText()).isEqualTo("FULL");
    assertThat(first.get("busy").asBoolean()).as("the empty node is unneeded").isTrue();
    assertThat(first.get("unneededNodes").asInt()).isEqualTo(1);
    assertThat(first.get("scaleUps")).isEmpty();
    assertThat(first.get("figures").get("readyNodes").asInt()).isEqualTo(1);
    assertThat(first.get("figures").get("nodeGroups").asInt()).isEqualTo(1);
    assertThat(first.get("warnings").get(0).asText())
        .startsWith("ASG " + name + "-broken: instance type \"m9.nonexistent\"");
    List<JsonNode> emf = lines().stream().filter(l -> l.has("_aws")).toList();
    JsonNode plain = emf.stream().filter(l -> l.has(ScanMetrics.SCALED_UP)).findFirst().get();
    JsonNode directive = plain.get("_aws").get("CloudWatchMetrics").get(0);
    assertThat(directive.get("Namespace").asText()).isEqualTo("Skyscaler");
    assertThat(directive.get("Dimensions").toString()).isEqualTo("[[\"ClusterName\"]]");
    assertThat(plain.get("_aws").get("Timestamp").asLong()).isEqualTo(T0.toEpochMilli());
    assertThat(plain.get("ClusterName").asText()).isEqualTo(name);
    assertThat(plain.get(ScanMetrics.SCALED_UP).asInt()).isZero();
    JsonNode ready =
        emf.stream().filter(l -> l.path("state").asText().equals("ready")).findFirst().get();
    assertThat(ready.get("_aws").get("CloudWatchMetrics").get(0).get("Dimensions").toString())
        .isEqualTo("[[\"ClusterName\",\"state\"]]");
    assertThat(ready.get(ScanMetrics.NODES).asInt()).isEqualTo(1);
    assertThat(emf)
        .filteredOn(l -> l.path("result").asText().equals("completed"))
        .as("each scan's document carries its increase of the counter, not the running total")
        .hasSize(6)
        .allSatisfy(l -> assertThat(l.get(ScanMetrics.SCANS).asInt()).isEqualTo(1));
    assertThat(String.join("\n", test.logLines())).doesNotContain("mock-token");
  }

  @Test
  void aClusterThatCannotBeReachedFailsEachScanNamingTheStageAndCountsAnError() throws IOException {
    TestWiring unreachable =
        new TestWiring(
            moto,
            name,
            clock,
            Map.of(),
            () -> {
              throw new IllegalStateException("eks:DescribeCluster " + name + " failed: denied");
            });
    Instant deadline = T0.plus(Duration.ofSeconds(90));

    String out =
        invoke(
            new ScanHandler(unreachable.wiring(), clock::advance)::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext(() -> Duration.between(clock.instant(), deadline).toMillis()));

    assertThat(out)
        .isEqualTo("{\"scans\":6,\"completed\":0,\"held\":0,\"skipped\":0,\"failed\":6}");
    List<JsonNode> lines = new ArrayList<>();
    for (String l : unreachable.logLines()) {
      lines.add(JSON.readTree(l));
    }
    assertThat(lines.get(0).get("level").asText()).isEqualTo("ERROR");
    assertThat(lines.get(0).get("message").asText()).isEqualTo("scan failed");
    assertThat(lines.get(0).get("stage").asText()).isEqualTo("connect to the cluster");
    assertThat(lines.get(0).get("error").asText())
        .isEqualTo("eks:DescribeCluster " + name + " failed: denied");
    assertThat(lines)
        .filteredOn(l -> l.path("type").asText().equals("apiCallError"))
        .hasSize(6)
        .allSatisfy(l -> assertThat(l.get(ScanMetrics.ERRORS).asInt()).isEqualTo(1));
    unreachable.close();
  }

  @Test
  void theInterruptionHandlerDrainsOursInOneScanDropsOthersAndReturnsUnreadableMessages()
      throws IOException {
    String foreign = instanceOf(name + "-foreign");
    String spot = atT0(fixture("spot-interruption-warning.json"));
    String lifecycle = atT0(fixture("instance-terminate-lifecycle-action.json"));
    String batch =
        sqs(
            Map.of(
                "m1-ours-spot", spot.replace("i-0b662ef9931388ba0", worker),
                "m2-foreign-spot", spot.replace("i-0b662ef9931388ba0", foreign),
                "m3-ours-hook",
                    lifecycle
                        .replace("prod-spot-a", name + "-workers")
                        .replace("i-0b662ef9931388ba0", worker),
                "m4-foreign-hook", lifecycle.replace("prod-spot-a", name + "-foreign"),
                "m5-test", fixture("autoscaling-test-notification.json"),
                "m6-broken", spot.replace("\"instance-id\"", "\"instance\"")));

    String out =
        invoke(
            new InterruptionHandler(test.wiring(), clock::advance)::handleRequest,
            batch,
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[{\"itemIdentifier\":\"m6-broken\"}]}");
    var w1 = cluster.admin().nodes().withName("w1").get();
    assertThat(w1.getSpec().getUnschedulable()).isTrue();
    assertThat(w1.getSpec().getTaints())
        .anySatisfy(
            t -> {
              assertThat(t.getKey()).isEqualTo("skyscaler.dev/interrupted");
              assertThat(t.getEffect()).isEqualTo("NoSchedule");
            });
    assertThat(messages("scan completed")).hasSize(1);
    assertThat(messages("interruption notice handled"))
        .extracting(l -> l.get("messageId").asText() + " " + l.get("kind").asText())
        .containsExactlyInAnyOrder("m1-ours-spot SPOT_WARNING", "m3-ours-hook LIFECYCLE_TERMINATE");
    assertThat(
            messages(
                "EventBridge event 1e5527d7-bb36-4607-3370-4164db56a40e: field"
                    + " detail.instance-id is missing"))
        .singleElement()
        .satisfies(l -> assertThat(l.get("messageId").asText()).isEqualTo("m6-broken"));
    // an empty node is drained at once: its termination hook is completed in the same scan
    assertThat(test.hookCalls())
        .containsExactly("complete " + name + "-workers skyscaler-drain " + worker);
  }

  @Test
  void eventsFromAnotherAccountOrRegionOrOfAGroupThatDoesNotListTheInstanceDrainNothing()
      throws IOException {
    String spot =
        atT0(fixture("spot-interruption-warning.json")).replace("i-0b662ef9931388ba0", worker);
    String lifecycle = atT0(fixture("instance-terminate-lifecycle-action.json"));
    String foreign = instanceOf(name + "-foreign");

    String out =
        invoke(
            new InterruptionHandler(test.wiring(), clock::advance)::handleRequest,
            sqs(
                Map.of(
                    "m1-other-account",
                    spot.replace("\"account\": \"123456789012\"", "\"account\": \"210987654321\""),
                    "m2-other-region",
                    spot.replace("\"region\": \"us-east-1\"", "\"region\": \"eu-west-1\""),
                    "m3-hook-of-ours-for-their-instance",
                    lifecycle
                        .replace("prod-spot-a", name + "-workers")
                        .replace("i-0b662ef9931388ba0", foreign),
                    "m4-hook-of-an-empty-group-of-ours-for-our-instance",
                    lifecycle
                        .replace("prod-spot-a", name + "-broken")
                        .replace("i-0b662ef9931388ba0", worker))),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[]}");
    assertThat(cluster.admin().nodes().withName("w1").get().getSpec().getUnschedulable())
        .isNotEqualTo(Boolean.TRUE);
    assertThat(test.hookCalls()).isEmpty();
    assertThat(
            messages(
                "interruption event from another account or region than the function's: dropped"))
        .extracting(
            l ->
                l.get("messageId").asText()
                    + " "
                    + l.get("eventAccount").asText()
                    + "/"
                    + l.get("eventRegion").asText()
                    + " not "
                    + l.get("account").asText()
                    + "/"
                    + l.get("region").asText())
        .containsExactlyInAnyOrder(
            "m1-other-account 210987654321/us-east-1 not 123456789012/us-east-1",
            "m2-other-region 123456789012/eu-west-1 not 123456789012/us-east-1");
    assertThat(messages("scan completed")).isEmpty();
  }

  @Test
  void aRecordWithoutABodyFailsAloneAndTheRestOfTheBatchIsHandled() throws IOException {
    String spot =
        atT0(fixture("spot-interruption-warning.json")).replace("i-0b662ef9931388ba0", worker);
    ObjectNode batch = (ObjectNode) JSON.readTree(sqs(Map.of("m1-ours", spot)));
    ((ArrayNode) batch.get("Records")).addObject().put("messageId", "m2-no-body").put("body", 5);

    String out =
        invoke(
            new InterruptionHandler(test.wiring(), clock::advance)::handleRequest,
            batch.toString(),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[{\"itemIdentifier\":\"m2-no-body\"}]}");
    assertThat(cluster.admin().nodes().withName("w1").get().getSpec().getUnschedulable()).isTrue();
    assertThat(messages("SQS message m2-no-body: field body is missing or not a string"))
        .singleElement()
        .satisfies(l -> assertThat(l.get("level").asText()).isEqualTo("ERROR"));
  }

  @Test
  void aBatchWithNothingOfOursIsAcknowledgedWithoutAScan() {
    String spot = atT0(fixture("spot-interruption-warning.json"));

    String out =
        invoke(
            new InterruptionHandler(test.wiring(), clock::advance)::handleRequest,
            sqs(
                Map.of(
                    "m1-foreign",
                        spot.replace("i-0b662ef9931388ba0", instanceOf(name + "-foreign")),
                    "m2-test", fixture("autoscaling-test-notification.json"))),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[]}");
    assertThat(cluster.calls()).as("the cluster is not even reached").isEmpty();
    assertThat(test.logLines()).isEmpty();
  }

  @Test
  void noticesOfABatchWhoseScanFindsTheLeaseHeldGoBackToTheQueue() throws IOException {
    String spot = atT0(fixture("spot-interruption-warning.json"));
    new ScanLease(cluster.connect(), LeaseOptions.DEFAULTS, "another-scan", clock).tryAcquire();
    List<Duration> waits = new ArrayList<>();

    String out =
        invoke(
            new InterruptionHandler(
                    test.wiring(),
                    d -> {
                      waits.add(d);
                      clock.advance(d);
                    })
                ::handleRequest,
            sqs(
                Map.of(
                    "m1-ours", spot.replace("i-0b662ef9931388ba0", worker),
                    "m2-foreign", spot.replace("i-0b662ef9931388ba0", "i-0other"))),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"batchItemFailures\":[{\"itemIdentifier\":\"m1-ours\"}]}");
    assertThat(waits.stream().reduce(Duration.ZERO, Duration::plus))
        .isEqualTo(InterruptionHandler.LEASE_WAIT);
    assertThat(messages("scan skipped"))
        .singleElement()
        .satisfies(l -> assertThat(l.get("reason").asText()).contains("another-scan"));
    assertThat(cluster.admin().nodes().withName("w1").get().getSpec().getUnschedulable())
        .isNotEqualTo(Boolean.TRUE);
  }

  @Test
  void theNodeHealthHandlerRunsAHealthCheckAndSaysHowManyRepairs() throws IOException {
    String out =
        invoke(
            new NodeHealthHandler(test.wiring(), clock::advance)::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext(() -> 60_000));

    assertThat(out).isEqualTo("{\"repairs\":0,\"outcome\":\"completed\"}");
    assertThat(messages("scan completed"))
        .singleElement()
        .satisfies(l -> assertThat(l.get("kind").asText()).isEqualTo("HEALTH"));
    assertThat(lines().stream().filter(l -> l.has(ScanMetrics.REPAIRED)))
        .singleElement()
        .satisfies(m -> assertThat(m.get(ScanMetrics.REPAIRED).asInt()).isZero());
  }

  private String instanceOf(String group) {
    return test.wiring()
        .gateways()
        .autoscaling()
        .describeByNames(List.of(group))
        .get(0)
        .instances()
        .get(0)
        .instanceId();
  }

  private List<JsonNode> lines() throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : test.logLines()) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  private List<JsonNode> messages(String message) throws IOException {
    return lines().stream()
        .filter(l -> l.has("message") && l.get("message").asText().equals(message))
        .toList();
  }

  /** The fixture's event times moved to the test's now. */
  private static String atT0(String event) {
    return event
        .replace("2026-11-21T12:00:00Z", T0.toString())
        .replace("2026-11-21T12:01:10Z", T0.toString());
  }
}
