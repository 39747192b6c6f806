package dev.skyscaler.aws.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The one line a LocalStack run fails with when Docker or the token is missing. */
class LocalStackPrerequisitesTest {
  static Stream<Arguments> cases() {
    String noDocker = "Docker (no Docker engine answers; Testcontainers starts LocalStack in it)";
    String noToken = "LOCALSTACK_AUTH_TOKEN (not set; Auto Scaling needs a LocalStack Pro token)";
    String prefix = "the localstack profile cannot run: missing ";
    return Stream.of(
        Arguments.of("Docker and a token: nothing is missing", true, "ls-token", Optional.empty()),
        Arguments.of("no Docker engine", false, "ls-token", Optional.of(prefix + noDocker)),
        Arguments.of("no token", true, null, Optional.of(prefix + noToken)),
        Arguments.of("a blank token", true, "  ", Optional.of(prefix + noToken)),
        Arguments.of("neither", false, "", Optional.of(prefix + noDocker + " and " + noToken)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void whatIsMissingIsNamedInOneLine(
      String name, boolean docker, String token, Optional<String> expected) {
    Optional<String> missing = LocalStackPrerequisites.missing(docker, token);

    assertThat(missing).isEqualTo(expected);
    missing.ifPresent(line -> assertThat(line).doesNotContain("\n"));
  }
}
