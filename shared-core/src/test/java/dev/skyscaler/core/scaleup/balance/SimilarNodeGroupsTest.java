package dev.skyscaler.core.scaleup.balance;

import static dev.skyscaler.core.scaleup.balance.TemplateSpec.templateOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.core.config.ScaleUpOptions;
import dev.skyscaler.core.scaleup.candidate.GroupTemplate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SimilarNodeGroupsTest {
  private static final long GI = 1L << 30;
  private static final GroupTemplate CHOSEN = templateOf("chosen").build();

  private static ScaleUpOptions ignoring(List<String> labels) {
    ScaleUpOptions d = ScaleUpOptions.defaults();
    return d.toBuilder().balanceSimilarNodeGroups(true).balancingIgnoreLabels(labels).build();
  }

  static Stream<Arguments> pairs() {
    return Stream.of(
        Arguments.of("identical groups are similar", templateOf("other"), true),
        Arguments.of(
            "groups whose memory differs by 1% are similar",
            templateOf("other").memory(16 * GI * 99 / 100), true),
        Arguments.of(
            "groups whose memory differs by 2% are not",
            templateOf("other").memory(16 * GI * 98 / 100), false),
        Arguments.of(
            "a different CPU count makes groups dissimilar", templateOf("other").cpu(3990), false),
        Arguments.of(
            "a GPU on one group only makes groups dissimilar", templateOf("other").gpu(1), false),
        Arguments.of(
            "a different pod capacity makes groups dissimilar",
            templateOf("other").pods(58),
            false),
        Arguments.of(
            "free resources within 5% are similar",
            templateOf("other").overhead(300, 256L << 20), true),
        Arguments.of(
            "free resources differing by more than 5% make groups dissimilar",
            templateOf("other").overhead(500, 256L << 20), false),
        Arguments.of(
            "a zone label difference does not make groups dissimilar",
            templateOf("other")
                .label("topology.kubernetes.io/zone", "b")
                .label("failure-domain.beta.kubernetes.io/zone", "b")
                .label("topology.ebs.csi.aws.com/zone", "b"),
            true),
        Arguments.of(
            "an EKS node-group label difference does not make groups dissimilar",
            templateOf("other")
                .label("eks.amazonaws.com/nodegroup", "ng-b")
                .label("alpha.eksctl.io/nodegroup-name", "ng-b"),
            true),
        Arguments.of(
            "an Azure agent-pool label difference does not make groups dissimilar",
            templateOf("other")
                .label("kubernetes.azure.com/agentpool", "pool2")
                .label("agentpool", "pool2"),
            true),
        Arguments.of(
            "a different instance-type label does",
            templateOf("other").label("node.kubernetes.io/instance-type", "m5a.xlarge"),
            false),
        Arguments.of(
            "a label on one group only makes groups dissimilar",
            templateOf("other").label("team", "search"),
            false),
        Arguments.of(
            "a taint on one group only makes groups dissimilar",
            templateOf("other").taint("dedicated", "batch"),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pairs")
  void followsCasSimilarityRules(String name, TemplateSpec candidate, boolean similar) {
    GroupTemplate other = candidate.build();
    List<GroupTemplate> expected = similar ? List.of(other) : List.of();
    assertThat(SimilarNodeGroups.similarTo(CHOSEN, List.of(other), ScaleUpOptions.defaults()))
        .isEqualTo(expected);
  }

  @Test
  void aLabelNamedInBalancingIgnoreLabelDoesNotMakeGroupsDissimilar() {
    GroupTemplate other = templateOf("other").label("team", "search").build();
    GroupTemplate chosen = templateOf("chosen").label("team", "ads").build();
    assertThat(SimilarNodeGroups.similarTo(chosen, List.of(other), ScaleUpOptions.defaults()))
        .isEmpty();
    assertThat(SimilarNodeGroups.similarTo(chosen, List.of(other), ignoring(List.of("team"))))
        .containsExactly(other);
  }

  @Test
  void theMemoryToleranceComesFromTheOptions() {
    GroupTemplate other = templateOf("other").memory(16 * GI * 98 / 100).build();
    ScaleUpOptions loose = ignoring(List.of());
    ScaleUpOptions threePercent = loose.toBuilder().memoryDifferenceRatio(0.03).build();
    assertThat(SimilarNodeGroups.similarTo(CHOSEN, List.of(other), threePercent))
        .containsExactly(other);
  }

  @Test
  void theChosenGroupIsNeverSimilarToItselfAndCandidateOrderIsKept() {
    GroupTemplate b = templateOf("zone-b").label("topology.kubernetes.io/zone", "b").build();
    GroupTemplate big = templateOf("big").cpu(8000).build();
    GroupTemplate c = templateOf("zone-c").label("topology.kubernetes.io/zone", "c").build();
    assertThat(
            SimilarNodeGroups.similarTo(
                CHOSEN, List.of(c, CHOSEN, big, b), ScaleUpOptions.defaults()))
        .containsExactly(c, b);
  }

  static Stream<Arguments> balancingLabelPairs() {
    return Stream.of(
        Arguments.of(
            "the same value of the balancing label makes groups similar, whatever their shape",
            templateOf("other").label("pool", "web").cpu(8000).taint("dedicated", "web"),
            true),
        Arguments.of(
            "a different value of the balancing label makes groups dissimilar",
            templateOf("other").label("pool", "batch"),
            false),
        Arguments.of(
            "a balancing label missing on the candidate makes groups dissimilar",
            templateOf("other"),
            false),
        Arguments.of(
            "labels not named by --balancing-label are not compared",
            templateOf("other").label("pool", "web").label("team", "search"),
            true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("balancingLabelPairs")
  void withBalancingLabelsOnlyThoseLabelsAreCompared(
      String name, TemplateSpec candidate, boolean similar) {
    GroupTemplate chosen = templateOf("chosen").label("pool", "web").build();
    GroupTemplate other = candidate.build();
    ScaleUpOptions byPool =
        ignoring(List.of()).toBuilder().balancingLabels(List.of("pool")).build();
    assertThat(SimilarNodeGroups.similarTo(chosen, List.of(other), byPool))
        .isEqualTo(similar ? List.of(other) : List.of());
  }

  @Test
  void aBalancingLabelMissingOnBothGroupsMakesThemDissimilarAsInCa() {
    GroupTemplate other = templateOf("other").build();
    ScaleUpOptions byPool =
        ignoring(List.of()).toBuilder().balancingLabels(List.of("pool")).build();
    assertThat(SimilarNodeGroups.similarTo(CHOSEN, List.of(other), byPool)).isEmpty();
  }

  static Stream<Arguments> ratios() {
    return Stream.of(
        Arguments.of("equal amounts are within any ratio", 100L, 100L, 0.0, true),
        Arguments.of(
            "a difference of exactly the ratio of the larger is within", 100L, 95L, 0.05, true),
        Arguments.of("a difference above the ratio of the larger is not", 100L, 94L, 0.05, false),
        Arguments.of("the ratio is taken of the larger, in either order", 94L, 100L, 0.05, false),
        Arguments.of("two zero amounts are within", 0L, 0L, 0.05, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ratios")
  void amountsAreComparedAgainstTheLarger(
      String name, long x, long y, double ratio, boolean within) {
    assertThat(SimilarNodeGroups.withinRatio(x, y, ratio)).isEqualTo(within);
  }
}
