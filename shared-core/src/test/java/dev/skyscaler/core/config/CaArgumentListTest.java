package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CaArgumentListTest {
  private static final String SOURCE = "CLUSTER_AUTOSCALER_ARGS";
  private static final Set<String> RUNNER = Set.of("nodes", "node-group-auto-discovery");

  @Test
  void anEksStyleArgumentListIsReadAsItIsPasted() {
    CaArgumentList args =
        CaArgumentList.parse(
            """
            --v=4 --stderrthreshold=info
              --node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled
            --balance-similar-node-groups --skip-nodes-with-system-pods=false
            --expander=least-waste --nodes=1:10:a --nodes=0:5:b
            """,
            SOURCE,
            RUNNER);

    assertThat(args.flags())
        .containsExactly(
            Map.entry(
                "node-group-auto-discovery", List.of("asg:tag=k8s.io/cluster-autoscaler/enabled")),
            Map.entry("balance-similar-node-groups", List.of("true")),
            Map.entry("skip-nodes-with-system-pods", List.of("false")),
            Map.entry("expander", List.of("least-waste")),
            Map.entry("nodes", List.of("1:10:a", "0:5:b")));
    assertThat(args.noEffect()).containsExactly("v", "stderrthreshold");
  }

  @Test
  void anEmptyTextIsNoArgument() {
    assertThat(CaArgumentList.parse("  \n ", SOURCE, RUNNER).flags()).isEmpty();
  }

  static Stream<Arguments> bad() {
    return Stream.of(
        Arguments.of(
            "a value as the next argument",
            "--expander least-waste",
            List.of(
                SOURCE + ": --expander: needs a value (--expander=...)",
                SOURCE
                    + ": \"least-waste\": expected --flag=value (a value needs its flag and =)")),
        Arguments.of(
            "a misspelt flag, with the likely one",
            "--scale-down-uneeded-time=5m",
            List.of(
                SOURCE
                    + ": --scale-down-uneeded-time: not a Cluster Autoscaler option Skyscaler"
                    + " knows; did you mean --scale-down-unneeded-time?")),
        Arguments.of(
            "a CA option Skyscaler lacks",
            "--node-delete-delay-after-taint=5s",
            List.of(
                SOURCE
                    + ": --node-delete-delay-after-taint: a Cluster Autoscaler option Skyscaler"
                    + " does not support; remove it")),
        Arguments.of(
            "every error at once",
            "-- --nope=1",
            List.of(
                SOURCE + ": \"--\": expected --flag=value (a value needs its flag and =)",
                SOURCE + ": --nope: not a Cluster Autoscaler option Skyscaler knows")));
  }

  @ParameterizedTest(name = "{0} is refused")
  @MethodSource("bad")
  void aBadListIsRefusedWithEveryErrorNamed(String sentence, String text, List<String> errors) {
    assertThatThrownBy(() -> CaArgumentList.parse(text, SOURCE, RUNNER))
        .isInstanceOfSatisfying(
            ConfigException.class, e -> assertThat(e.errors()).containsExactlyElementsOf(errors));
  }

  static Stream<Arguments> leaderElection() {
    return Stream.of(
        Arguments.of("CA's lease duration", "--leader-elect-lease-duration=15s"),
        Arguments.of("CA's renew deadline", "--leader-elect-renew-deadline=10s"),
        Arguments.of("CA's retry period", "--leader-elect-retry-period=2s"),
        Arguments.of(
            "CA's own Lease name, which must never become the scan Lease's",
            "--leader-elect-resource-name=cluster-autoscaler"),
        Arguments.of(
            "a Lease namespace, which CA itself reads from --namespace",
            "--leader-elect-resource-namespace=kube-system"));
  }

  /** ADR 0061: the scan Lease is not CA's leader election; CA's flags for it have no effect. */
  @ParameterizedTest(name = "{0} is noted and has no effect")
  @MethodSource("leaderElection")
  void casLeaderElectionFlagsAreNotedNeverTakenForTheScanLease(String sentence, String argument) {
    CaArgumentList args = CaArgumentList.parse(argument, SOURCE, RUNNER);
    String flag = argument.substring(2, argument.indexOf('='));

    assertThat(args.flags()).isEmpty();
    assertThat(args.noEffect()).containsExactly(flag);
    assertThat(OptionFlag.SUPPORTED).extracting(OptionFlag::name).doesNotContain(flag);
  }

  @Test
  void aListHasLimits() {
    String many = "--balance-similar-node-groups ".repeat(CaArgumentList.MAX_ARGUMENTS + 1);

    assertThatThrownBy(() -> CaArgumentList.parse(many, SOURCE, RUNNER))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> assertThat(e.errors()).containsExactly(SOURCE + ": 201 arguments; at most 200"));
  }
}
