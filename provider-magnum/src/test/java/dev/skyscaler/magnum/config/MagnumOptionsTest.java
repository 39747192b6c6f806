package dev.skyscaler.magnum.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MagnumOptionsTest {
  private static final String EXPECTED = "--nodes: expected <min>:<max>:<name>";
  private static final String NAME_RULE =
      EXPECTED
          + " with a Magnum node group name (a letter or digit, then up to 254 letters, digits,"
          + " '-', '_' or '.'), got ";

  static Stream<Arguments> badNodes() {
    return Stream.of(
        Arguments.of(
            "bounds the wrong way round",
            List.of("3:1:workers"),
            List.of(EXPECTED + " with max a whole number >= min, got \"3:1:workers\"")),
        Arguments.of(
            "a name starting with a dash",
            List.of("1:3:-workers"),
            List.of(NAME_RULE + "\"1:3:-workers\"")),
        Arguments.of("a name with a slash", List.of("1:3:a/b"), List.of(NAME_RULE + "\"1:3:a/b\"")),
        Arguments.of(
            "a node group named twice",
            List.of("1:3:workers", "0:2:workers"),
            List.of(EXPECTED + " with each name once, got \"0:2:workers\"")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badNodes")
  void nodesEntriesAreCheckedWithMagnumsNameRule(
      String description, List<String> nodes, List<String> errors) {
    assertThat(MagnumOptions.problems("k8s", nodes, List.of())).containsExactlyElementsOf(errors);
  }

  @Test
  void moreThanTheMostGroupsIsRefused() {
    List<String> nodes =
        IntStream.rangeClosed(0, MagnumOptions.MAX_GROUPS).mapToObj(i -> "0:1:ng" + i).toList();

    assertThat(MagnumOptions.problems("k8s", nodes, List.of()))
        .containsExactly("--nodes: at most 200 node groups");
  }

  @Test
  void aGroupThatCannotGrowIsAcceptedAsCaAcceptsIt() {
    assertThat(MagnumOptions.problems("k8s", List.of("0:0:parked"), List.of())).isEmpty();
  }
}
