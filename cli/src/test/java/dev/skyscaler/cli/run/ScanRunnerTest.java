package dev.skyscaler.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.NodeGroupProvider;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.model.Node;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.kubernetes.metrics.Metrics;
import dev.skyscaler.kubernetes.metrics.ScanMetrics;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.scan.ScanCycle;
import dev.skyscaler.kubernetes.scan.ScanSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The runner's loop: a scan per interval on a fixed schedule, and a stop that lets the scan under
 * way finish (its lease released) instead of cutting it.
 */
class ScanRunnerTest {
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final StopSignal stop = new StopSignal();
  final StringWriter log = new StringWriter();

  /** A cloud with no group whose discovery waits until released, so a scan is under way. */
  static final class SlowCloud implements NodeGroupProvider {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public Discovery discover(List<Node> nodes) {
      entered.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new Discovery(List.of(), List.of(), List.of());
    }

    @Override
    public Outcome apply(Action action) {
      return Outcome.notMine("no group");
    }
  }

  private ScanRunner runner(NodeGroupProvider cloud, List<Duration> sleeps) {
    ScanCycle cycle =
        new ScanCycle(
            cluster.connect(),
            cloud,
            ScanSettings.defaults(OptionsParser.parse(Map.of())),
            clock,
            "run/1",
            stop);
    return new ScanRunner(
        cycle,
        Duration.ofSeconds(10),
        clock,
        d -> {
          sleeps.add(d);
          clock.advance(d);
          if (sleeps.size() == 3) {
            stop.stop();
          }
        },
        stop,
        new RunLog(new PrintWriter(log, true), clock),
        new ScanMetrics(new Metrics(), clock),
        new Health(Duration.ofMinutes(10), Duration.ofMinutes(15), T0));
  }

  @Test
  void scansEveryIntervalUntilStopped() {
    List<Duration> sleeps = new ArrayList<>();

    SlowCloud quick = new SlowCloud();
    quick.release.countDown();

    int scans = runner(quick, sleeps).run();

    assertThat(scans).isEqualTo(3);
    assertThat(sleeps).allSatisfy(d -> assertThat(d).isEqualTo(Duration.ofSeconds(10)));
    assertThat(log.toString().lines().filter(l -> l.contains("\"scan completed\""))).hasSize(3);
  }

  @Test
  void aStopDuringAScanLetsItFinishAndReleaseTheLease() throws Exception {
    SlowCloud cloud = new SlowCloud();
    ScanRunner runner = runner(cloud, new ArrayList<>());
    CompletableFuture<Integer> scans = CompletableFuture.supplyAsync(runner::run);
    assertThat(cloud.entered.await(30, TimeUnit.SECONDS)).as("a scan under way").isTrue();
    assertThat(lease()).isEqualTo("run/1");

    stop.stop();
    assertThat(runner.awaitStopped(Duration.ofMillis(300))).as("not cut short").isFalse();
    cloud.release.countDown();

    assertThat(scans.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(log.toString()).contains("\"message\":\"scan completed\"");
    assertThat(log.toString().lines().reduce((a, b) -> b).orElseThrow()).contains("\"stopped\"");
    assertThat(lease()).isNull();
  }

  private String lease() {
    return cluster
        .admin()
        .leases()
        .inNamespace("kube-system")
        .withName("skyscaler")
        .get()
        .getSpec()
        .getHolderIdentity();
  }
}
