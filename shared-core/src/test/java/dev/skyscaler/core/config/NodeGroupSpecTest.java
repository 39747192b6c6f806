package dev.skyscaler.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.skyscaler.core.config.NodeGroupSpec.NameRule;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NodeGroupSpecTest {

  static Stream<Arguments> good() {
    return Stream.of(
        Arguments.of("bounds and a name", "1:10:workers", new NodeGroupSpec(1, 10, "workers")),
        Arguments.of("a group that scales to zero", "0:5:gpu", new NodeGroupSpec(0, 5, "gpu")),
        Arguments.of("min equal to max", "3:3:fixed", new NodeGroupSpec(3, 3, "fixed")),
        Arguments.of("max 0, as CA accepts it", "0:0:parked", new NodeGroupSpec(0, 0, "parked")),
        Arguments.of("a sign, as Go's Atoi reads it", "+1:+2:ng", new NodeGroupSpec(1, 2, "ng")),
        Arguments.of(
            "a name holding colons (cut at the first two)",
            "1:2:a:b",
            new NodeGroupSpec(1, 2, "a:b")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("good")
  void entriesAreReadAsCaReadsThem(String description, String text, NodeGroupSpec expected) {
    assertThat(NodeGroupSpec.parse("--nodes", text)).isEqualTo(expected);
    assertThat(expected.toString())
        .isEqualTo(expected.minSize() + ":" + expected.maxSize() + ":" + expected.name());
  }

  static Stream<Arguments> bad() {
    String shape = "--nodes: expected <min>:<max>:<name>";
    return Stream.of(
        Arguments.of("no name part", "1:2", shape + ", got \"1:2\""),
        Arguments.of("nothing at all", "", shape + ", got \"\""),
        Arguments.of(
            "a min that is a word",
            "one:3:ng",
            shape + " with min a whole number >= 0, got \"one:3:ng\""),
        Arguments.of(
            "a negative min", "-1:2:ng", shape + " with min a whole number >= 0, got \"-1:2:ng\""),
        Arguments.of(
            "a min with a decimal point",
            "1.5:2:ng",
            shape + " with min a whole number >= 0, got \"1.5:2:ng\""),
        Arguments.of(
            "a min with spaces",
            " 1:2:ng",
            shape + " with min a whole number >= 0, got \" 1:2:ng\""),
        Arguments.of(
            "a min too large for a whole number",
            "9999999999:1:ng",
            shape + " with min a whole number >= 0, got \"9999999999:1:ng\""),
        Arguments.of(
            "a max that is a word",
            "1:x:ng",
            shape + " with max a whole number >= min, got \"1:x:ng\""),
        Arguments.of(
            "a max below min", "5:2:ng", shape + " with max a whole number >= min, got \"5:2:ng\""),
        Arguments.of(
            "an empty max", "1::ng", shape + " with max a whole number >= min, got \"1::ng\""),
        Arguments.of("an empty name", "1:2:", shape + " with a name, got \"1:2:\""),
        Arguments.of("a blank name", "1:2:  ", shape + " with a name, got \"1:2:  \""));
  }

  @ParameterizedTest(name = "{0} is refused")
  @MethodSource("bad")
  void badEntriesAreRefusedNamingTheFlagAndTheEntry(
      String description, String text, String message) {
    assertThatThrownBy(() -> NodeGroupSpec.parse("--nodes", text))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }

  @Test
  void everyBadEntryIsReportedAtOnceUnderTheFlagNameGiven() {
    NameRule noDots = new NameRule("a name without '.'", n -> !n.contains("."));

    assertThatThrownBy(
            () ->
                NodeGroupSpec.parseAll(
                    "NODES", List.of("1:2", "1:3:a", "0:2:a", "1:2:b.c", "5:2:d"), noDots))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            String.join(
                "\n",
                "NODES: expected <min>:<max>:<name>, got \"1:2\"",
                "NODES: expected <min>:<max>:<name> with each name once, got \"0:2:a\"",
                "NODES: expected <min>:<max>:<name> with a name without '.', got \"1:2:b.c\"",
                "NODES: expected <min>:<max>:<name> with max a whole number >= min, got"
                    + " \"5:2:d\""));
  }

  @Test
  void goodEntriesKeepTheirOrder() {
    assertThat(NodeGroupSpec.parseAll("--nodes", List.of("1:3:b", "0:2:a")))
        .containsExactly(new NodeGroupSpec(1, 3, "b"), new NodeGroupSpec(0, 2, "a"));
  }

  @Test
  void aSpecBuiltInCodeIsCheckedToo() {
    assertThatThrownBy(() -> new NodeGroupSpec(3, 1, "ng"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a node group spec needs 0 <= min <= max and a name, got 3:1:ng");
  }
}
