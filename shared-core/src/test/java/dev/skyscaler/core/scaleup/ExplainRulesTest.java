package dev.skyscaler.core.scaleup;

import static dev.skyscaler.core.scaleup.Rule.NOW;
import static dev.skyscaler.testkit.TestKit.cluster;
import static dev.skyscaler.testkit.TestKit.group;
import static dev.skyscaler.testkit.TestKit.node;
import static dev.skyscaler.testkit.TestKit.pod;
import static dev.skyscaler.testkit.TestKit.template;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.Autoscaler;
import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.model.TaintEffect;
import dev.skyscaler.core.plan.PodExplanation;
import dev.skyscaler.core.state.AutoscalerState;
import dev.skyscaler.testkit.ClusterSpec;
import dev.skyscaler.testkit.GroupSpec;
import dev.skyscaler.testkit.PodSpec;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code Autoscaler.explain}: where one pod stands, and group by group why. */
class ExplainRulesTest {
  static final String GPU_TAINT = "node(s) had untolerated taint {nvidia.com/gpu: present}";

  /** A row: the cluster, the pod asked about, and the whole expected explanation. */
  record Case(String sentence, ClusterSpec cluster, String pod, PodExplanation expected) {
    @Override
    public String toString() {
      return sentence;
    }
  }

  static PodExplanation explain(ClusterSpec c, String pod) {
    return Autoscaler.explain(
        c.build(), AutoscalerState.EMPTY, AutoscalerOptions.defaults(), NOW, "default/" + pod);
  }

  static GroupSpec cpuGroup() {
    return group("cpu").template(template().cpu("4"));
  }

  static GroupSpec taintedGpuGroup() {
    return group("gpu")
        .template(
            template().cpu("8").gpu(1).taint("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE));
  }

  static ClusterSpec cpuAndGpu(PodSpec... pods) {
    return cluster().groups(cpuGroup(), taintedGpuGroup()).pods(pods);
  }

  static PodExplanation expect(
      String pod, String summary, Map<String, String> groups, String scaleUpGroup) {
    return new PodExplanation("default/" + pod, summary, groups, Optional.ofNullable(scaleUpGroup));
  }

  static Stream<Case> explanations() {
    return Stream.of(
        new Case(
            "a running pod says where it runs",
            cluster().groups(cpuGroup()).nodes(node("n1").inGroup("cpu")).pods(pod("web").on("n1")),
            "web",
            expect("web", "running on node n1", Map.of(), null)),
        new Case(
            "a pod helped by a scale-up names the group and why the others cannot help",
            cpuAndGpu(pod("web").cpu("1")),
            "web",
            expect(
                "web",
                "helped by a scale-up of cpu",
                Map.of("cpu", "fits (4 per new node); chosen", "gpu", GPU_TAINT),
                "cpu")),
        new Case(
            "a pod no group can help gets a reason per group",
            cpuAndGpu(pod("huge").cpu("64")),
            "huge",
            expect(
                "huge",
                "pending, and no node group can help it",
                Map.of("cpu", "Insufficient cpu", "gpu", GPU_TAINT),
                null)),
        new Case(
            "an expendable pod is not considered, with the cutoff named",
            cpuAndGpu(pod("batch").cpu("1").priority(-100)),
            "batch",
            expect(
                "batch",
                "not considered: expendable: priority -100 is below"
                    + " --expendable-pods-priority-cutoff=-10",
                Map.of(),
                null)),
        new Case(
            "a group that fits but was not chosen says so",
            cluster()
                .groups(
                    group("a").template(template().cpu("4")),
                    group("b").template(template().cpu("8")))
                .pods(pod("web").cpu("4")),
            "web",
            expect(
                "web",
                "helped by a scale-up of a",
                Map.of(
                    "a",
                    "fits (1 per new node); chosen",
                    "b",
                    "fits (2 per new node); not used: pod fits a new node but another group was"
                        + " chosen"),
                "a")),
        new Case(
            "a group at its max size that would fit says it is full",
            cluster()
                .groups(group("full").max(1), cpuGroup())
                .nodes(node("n1").inGroup("full"))
                .pods(pod("busy").cpu("4").on("n1"), pod("web").cpu("1")),
            "web",
            expect(
                "web",
                "helped by a scale-up of cpu",
                Map.of(
                    "cpu",
                    "fits (4 per new node); chosen",
                    "full",
                    "fits (4 per new node); not used: max node group size reached"),
                "cpu")),
        new Case(
            "a GPU group a CPU pod would fit is kept for GPU pods",
            cluster()
                .groups(cpuGroup(), group("gpu").template(template().cpu("8").gpu(1)))
                .pods(pod("web").cpu("1")),
            "web",
            expect(
                "web",
                "helped by a scale-up of cpu",
                Map.of(
                    "cpu",
                    "fits (4 per new node); chosen",
                    "gpu",
                    "fits (8 per new node); not used: " + NoScaleUpReasons.GPU_SPARED),
                "cpu")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("explanations")
  void explainsWhereAPodStands(Case c) {
    assertThat(explain(c.cluster(), c.pod())).isEqualTo(c.expected());
  }

  @Test
  void aPodThatFitsAnExistingNodeNeedsNoScaleUp() {
    PodExplanation e =
        explain(
            cluster().groups(cpuGroup()).nodes(node("n1").inGroup("cpu")).pods(pod("web").cpu("1")),
            "web");
    assertThat(e.summary()).isEqualTo("pending, but fits existing node n1: no scale-up needed");
    assertThat(e.scaleUpGroup()).isEmpty();
  }

  @Test
  void aPodThatFitsABootingNodeWaitsForIt() {
    PodExplanation e =
        explain(cluster().groups(cpuGroup().target(1)).pods(pod("web").cpu("1")), "web");
    assertThat(e.summary()).isEqualTo("pending; will fit a node of cpu that is already booting");
    assertThat(e.scaleUpGroup()).isEmpty();
  }

  @Test
  void anUnknownPodIsAnError() {
    assertThatThrownBy(() -> explain(cpuAndGpu(pod("web").cpu("1")), "ghost"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pod default/ghost is not in the snapshot");
  }
}
