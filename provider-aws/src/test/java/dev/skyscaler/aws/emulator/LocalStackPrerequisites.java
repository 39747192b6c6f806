package dev.skyscaler.aws.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a LocalStack run needs before it starts a container: a Docker engine and a LocalStack auth
 * token (Auto Scaling is a LocalStack Pro service). Missing either fails the run with one line
 * naming what is missing, never a skip.
 */
public final class LocalStackPrerequisites {
  /** The environment variable LocalStack reads its auth token from. */
  public static final String TOKEN = "LOCALSTACK_AUTH_TOKEN";

  private LocalStackPrerequisites() {}

  /**
   * Why LocalStack cannot start here, or empty when it can.
   *
   * @param docker whether a Docker engine answers
   * @param token the value of {@value #TOKEN}, null when unset
   */
  public static Optional<String> missing(boolean docker, String token) {
    List<String> missing = new ArrayList<>();
    if (!docker) {
      missing.add("Docker (no Docker engine answers; Testcontainers starts LocalStack in it)");
    }
    if (token == null || token.isBlank()) {
      missing.add(TOKEN + " (not set; Auto Scaling needs a LocalStack Pro token)");
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "the localstack profile cannot run: missing " + String.join(" and ", missing));
  }
}
