package dev.skyscaler.aws;

import static dev.skyscaler.aws.HandlerCalls.fixture;
import static dev.skyscaler.aws.HandlerCalls.invoke;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.aws.moto.MotoAccount;
import dev.skyscaler.aws.moto.MotoExtension;
import dev.skyscaler.aws.moto.MotoServer;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.plan.Plan;
import dev.skyscaler.core.plan.ScaleUp;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SnapStart's priming (ADR 0057): the hook plans the bundled snapshot, and nothing it touches leaks
 * into the environment a snapshot would hold or into the first real scan after it.
 */
@ExtendWith(MotoExtension.class)
class SnapStartPrimingTest {
  private static final AtomicInteger RUNS = new AtomicInteger();

  /** After the mock API server's own timestamps (real time), so nodes are not young. */
  private static final Instant T0 =
      Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  private final MotoServer moto;
  private final MutableClock clock = new MutableClock(T0);
  private final AtomicInteger connects = new AtomicInteger();
  private MotoAccount account;
  private TestWiring test;
  private String name;

  SnapStartPrimingTest(MotoServer moto) {
    this.moto = moto;
  }

  @BeforeEach
  void createCluster() {
    name = "prime-" + RUNS.incrementAndGet();
    account = new MotoAccount(moto);
    account.launchTemplate(name, "m5.large", 0, false);
    account.group(name + "-workers", name, 0, 5, 0, MotoAccount.clusterTags(name, Map.of()));
    test =
        new TestWiring(
            moto,
            name,
            clock,
            Map.of(),
            () -> {
              connects.incrementAndGet();
              return cluster.connect();
            });
    cluster
        .admin()
        .pods()
        .inNamespace("default")
        .resource(Fixtures.pod("default", "web", null, "web"))
        .create();
  }

  @AfterEach
  void close() {
    account.close();
    test.close();
  }

  @Test
  void primingPlansTheBundledSnapshotAsAScanWould() {
    Plan plan = SnapStartPriming.prime(AutoscalerOptions.defaults());

    assertThat(plan.scaleUps())
        .containsExactly(new ScaleUp("snapstart-prime", 1, 1, List.of("default/prime-pending")));
  }

  @Test
  void theHookOpensNothingLogsNothingAndLeavesTheViewEmpty() {
    ScanHandler handler = new ScanHandler(test.wiring(), clock::advance);

    handler.beforeCheckpoint(null);
    handler.afterRestore(null);

    assertThat(connects).as("connections to the cluster").hasValue(0);
    assertThat(test.logLines()).as("log and metric lines").isEmpty();
    assertThat(test.wiring().view().versions().values())
        .as("the view's resource versions")
        .containsOnlyNulls();
  }

  @Test
  void theFirstScanAfterTheHookSeesOnlyTheClusterAndLeavesNoTraceOfThePriming() throws IOException {
    ScanHandler handler = new ScanHandler(test.wiring(), clock::advance);
    handler.beforeCheckpoint(null);
    Instant deadline = T0.plus(Duration.ofSeconds(15));

    String out =
        invoke(
            handler::handleRequest,
            fixture("scheduled-event.json"),
            new FakeContext("req-1", () -> Duration.between(clock.instant(), deadline).toMillis()));

    assertThat(out)
        .isEqualTo("{\"scans\":1,\"completed\":1,\"held\":0,\"skipped\":0,\"failed\":0}");
    assertThat(connects).hasValue(1);
    assertThat(String.join("\n", test.logLines()))
        .contains("\"scaleUps\":[{\"nodeGroup\":\"" + name + "-workers\"")
        .doesNotContain("prime-node", "prime-pending", "snapstart-prime");
    Map<String, String> stored = new HashMap<>();
    for (ConfigMap cm : cluster.admin().configMaps().inAnyNamespace().list().getItems()) {
      stored.putAll(cm.getData() == null ? Map.of() : cm.getData());
    }
    assertThat(stored).as("the state and status the scan stored").isNotEmpty();
    assertThat(String.join("\n", stored.values()))
        .doesNotContain("prime-node", "prime-pending", "snapstart-prime");
    assertThat(test.wiring().view().versions().get("pods"))
        .as("the view after the scan")
        .isNotNull();
  }
}
