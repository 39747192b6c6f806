package dev.skyscaler.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OptionsFileTest {
  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("opts.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void flagsAndPrioritiesAreReadAsText() throws IOException {
    OptionsFile f =
        OptionsFile.read(
            write(
                """
                expander: priority,least-waste
                max-nodes-total: 100
                balance-similar-node-groups: true
                balancing-ignore-label: [example.com/pool, team]
                expanderPriorities:
                  10: [".*spot.*"]
                  1: .*
                """));
    assertThat(f.flags())
        .containsExactly(
            Map.entry("expander", List.of("priority,least-waste")),
            Map.entry("max-nodes-total", List.of("100")),
            Map.entry("balance-similar-node-groups", List.of("true")),
            Map.entry("balancing-ignore-label", List.of("example.com/pool", "team")));
    assertThat(f.expanderPriorities()).isEqualTo(Map.of(10, List.of(".*spot.*"), 1, List.of(".*")));
  }

  @Test
  void aFileWithoutPrioritiesHasAnEmptyTable() throws IOException {
    assertThat(OptionsFile.read(write("scan-interval: 30s\n")).expanderPriorities()).isEmpty();
  }

  static Stream<Arguments> badFiles() {
    return Stream.of(
        Arguments.of(
            "a mapping as an option value",
            "max-nodes-total: {a: 1}\n",
            "max-nodes-total: expected a single value, got a mapping"),
        Arguments.of(
            "a priority that is not a number",
            "expanderPriorities:\n  high: [.*]\n",
            "expanderPriorities: expected whole-number priorities, got \"high\""),
        Arguments.of(
            "priorities as a list",
            "expanderPriorities: [.*]\n",
            "expanderPriorities: expected a mapping, got a list"),
        Arguments.of(
            "a list inside a regex list",
            "expanderPriorities:\n  10: [[a]]\n",
            "expanderPriorities.10[0]: expected a single value, got a list"));
  }

  @ParameterizedTest(name = "{0} is rejected")
  @MethodSource("badFiles")
  void badShapesAreRejectedNamingTheKey(String sentence, String yaml, String message)
      throws IOException {
    Path file = write(yaml);
    assertThatThrownBy(() -> OptionsFile.read(file))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": " + message);
  }
}
