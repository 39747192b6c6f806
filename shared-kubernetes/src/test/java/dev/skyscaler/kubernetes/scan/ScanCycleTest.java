package dev.skyscaler.kubernetes.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.cloud.InterruptionNotice;
import dev.skyscaler.core.cloud.InterruptionNotice.Kind;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.core.plan.action.Action;
import dev.skyscaler.core.plan.action.RepairInstance;
import dev.skyscaler.core.plan.action.SetTargetSize;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.state.ScanLease;
import dev.skyscaler.kubernetes.state.ScanLease.LeaseOptions;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One scan end to end against a mock API server and an in-memory cloud: lease, state, read, plan,
 * act on both sides, save, status — and each way it stops short.
 */
class ScanCycleTest {
  /**
   * An hour after now: the mock API server stamps objects with the real time, and a node younger
   * than --max-node-startup-time counts as starting, not unready.
   */
  static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final InMemoryProvider cloud = new InMemoryProvider();
  final List<Duration> sleeps = new ArrayList<>();

  ScanCycle cycle(String identity, ScanSettings settings) {
    return new ScanCycle(
        cluster.connect(),
        cloud,
        settings,
        clock,
        identity,
        d -> {
          sleeps.add(d);
          clock.advance(d);
        });
  }

  ScanCycle cycle() {
    return cycle("test/1", ScanSettings.defaults(OptionsParser.parse(Map.of())));
  }

  /** Two full nodes of 110 pods and {@code pending} pods that fit nowhere. */
  void fullCluster(int pending) {
    Fixtures.twoFullNodesAnd(cluster.admin(), pending);
  }

  ConfigMap configMap(String name) {
    return cluster.admin().configMaps().inNamespace("kube-system").withName(name).get();
  }

