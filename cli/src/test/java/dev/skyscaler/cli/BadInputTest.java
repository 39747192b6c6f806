package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input ends the same way: exit code 2, one message on stderr naming the file,
 * object and field, and nothing on stdout. {@code {dir}} in a case stands for its temp directory.
 */
class BadInputTest {
  private static final String GOOD_GROUPS =
      "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n2]}\n";
  private static final String USAGE = "Run 'skyscaler plan --help' for usage.\n";

  @TempDir Path dir;

  @BeforeEach
  void writeSnapshot() throws IOException, URISyntaxException {
    Path small = Path.of(getClass().getResource("/small-cluster.yaml").toURI());
    Files.copy(small, dir.resolve("snapshot.yaml"));
  }

  /**
   * @param groups the node-groups file's content; null leaves the file missing
   * @param options the options file's content; null passes no --options
   */
  private static Arguments badInput(
      String sentence, String groups, String options, List<String> extra, String stderr) {
    return Arguments.of(sentence, groups, options, extra, stderr);
  }

  private static Arguments badGroups(String sentence, String groups, String stderr) {
    return badInput(sentence, groups, null, List.of(), stderr);
  }

  private static Arguments badArgs(String sentence, List<String> extra, String stderr) {
    return badInput(sentence, GOOD_GROUPS, null, extra, stderr);
  }

  static Stream<Arguments> cases() {
    String ng = "{dir}/node-groups.yaml: ";
    return Stream.of(
        badGroups("a missing node-groups file", null, ng + "no such file\n"),
        badGroups(
            "a node-groups file that is not YAML",
            "nodeGroups: [\n",
            ng
                + "not valid YAML (line 1, column 14): expected the node content, but found"
                + " '<stream end>'\n"),
        badGroups(
            "a quantity like 12x",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n2]}\n"
                + "- {name: gpu, minSize: 0, maxSize: 2, template: {capacity: {cpu: 12x}}}\n",
            ng
                + "nodeGroups[1] (gpu): template.capacity.cpu: invalid quantity \"12x\": expected"
                + " a number with an optional suffix (m, k, M, G, T, Ki, Mi, Gi, Ti, or an"
                + " exponent like 2e3)\n"),
        badGroups(
            "minSize above maxSize",
            "nodeGroups:\n- {name: ng1, minSize: 6, maxSize: 5, nodes: [n1, n2]}\n",
            ng + "nodeGroups[0] (ng1): minSize (6) must not exceed maxSize (5)\n"),
        badGroups(
            "a node in two groups",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n2]}\n"
                + "- {name: ng2, minSize: 0, maxSize: 5, selector: {matchLabels: {pool: general}}}\n",
            ng + "nodeGroups[1] (ng2): node \"n1\" is already in node group ng1\n"),
        badGroups(
            "an empty group without a template",
            GOOD_GROUPS + "- {name: spare, minSize: 0, maxSize: 5}\n",
            ng
                + "nodeGroups[1] (spare): has no member nodes, so it needs a template (capacity,"
                + " labels, taints) to know what a new node looks like\n"),
        badGroups(
            "a misspelt field",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxsize: 5, nodes: [n1, n2]}\n",
            ng + "nodeGroups[0] (ng1): unknown field \"maxsize\"; did you mean \"maxSize\"?\n"),
        badGroups(
            "a node the snapshot does not have",
            "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n3]}\n",
            ng + "nodeGroups[0] (ng1): nodes[1]: no node \"n3\" in the snapshot\n"),
        badArgs(
            "an unknown option",
            List.of("--scale-up-turbo"),
            "unknown option --scale-up-turbo\n" + USAGE),
        badArgs(
            "a misspelt option",
            List.of("--max-node-total=5"),
            "unknown option --max-node-total; did you mean --max-nodes-total?\n" + USAGE),
        badArgs(
            "option values of the wrong shape, all reported",
            List.of("--max-nodes-total=ten", "--cores-total=5", "--expander=least-wast"),
            "--expander: unknown expander \"least-wast\"; allowed: least-waste, most-pods,"
                + " random, price, priority, least-nodes\n"
                + "--max-nodes-total: expected a whole number >= 0, got \"ten\"\n"
                + "--cores-total: expected <min>:<max> with 0 <= min <= max, got \"5\"\n"),
        badArgs(
            "a time that is not RFC 3339",
            List.of("--now", "yesterday"),
            "--now: expected an RFC 3339 time like 2025-01-31T12:00:00Z, got \"yesterday\"\n"
                + USAGE),
        badArgs(
            "an unknown output format",
            List.of("--output=yaml"),
            "--output: expected text or json, got \"yaml\"\n" + USAGE),
        badArgs(
            "a missing snapshot file",
            List.of("--snapshot", "{dir}/nope.yaml"),
            "snapshot: {dir}/nope.yaml: no such file\n"),
        badInput(
            "bad values and an unknown key in the options file, with a bad one on the command line",
            GOOD_GROUPS,
            "max-nodes-total: -3\nscale-up-turbo: true\n",
            List.of("--scan-interval=0s"),
            "{dir}/opts.yaml: unknown option --scale-up-turbo\n"
                + "{dir}/opts.yaml: --max-nodes-total: expected a whole number >= 0, got \"-3\"\n"
                + "--scan-interval: expected a duration greater than 0s like 10s, 15m or 1h30m,"
                + " got \"0s\"\n"),
        badInput(
            "an invalid priority regex in the options file",
            GOOD_GROUPS,
            "expander: priority\nexpanderPriorities:\n  10: [\"spot-[a\"]\n",
            List.of(),
            "{dir}/opts.yaml: expanderPriorities: priority 10: invalid regex \"spot-[a\":"
                + " Unclosed character class\n"),
        badInput(
            "a missing options file",
            GOOD_GROUPS,
            null,
            List.of("--options", "{dir}/missing.yaml"),
            "{dir}/missing.yaml: no such file\n"));
  }

  @ParameterizedTest(name = "{0} exits 2 with one message")
  @MethodSource("cases")
  void badInputExitsTwoWithOneMessageAndNoPlan(
      String sentence, String groups, String options, List<String> extra, String stderr)
      throws IOException {
    if (groups != null) {
      Files.writeString(dir.resolve("node-groups.yaml"), groups);
    }
    List<String> args = new ArrayList<>();
    args.add("plan");
    args.addAll(List.of("--snapshot", dir.resolve("snapshot.yaml").toString()));
    args.addAll(List.of("--node-groups", dir.resolve("node-groups.yaml").toString()));
    if (options != null) {
      Files.writeString(dir.resolve("opts.yaml"), options);
      args.addAll(List.of("--options", dir.resolve("opts.yaml").toString()));
    }
    extra.forEach(a -> args.add(a.replace("{dir}", dir.toString())));

    CliRun r = CliRun.run(args.toArray(String[]::new));

    assertThat(r.err()).isEqualTo(stderr.replace("{dir}", dir.toString()));
    assertThat(r.out()).isEmpty();
    assertThat(r.exitCode()).isEqualTo(2);
  }
}
