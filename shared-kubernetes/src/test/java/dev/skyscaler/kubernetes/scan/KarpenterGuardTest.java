package dev.skyscaler.kubernetes.scan;

import static dev.skyscaler.kubernetes.scan.SecondAutoscalerTest.writes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.OptionsParser;
import dev.skyscaler.kubernetes.mock.Fixtures;
import dev.skyscaler.kubernetes.mock.MockCluster;
import dev.skyscaler.kubernetes.mock.MutableClock;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guard against Karpenter: a node of one of Skyscaler's node groups carrying Karpenter's
 * NodePool (or older Provisioner) label stops a live scan as a running Cluster Autoscaler does,
 * with the nodes named and how to proceed; shadow mode runs anyway; Karpenter nodes outside every
 * group are a warning of a scan that acts.
 */
class KarpenterGuardTest {
  static final Instant T0 = ScanCycleTest.T0;

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

  void label(String node, String key, String value) {
    cluster
        .admin()
        .nodes()
        .withName(node)
        .edit(n -> new NodeBuilder(n).editMetadata().addToLabels(key, value).endMetadata().build());
  }

  static final String PROCEED =
      ": Skyscaler planned but took no action. Leave these node groups to Karpenter (take them out"
          + " of Skyscaler's node groups or discovery tags) or move their workloads off"
          + " Karpenter's NodePools to let Skyscaler act, or set DRY_RUN=true (skyscaler run"
          + " --dry-run) to compare their decisions in shadow mode";

  record Case(String name, Map<String, String> labels, Set<String> outside, String outcome) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a group's node with a NodePool label stops the scan",
            Map.of("n1", "karpenter.sh/nodepool=default"),
            Set.of(),
            "Karpenter is running (it manages 1 node of Skyscaler's node groups: n1 has"
                + " karpenter.sh/nodepool=default (node group ng1))"
                + PROCEED),
        new Case(
            "a group's node with an older Provisioner label stops the scan too",
            Map.of(
                "n1", "karpenter.sh/provisioner-name=default", "n2", "karpenter.sh/nodepool=gpu"),
            Set.of(),
            "Karpenter is running (it manages 2 nodes of Skyscaler's node groups: n1 has"
                + " karpenter.sh/provisioner-name=default (node group ng1), n2 has"
                + " karpenter.sh/nodepool=gpu (node group ng1))"
                + PROCEED),
        new Case(
            "a Karpenter node outside every group is a warning, and the scan acts",
            Map.of("n2", "karpenter.sh/nodepool=default"),
            Set.of("n2"),
            "acted; warning: Karpenter manages 1 node outside Skyscaler's node groups (n2 has"
                + " karpenter.sh/nodepool=default): both answer the same pending pods, so"
                + " Karpenter may launch nodes for pods a scale-up here is also planned for"),
        new Case(
            "a label of another project under karpenter.sh is no sighting",
            Map.of("n1", "karpenter.sh/capacity-type=spot"),
            Set.of(),
            "acted"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void karpenterManagingTheGroupsNodesStopsALiveScan(Case c) {
    Fixtures.twoFullNodesAnd(cluster.admin(), 30);
    c.labels().forEach((node, l) -> label(node, l.split("=")[0], l.split("=")[1]));
    cloud.outside = c.outside();
    cluster.clearCalls();

    ScanReport report = scan(false);

    String outcome = report.toString();
    if (report instanceof ScanReport.Held h) {
      outcome = h.reason();
    } else if (report instanceof ScanReport.Completed done) {
      outcome =
          "acted"
              + done.warnings().stream()
                  .filter(w -> w.startsWith("Karpenter"))
                  .map(w -> "; warning: " + w)
                  .reduce("", String::concat);
    }
    assertThat(outcome).isEqualTo(c.outcome());
    if (report instanceof ScanReport.Held) {
      assertThat(cloud.applied).isEmpty();
      assertThat(writes(cluster))
          .allMatch(w -> w.equals("leases/skyscaler") || w.equals("configmaps/skyscaler-status"));
      assertThat(
              cluster
                  .admin()
                  .configMaps()
                  .inNamespace("kube-system")
                  .withName("skyscaler-status")
                  .get()
                  .getData())
          .containsEntry("notActing", c.outcome());
    } else {
      assertThat(cloud.applied).hasSize(1);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shadowCases")
  void shadowModeRunsAnywayAndSaysKarpenterWasFound(String name) {
    Fixtures.twoFullNodesAnd(cluster.admin(), 30);
    label("n1", "karpenter.sh/nodepool", "default");

    ScanReport report = scan(true);

    assertThat(report).isInstanceOf(ScanReport.Held.class);
    assertThat(((ScanReport.Held) report).reason())
        .isEqualTo(
            "shadow mode (DRY_RUN): planned as live, no action taken; Karpenter is running (it"
                + " manages 1 node of Skyscaler's node groups: n1 has karpenter.sh/nodepool=default"
                + " (node group ng1))");
    assertThat(((ScanReport.Held) report).comparison()).isPresent();
    assertThat(cloud.applied).isEmpty();
  }

  static List<String> shadowCases() {
    return List.of("a shadow scan next to Karpenter compares and acts on nothing");
  }
}
