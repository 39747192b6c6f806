package dev.skyscaler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Input past a limit (size, depth, count) ends like any bad input: exit code 2, one message naming
 * the file and the limit, nothing on stdout, and no stack overflow, exhausted heap or endless parse
 * on the way. Big files are sparse: their size is checked before a byte is read. {@code {dir}} in a
 * message stands for the temp directory.
 */
class InputLimitsTest {
  private static final String GROUPS =
      "nodeGroups:\n- {name: ng1, minSize: 1, maxSize: 5, nodes: [n1, n2]}\n";
  private static final int DEEP = 5_000;

  @TempDir Path dir;

  /** A file the case writes over the good inputs, and the options file when it writes one. */
  interface Setup {
    void write(Path dir) throws IOException;
  }

  record Case(String name, Setup setup, boolean withOptions, String stderr) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a snapshot nested 5,000 levels deep",
            d ->
                Files.writeString(
                    d.resolve("snapshot.yaml"),
                    "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: "
                        + "[".repeat(DEEP)
                        + "]".repeat(DEEP)
                        + "\n"),
            false,
            "{dir}/snapshot.yaml: line 4, column 106: nested more than 100 levels deep; a"
                + " Kubernetes object nests about 20 levels deep\n"),
        new Case(
            "a snapshot file over 1 GiB",
            d -> sparse(d.resolve("snapshot.yaml"), (1L << 30) + 1),
            false,
            "snapshot: {dir}/snapshot.yaml: 1,073,741,825 bytes; at most 1,073,741,824 bytes are"
                + " read\n"),
        new Case(
            "a node-groups file nested 5,000 levels deep",
            d ->
                Files.writeString(
                    d.resolve("node-groups.yaml"),
                    "nodeGroups: " + "[".repeat(DEEP) + "]".repeat(DEEP) + "\n"),
            false,
            "{dir}/node-groups.yaml: nested more than 100 levels deep\n"),
        new Case(
            "a node-groups file over 1 MiB",
            d -> sparse(d.resolve("node-groups.yaml"), (1L << 20) + 1),
            false,
            "{dir}/node-groups.yaml: 1,048,577 bytes; at most 1,048,576 bytes are read: expected a"
                + " mapping with a nodeGroups list\n"),
        new Case(
            "1,001 node groups",
            d -> {
              StringBuilder groups = new StringBuilder(GROUPS);
              for (int i = 0; i < 1_000; i++) {
                groups.append("- {name: g").append(i).append(", minSize: 0, maxSize: 1}\n");
              }
              Files.writeString(d.resolve("node-groups.yaml"), groups);
            },
            false,
            "{dir}/node-groups.yaml: nodeGroups: 1001 items; at most 1000 are read\n"),
        new Case(
            "an options file of 100 MB",
            d -> sparse(d.resolve("opts.yaml"), 100L << 20),
            true,
            "{dir}/opts.yaml: 104,857,600 bytes; at most 1,048,576 bytes are read: expected a"
                + " mapping of option names to values\n"));
  }

  @BeforeEach
  void goodInputs() throws IOException, URISyntaxException {
    Path small = Path.of(getClass().getResource("/small-cluster.yaml").toURI());
    Files.copy(small, dir.resolve("snapshot.yaml"));
    Files.writeString(dir.resolve("node-groups.yaml"), GROUPS);
  }

  @ParameterizedTest(name = "{0} exits 2 with one message")
  @MethodSource("cases")
  void inputPastALimitExitsTwoWithOneMessageNamingTheFile(Case c) throws IOException {
    c.setup().write(dir);
    List<String> args = new ArrayList<>(List.of("plan"));
    args.addAll(List.of("--snapshot", dir.resolve("snapshot.yaml").toString()));
    args.addAll(List.of("--node-groups", dir.resolve("node-groups.yaml").toString()));
    if (c.withOptions()) {
      args.addAll(List.of("--options", dir.resolve("opts.yaml").toString()));
    }

    CliRun r = CliRun.run(args.toArray(String[]::new));

    assertThat(r.err()).isEqualTo(c.stderr().replace("{dir}", dir.toString()));
    assertThat(r.out()).isEmpty();
    assertThat(r.exitCode()).isEqualTo(2);
  }

  /** A file of {@code size} bytes that takes no disk: only its size is ever read. */
  private static void sparse(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }
}
