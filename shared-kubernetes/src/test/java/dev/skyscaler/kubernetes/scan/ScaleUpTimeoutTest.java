package dev.skyscaler.kubernetes.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.FakeCloud;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.mock.WriteLedger;
import io.fabric8.kubernetes.api.model.Event;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A scale-up the cloud cannot fulfil, end to end on the mock API server and a {@link FakeCloud} out
 * of capacity: after {@code --max-node-provision-time} the scan lowers the target to the instances
 * there are, records CA's {@code ScaleUpTimedOut}, shows the group in backoff in CA's status
 * ConfigMap with until when and why, asks nothing of the group while backed off, and tries again
 * once the backoff ends.
 */
class ScaleUpTimeoutTest {
  static final Instant T0 = ScanCycleTest.T0;

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final WriteLedger ledger = new WriteLedger();
  FakeCloud cloud;

  ScanReport.Completed scan() {
    ScanReport report =
        new ScanCycle(
                cluster.connect(),
                cloud.seenBy("scan"),
                ScanSettings.defaults(OptionsParser.parse(Map.of())),
                clock,
                "test/1",
                clock::advance)
            .run();
    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    return (ScanReport.Completed) report;
  }

  @Test
  void aTargetTheCloudCannotFillIsLoweredAfterMaxNodeProvisionTimeAndTheGroupBacksOff() {
    Fixtures.twoFullNodesAnd(cluster.admin(), 30);
    cloud =
        new FakeCloud(
            ledger, clock, cluster.admin(), 1, 5, Duration.ofMinutes(2), List.of("n1", "n2"));
    cloud.capacity(2);

    assertThat(scan().plan().scaleUps()).hasSize(1);
    assertThat(cloud.target()).isEqualTo(3);
    clock.advance(Duration.ofMinutes(1));
    scan();
    assertThat(cloud.target()).as("15m not yet run out").isEqualTo(3);

    clock.advance(Duration.ofMinutes(16));
    Instant timedOut = clock.instant();
    ScanReport.Completed third = scan();

    assertThat(third.cloud())
        .extracting(o -> o.action().describe())
        .containsExactly(
            "set ng1 target size 3 -> 2 (decrease target: 1 requested node(s) never created)");
    assertThat(cloud.target()).isEqualTo(2);
    assertThat(cloud.violations()).isEmpty();
    assertThat(third.plan().scaleUps()).as("backed off: no new node for ng1").isEmpty();
    assertThat(third.warnings())
        .contains(
            "node group ng1 is in backoff after a failed scale-up until "
                + timedOut.plus(Duration.ofMinutes(5))
                + " (5m, 1 requested node(s) did not come within --max-node-provision-time=15m):"
                + " it gets no new node until then");
    assertThat(events("ScaleUpTimedOut"))
        .extracting(Event::getMessage)
        .containsExactly("Nodes added to group ng1 failed to register within 15m");
    String probe = StatusTimes.rfc3339(timedOut);
    assertThat(status())
        .contains(
            """
            - name: "ng1"
            """)
        .contains(
            """
              scaleUp:
                status: "Backoff"
                backoffInfo:
                  errorCode: "timeout"
                  errorMessage: "1 requested node(s) did not come within --max-node-provision-time=15m;\
             backed off until %s (5m)"
                lastProbeTime: "%s"
                lastTransitionTime: "%s"
            """
                .formatted(timedOut.plus(Duration.ofMinutes(5)), probe, probe));

    clock.advance(Duration.ofMinutes(1));
    assertThat(scan().plan().scaleUps()).as("still backed off").isEmpty();
    assertThat(cloud.target()).isEqualTo(2);

    clock.advance(Duration.ofMinutes(5));
    assertThat(scan().plan().scaleUps()).as("the backoff ended: tried again").hasSize(1);
    assertThat(cloud.target()).isEqualTo(3);
    assertThat(status()).doesNotContain("Backoff");
  }

  private List<Event> events(String reason) {
    return cluster.admin().v1().events().inAnyNamespace().list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .toList();
  }

  private String status() {
    return cluster
        .admin()
        .configMaps()
        .inNamespace("kube-system")
        .withName("cluster-autoscaler-status")
        .get()
        .getData()
        .get("status");
  }

  /** The status's probe times: RFC 3339 in whole seconds. */
  static final class StatusTimes {
    static String rfc3339(Instant t) {
      return java.time.format.DateTimeFormatter.ISO_INSTANT.format(
          t.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
  }
}
