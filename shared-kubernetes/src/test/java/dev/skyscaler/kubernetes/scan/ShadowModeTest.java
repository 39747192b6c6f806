package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.scan.SecondAutoscalerTest.caEvent;
import static dev.skyscaler.kubernetes.scan.SecondAutoscalerTest.caLease;
import static dev.skyscaler.kubernetes.scan.SecondAutoscalerTest.writes;
import static dev.skyscaler.kubernetes.shadow.ShadowComparison.Direction.DOWN;
import static dev.skyscaler.kubernetes.shadow.ShadowComparison.Direction.UP;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import dev.skyscaler.kubernetes.shadow.ShadowComparison;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Row;
import dev.skyscaler.kubernetes.shadow.ShadowComparison.Verdict;
import dev.skyscaler.kubernetes.shadow.ShadowRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shadow mode ({@code DRY_RUN}) next to a running Cluster Autoscaler on the mock API server: the
 * scan plans as live, acts on nothing, and compares its decisions with CA's events and the groups'
 * target sizes. Every case fails if any write other than the scan's own Lease, status and shadow
 * state happens.
 */
class ShadowModeTest {
  static final Instant T0 = ScanCycleTest.T0;
  static final List<String> OWN =
      List.of(
          "leases/skyscaler", "configmaps/skyscaler-status", "configmaps/skyscaler-shadow-state");

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final InMemoryProvider cloud = new InMemoryProvider();

  ScanReport.Held shadowScan() {
    ScanReport report =
        new ScanCycle(
                cluster.connect(),
                cloud,
                ScanSettings.defaults(OptionsParser.parse(Map.of())).withDryRun(true),
                clock,
                "test/1",
                clock::advance)
            .run();
    assertThat(report).isInstanceOf(ScanReport.Held.class);
    return (ScanReport.Held) report;
  }

  void cluster(int pending) {
    Fixtures.twoFullNodesAnd(cluster.admin(), pending);
  }

  record Case(String name, int pending, Consumer<MockCluster> ca, List<Row> rows) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final String PODS =
      "+1 (pods: default/new-0, default/new-1, default/new-10,"
          + " default/new-11, default/new-12 and 25 more)";

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "CA scaled ng1 up by one, as Skyscaler would: agreed",
            30,
            c -> scaledUp(c, T0.minusSeconds(20)),
            List.of(new Row("ng1", Verdict.AGREED, UP, PODS, "+1"))),
        new Case(
            "Skyscaler would scale ng1 up where CA did nothing",
            30,
            c -> {},
            List.of(new Row("ng1", Verdict.ONLY_SKYSCALER, UP, PODS, "none"))),
        new Case(
            "CA scaled ng1 up where Skyscaler sees nothing pending",
            0,
            c -> scaledUp(c, T0.minusSeconds(20)),
            List.of(new Row("ng1", Verdict.ONLY_CLUSTER_AUTOSCALER, UP, "none", "+1"))),
        new Case(
            "CA started removing an empty node that Skyscaler has not yet seen unneeded long enough",
            0,
            c ->
                caEvent(
                    c,
                    "ScaleDownEmpty",
                    "Scale-down: removing empty node \"n2\"",
                    T0.minusSeconds(20)),
            List.of(
                new Row("ng1", Verdict.ONLY_CLUSTER_AUTOSCALER, DOWN, "none", "-1 (nodes: n2)"))),
        new Case(
            "a CA scale-up older than the first scan's window is not counted",
            0,
            c -> scaledUp(c, T0.minusSeconds(600)),
            List.of()));
  }

  static void scaledUp(MockCluster c, Instant at) {
    caEvent(c, "ScaledUpGroup", "Scale-up: setting group ng1 size to 3 instead of 2 (max: 5)", at);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aShadowScanComparesItsDecisionsWithClusterAutoscalersAndActsOnNothing(Case c) {
    cluster(c.pending());
    caLease(cluster, T0.minusSeconds(3));
    c.ca().accept(cluster);
    cluster.clearCalls();

    ScanReport.Held held = shadowScan();

    assertThat(held.comparison()).hasValue(new ShadowComparison(c.rows()));
    assertThat(held.reason())
        .isEqualTo(
            "shadow mode (DRY_RUN): planned as live, no action taken; Cluster Autoscaler is"
                + " running (its Lease kube-system/cluster-autoscaler is held by"
                + " cluster-autoscaler-7d9f-x2x4, renewed at "
                + T0.minusSeconds(3)
                + " for 15s)");
    assertThat(cloud.applied).isEmpty();
    assertThat(writes(cluster)).allMatch(OWN::contains).contains("configmaps/skyscaler-status");
    var own =
        cluster.admin().configMaps().inNamespace("kube-system").withName("skyscaler-status").get();
    assertThat(own.getData().get("comparison")).isEqualTo(new ShadowComparison(c.rows()).render());
    assertThat(own.getData()).containsKeys("status", "notActing", "shadowTargets");
  }

  @Test
  void aTargetRaisedBetweenTwoShadowScansIsClusterAutoscalersScaleUp() {
    cluster(0);
    shadowScan();
    clock.advance(Duration.ofSeconds(60));
    cloud.target = 3;
    cluster.clearCalls();

    ScanReport.Held second = shadowScan();

    assertThat(second.comparison())
        .hasValue(
            new ShadowComparison(
                List.of(new Row("ng1", Verdict.ONLY_CLUSTER_AUTOSCALER, UP, "none", "+1"))));
    assertThat(writes(cluster)).allMatch(OWN::contains);
    assertThat(
            cluster
                .admin()
                .configMaps()
                .inNamespace("kube-system")
                .withName("skyscaler-status")
                .get()
                .getData()
                .get(ShadowRecord.KEY))
        .as("the record keeps the first, quiet scan and the second one's decision")
        .isEqualTo(
            "{\"from\":\"%s\",\"at\":\"%s\",\"quietScans\":1}\n{\"at\":\"%s\",\"decisions\":[{\"group\":\"ng1\",\"kind\":\"ONLY_CLUSTER_AUTOSCALER_SCALE_UP\",\"skyscaler\":\"none\",\"clusterAutoscaler\":\"+1\"}]}\n"
                .formatted(T0, T0, T0.plusSeconds(60)));
    assertThat(cluster.admin().configMaps().inNamespace("kube-system").list().getItems())
        .as("CA's status and the live state are never written")
        .noneMatch(cm -> cm.getMetadata().getName().equals("skyscaler-state"))
        .noneMatch(cm -> cm.getMetadata().getName().equals("cluster-autoscaler-status"));
  }

  @Test
  void theRenderedComparisonSummarisesEveryVerdict() {
    var comparison =
        new ShadowComparison(
            List.of(
                new Row("ng1", Verdict.AGREED, UP, "+1", "+2"),
                new Row("ng2", Verdict.OPPOSITE, DOWN, "-1 (nodes: n4)", "+1")));

    assertThat(comparison.render())
        .isEqualTo(
            "summary: agreed=1 only_skyscaler=0 only_cluster_autoscaler=0 opposite=1\n"
                + "groups:\n"
                + "- group: \"ng1\"\n"
                + "  verdict: AGREED\n"
                + "  skyscaler: \"+1\"\n"
                + "  clusterAutoscaler: \"+2\"\n"
                + "- group: \"ng2\"\n"
                + "  verdict: OPPOSITE\n"
                + "  skyscaler: \"-1 (nodes: n4)\"\n"
                + "  clusterAutoscaler: \"+1\"\n");
  }
}
