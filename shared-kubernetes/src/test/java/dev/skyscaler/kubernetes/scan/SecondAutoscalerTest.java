package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.mock.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.ApiCall;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guard against a second autoscaler: a live scan that finds a running Cluster Autoscaler plans
 * but does not act, and writes nothing but its own status; a stale CA acts as no CA.
 */
class SecondAutoscalerTest {
  static final Instant T0 = ScanCycleTest.T0;
  static final DateTimeFormatter GO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS '+0000 UTC'").withZone(ZoneOffset.UTC);

  @RegisterExtension final MockCluster cluster = new MockCluster();
  final MutableClock clock = new MutableClock(T0);
  final InMemoryProvider cloud = new InMemoryProvider();

  ScanReport scan(boolean dryRun) {
    return new ScanCycle(
            cluster.connect(),
            cloud,
            ScanSettings.defaults(OptionsParser.parse(Map.of())).withDryRun(dryRun),
            clock,
            "test/1",
            clock::advance)
        .run();
  }

  void fullCluster(int pending) {
    Fixtures.twoFullNodesAnd(cluster.admin(), pending);
  }

  static void caLease(MockCluster cluster, Instant renewed) {
    cluster
        .admin()
        .leases()
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("cluster-autoscaler")
                .endMetadata()
                .withNewSpec()
                .withHolderIdentity("cluster-autoscaler-7d9f-x2x4")
                .withLeaseDurationSeconds(15)
                .withRenewTime(renewed.atZone(ZoneOffset.UTC))
                .endSpec()
                .build())
        .create();
  }

  static void caStatus(MockCluster cluster, Instant updated) {
    cluster
        .admin()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withName("cluster-autoscaler-status")
                .addToAnnotations(
                    "cluster-autoscaler.kubernetes.io/last-updated", GO.format(updated))
                .endMetadata()
                .addToData("status", "autoscalerStatus: Running\n")
                .build())
        .create();
  }

  ConfigMap configMap(String name) {
    return cluster.admin().configMaps().inNamespace("kube-system").withName(name).get();
  }

  record Case(String name, Consumer<MockCluster> ca, String reason) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> runningCas() {
    return Stream.of(
        new Case(
            "a CA Lease renewed 5 seconds ago stops the scan",
            c -> caLease(c, T0.minusSeconds(5)),
            "Cluster Autoscaler is running (its Lease kube-system/cluster-autoscaler is held by"
                + " cluster-autoscaler-7d9f-x2x4, renewed at "
                + T0.minusSeconds(5)
                + " for 15s): Skyscaler planned but took no action. Scale Cluster Autoscaler to 0"
                + " replicas to let Skyscaler act, or set DRY_RUN=true (skyscaler run --dry-run) to"
                + " compare their decisions in shadow mode"),
        new Case(
            "a CA status updated 30 seconds ago by CA stops the scan (CA without leader election)",
            c -> caStatus(c, T0.minusSeconds(30)),
            "Cluster Autoscaler is running (its status ConfigMap"
                + " kube-system/cluster-autoscaler-status was updated at "
                + T0.minusSeconds(30)
                + ", not by Skyscaler): Skyscaler planned but took no action. Scale Cluster"
                + " Autoscaler to 0 replicas to let Skyscaler act, or set DRY_RUN=true (skyscaler"
                + " run --dry-run) to compare their decisions in shadow mode"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runningCas")
  void aRunningClusterAutoscalerIsFoundAndTheScanPlansButWritesOnlyItsOwnStatus(Case c) {
    fullCluster(30);
    c.ca().accept(cluster);
    cluster.clearCalls();

    ScanReport report = scan(false);

    assertThat(report).isInstanceOf(ScanReport.Held.class);
    var held = (ScanReport.Held) report;
    assertThat(held.reason()).isEqualTo(c.reason());
    assertThat(held.plan().scaleUps()).as("the plan is made").hasSize(1);
    assertThat(held.comparison()).isEmpty();
    assertThat(cloud.applied).isEmpty();
    assertThat(writes(cluster))
        .as("only the scan's own lease and own status")
        .allMatch(w -> w.equals("leases/skyscaler") || w.equals("configmaps/skyscaler-status"))
        .contains("configmaps/skyscaler-status");
    assertThat(configMap("skyscaler-status").getData()).containsEntry("notActing", c.reason());
    assertThat(configMap("skyscaler-state")).as("the live state is not touched").isNull();
  }

  record Stale(String name, Consumer<MockCluster> ca) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Stale> staleCas() {
    return Stream.of(
        new Stale("no CA at all", c -> {}),
        new Stale("a CA Lease last renewed 10 minutes ago", c -> caLease(c, T0.minusSeconds(600))),
        new Stale(
            "a CA Lease renewed 26 seconds ago for 15 seconds: past them and the 10 seconds of skew",
            c -> caLease(c, T0.minusSeconds(26))),
        new Stale(
            "a CA status last updated 10 minutes ago", c -> caStatus(c, T0.minusSeconds(600))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("staleCas")
  void aClusterAutoscalerThatStoppedDoesNotStopTheScan(Stale c) {
    fullCluster(30);
    c.ca().accept(cluster);

    ScanReport report = scan(false);

    assertThat(report).isInstanceOf(ScanReport.Completed.class);
    assertThat(cloud.applied).hasSize(1);
  }

  @Test
  void skyscalersOwnStatusWrittenUnderCasNameIsNotTakenForARunningClusterAutoscaler() {
    fullCluster(30);
    assertThat(scan(false)).isInstanceOf(ScanReport.Completed.class);
    assertThat(configMap("cluster-autoscaler-status").getMetadata().getAnnotations())
        .containsKey("skyscaler.dev/last-updated");
    clock.advance(Duration.ofSeconds(10));
    cluster
        .admin()
        .pods()
        .inNamespace("default")
        .resource(pod("default", "later", null, "web"))
        .create();

    ScanReport second = scan(false);

    assertThat(second).isInstanceOf(ScanReport.Completed.class);
  }

  /** Each write as {@code resource/name}; a create names its object in its body. */
  static List<String> writes(MockCluster cluster) {
    List<String> out = new ArrayList<>();
    for (ApiCall w : cluster.writes()) {
      String name = w.name();
      if (name.isEmpty()) {
        try {
          name = new ObjectMapper().readTree(w.body()).path("metadata").path("name").asText();
        } catch (JsonProcessingException e) {
          throw new IllegalStateException(e);
        }
      }
      out.add(w.resource() + "/" + name);
    }
    return out;
  }

  static void caEvent(MockCluster cluster, String reason, String message, Instant at) {
    cluster
        .admin()
        .v1()
        .events()
        .inNamespace("kube-system")
        .resource(
            new EventBuilder()
                .withNewMetadata()
                .withNamespace("kube-system")
                .withGenerateName("cluster-autoscaler-status.")
                .endMetadata()
                .withNewInvolvedObject()
                .withKind("ConfigMap")
                .withNamespace("kube-system")
                .withName("cluster-autoscaler-status")
                .endInvolvedObject()
                .withNewSource()
                .withComponent("cluster-autoscaler")
                .endSource()
                .withReason(reason)
                .withMessage(message)
                .withType("Normal")
                .withLastTimestamp(at.toString())
                .build())
        .create();
  }
}