  @Test
  void aScanWithPendingPodsRaisesTheTargetSavesTheStateWritesTheStatusAndReleasesTheLease() {
    fullCluster(30);

    ScanReport report = cycle().run();

    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    var done = (ScanReport.Completed) report;
    assertThat(cloud.applied)
        .singleElement()
        .satisfies(
            a -> {
              var set = (SetTargetSize) a;
              assertThat(set.nodeGroup()).isEqualTo("ng1");
              assertThat(set.from()).isEqualTo(2);
              assertThat(set.to()).isEqualTo(3);
            });
    assertThat(done.figures().scaledUpNodes()).isEqualTo(1);
    assertThat(done.figures().unschedulablePods()).isEqualTo(30);
    assertThat(done.figures().readyNodes()).isEqualTo(2);
    assertThat(done.busy()).isTrue();
    assertThat(configMap("skyscaler-state")).isNotNull();
    assertThat(configMap("cluster-autoscaler-status").getData().get("status"))
        .contains("autoscalerStatus: \"Running\"");
    var lease = cluster.admin().leases().inNamespace("kube-system").withName("skyscaler").get();
    assertThat(lease.getSpec().getHolderIdentity()).isNullOrEmpty();
    assertThat(cluster.admin().v1().events().inAnyNamespace().list().getItems())
        .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("TriggeredScaleUp"));
  }

  @Test
  void aSecondScanSeesTheFirstScansScaleUpAsUpcomingAndAsksForNothingMore() {
    fullCluster(30);
    cycle().run();
    clock.advance(Duration.ofSeconds(10));

    var second =
        (ScanReport.Completed)
            cycle("test/2", ScanSettings.defaults(OptionsParser.parse(Map.of()))).run();

    assertThat(second.plan().scaleUps()).isEmpty();
    assertThat(cloud.applied).hasSize(1);
    assertThat(second.busy()).as("a node is booting").isTrue();
  }

  @Test
  void aQuietClusterGivesAnIdleScanWithNoAction() {
    fullCluster(0);

    var report = (ScanReport.Completed) cycle().run();

    assertThat(cloud.applied).isEmpty();
    assertThat(report.busy()).isFalse();
    assertThat(report.figures().failedActions()).isZero();
  }

  @Test
  void aLeaseHeldByAnotherActorSkipsTheScanWithoutReadingTheClusterOrActing() {
    fullCluster(30);
    var other = new ScanLease(cluster.connect(), LeaseOptions.DEFAULTS, "other", clock);
    assertThat(other.tryAcquire()).isInstanceOf(ScanLease.Acquired.class);
    cluster.clearCalls();

    ScanReport report = cycle().run();

    assertThat(report).isInstanceOf(ScanReport.Skipped.class);
    assertThat(((ScanReport.Skipped) report).reason()).contains("is held by other");
    assertThat(cloud.applied).isEmpty();
    assertThat(cluster.calls()).allSatisfy(c -> assertThat(c.resource()).isEqualTo("leases"));
  }

  @Test
  void aScanThatMayWaitTakesTheLeaseOnceTheOtherHoldersExpires() {
    fullCluster(30);
    new ScanLease(cluster.connect(), LeaseOptions.DEFAULTS, "other", clock).tryAcquire();
    ScanSettings patient =
        ScanSettings.defaults(OptionsParser.parse(Map.of()))
            .withLeaseWait(LeaseOptions.DEFAULTS.duration().plusSeconds(5));

    ScanReport report = cycle("test/1", patient).run();

    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    assertThat(sleeps).isNotEmpty().allMatch(d -> d.equals(Duration.ofMillis(500)));
    assertThat(cloud.applied).hasSize(1);
    // once with the lease request, and again under the lease: the first read is too old
    assertThat(cloud.cloudReads).hasValue(2);
  }

  @Test
  void aClusterThatCannotBeReadFailsTheScanBeforeAnyActionAndLeavesTheStateAlone() {
    fullCluster(30);
    cluster.fail(MockCluster.call("list", "pods"), 500, 10);

    ScanReport report = cycle().run();

    assertThat(report).isInstanceOf(ScanReport.Failed.class);
    assertThat(((ScanReport.Failed) report).stage()).isEqualTo("read the cluster");
    assertThat(cloud.applied).isEmpty();
    assertThat(configMap("skyscaler-state")).isNull();
  }

  @Test
  void aCloudThatCannotBeReadFailsTheScanAndNamesTheStep() {
    fullCluster(30);
    cloud.discoveryFailure = new IllegalStateException("DescribeAutoScalingGroups: throttled");

    ScanReport report = cycle().run();

    assertThat(report)
        .isEqualTo(
            new ScanReport.Failed(
                "discover the node groups", "DescribeAutoScalingGroups: throttled"));
  }

  @Test
  void theCloudIsReadOnAThreadOfItsOwnWhileTheClusterIsRead() {
    fullCluster(30);
    AtomicBoolean sawPodsListed = new AtomicBoolean();
    // Waits for the cluster read: a cloud read run before it on the same thread would time out.
    cloud.beforeCloudRead =
        () ->
            sawPodsListed.set(
                waitFor(() -> cluster.calls().stream().anyMatch(MockCluster.call("list", "pods"))));

    ScanReport report = cycle().run();

    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    assertThat(cloud.cloudReadThread).isEqualTo("skyscaler-cloud-read");
    assertThat(sawPodsListed).isTrue();
    assertThat(cloud.cloudReads).hasValue(1);
    assertThat(cloud.applied).hasSize(1);
  }

  @Test
  void aCloudReadThatFailsFailsTheScanAtDiscoveryWithItsOwnMessageAndActsOnNothing() {
    fullCluster(30);
    cloud.cloudReadFailure = new IllegalStateException("DescribeAutoScalingGroups: access denied");

    ScanReport report = cycle().run();

    assertThat(report)
        .isEqualTo(
            new ScanReport.Failed(
                "discover the node groups", "DescribeAutoScalingGroups: access denied"));
    assertThat(cloud.applied).isEmpty();
    assertThat(configMap("skyscaler-state")).isNull();
  }

  /** Polls {@code condition} for up to 10 s; whether it came true. */
  static boolean waitFor(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
  }

  @Test
  void aCloudActionThatThrowsIsAFailedOutcomeAndTheScanStillSavesItsState() {
    fullCluster(30);
    cloud.actionFailure = new IllegalStateException("SetDesiredCapacity: AccessDenied");

    var report = (ScanReport.Completed) cycle().run();

    assertThat(report.cloud())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.succeeded()).isFalse();
              assertThat(c.outcome().message()).isEqualTo("SetDesiredCapacity: AccessDenied");
            });
    assertThat(report.figures().failedActions()).isEqualTo(1);
    assertThat(configMap("skyscaler-state")).isNotNull();
  }

  @Test
  void anInvalidPriorityExpanderConfigMapFailsTheScanNamingIt() {
    fullCluster(30);
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("cluster-autoscaler-priority-expander")
                .endMetadata()
                .withData(Map.of("priorities", "10:\n  - '([a-z'\n"))
                .build())
        .create();

    ScanReport report = cycle().run();

    assertThat(report).isInstanceOf(ScanReport.Failed.class);
    assertThat(((ScanReport.Failed) report).message())
        .startsWith(
            "ConfigMap kube-system/cluster-autoscaler-priority-expander: data.priorities[10]: invalid regex");
    assertThat(cloud.applied).isEmpty();
  }

  @Test
  void anInterruptionNoticeTaintsAndCordonsTheNodeAndIsRememberedForLaterScans() {
    fullCluster(0);
    var notice =
        new InterruptionNotice(
            "evt-1", Kind.SPOT_WARNING, "i-n1", T0.plusSeconds(120), Optional.empty());

    var report = (ScanReport.Completed) cycle().run(ScanKind.FULL, List.of(notice));

    var n1 = cluster.admin().nodes().withName("n1").get();
    assertThat(n1.getSpec().getUnschedulable()).isTrue();
    assertThat(n1.getSpec().getTaints()).isNotEmpty();
    assertThat(report.plan().state().interruptions().nodes()).containsKey("n1");
    assertThat(configMap("skyscaler-state").getData().toString()).contains("evt-1");
  }

  @Test
  void aHealthCheckRepairsALongNotReadyNodeButDoesNotScale() {
    fullCluster(30);
    var n2 = cluster.admin().nodes().withName("n2").get();
    n2 =
        new NodeBuilder(n2)
            .editStatus()
            .editFirstCondition()
            .withStatus("False")
            .withLastTransitionTime(T0.minus(Duration.ofMinutes(10)).toString())
            .endCondition()
            .endStatus()
            .build();
    cluster.admin().nodes().resource(n2).update();

    var report = (ScanReport.Completed) cycle().run(ScanKind.HEALTH, List.of());

    List<Action> applied = cloud.applied;
    assertThat(applied).singleElement().isInstanceOf(RepairInstance.class);
    assertThat(((RepairInstance) applied.get(0)).node()).isEqualTo("n2");
    assertThat(report.plan().scaleUps()).isEmpty();
    assertThat(configMap("cluster-autoscaler-status"))
        .as("a health check writes no status")
        .isNull();
  }
}
