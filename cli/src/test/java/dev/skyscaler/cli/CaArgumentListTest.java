package dev.skyscaler.cli;

import static dev.skyscaler.cli.ClusterApiExampleTest.SNAPSHOT;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Cluster Autoscaler argument list pasted as it is: the flags of CA's own process are accepted,
 * with one note that they have no effect, and the plan is the one without them.
 */
class CaArgumentListTest {
  record Case(String name, List<String> processFlags, String note) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "CA's Cluster API deployment arguments",
            List.of(
                "--v=4",
                "--logtostderr=true",
                "--stderrthreshold=info",
                "--leader-elect=true",
                "--leader-elect-resource-lock=leases",
                "--address=:8085"),
            "--address, --leader-elect, --leader-elect-resource-lock, --logtostderr,"
                + " --stderrthreshold, --v concern only Cluster Autoscaler's own process (logging,"
                + " leader election, its endpoint): accepted, no effect"),
        new Case(
            "a bare switch and a value given after a space",
            List.of("--logtostderr", "--v", "2"),
            "--logtostderr, --v concern only Cluster Autoscaler's own process (logging, leader"
                + " election, its endpoint): accepted, no effect"));
  }

  static CliRun plan(List<String> extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "plan",
                "--snapshot",
                SNAPSHOT,
                "--cloud-provider=clusterapi",
                "--node-group-auto-discovery=clusterapi:namespace=capi-prod",
                "--now",
                "2025-06-02T09:00:00Z",
                "--scale-down-unneeded-time=10m",
                "--expander=least-waste"));
    args.addAll(extra);
    return CliRun.run(args.toArray(String[]::new));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void processFlagsAreAcceptedWithOneNoteAndChangeNothing(Case c) {
    CliRun without = plan(List.of());

    CliRun with = plan(c.processFlags());

    assertThat(with.err()).isEmpty();
    assertThat(with.exitCode()).isZero();
    assertThat(with.out()).contains("  - " + c.note() + "\n");
    assertThat(with.out().replace("  - " + c.note() + "\n", "")).isEqualTo(without.out());
  }
}
