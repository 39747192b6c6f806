package dev.skyscaler.aws;

import dev.skyscaler.aws.asg.AsgGateway;
import dev.skyscaler.aws.asg.AsgNodeGroupProvider;
import dev.skyscaler.aws.asg.AsgProviderOptions;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * What every handler is built from, once per execution environment: the validated settings, the
 * Auto Scaling gateway and provider, the log and the clock. Building it opens no connection and
 * resolves no credential, so a SnapStart snapshot taken after initialisation holds neither: the
 * credentials are resolved on the first call after restore (from the container endpoint Lambda
 * gives SnapStart functions, else from the environment variables it gives the others).
 *
 * <p>{@code AWS_ENDPOINT_URL} points every client at an emulator (tests, local runs).
 */
public record FunctionWiring(
    FunctionSettings settings,
    AsgGateway gateway,
    AsgNodeGroupProvider provider,
    JsonLog log,
    Clock clock) {

  /**
   * Reads and validates the environment and builds the clients.
   *
   * @throws dev.skyscaler.core.config.ConfigException listing every bad variable
   */
  public static FunctionWiring fromEnvironment(Map<String, String> env, Clock clock) {
    FunctionSettings settings = FunctionSettings.fromEnvironment(env);
    AwsClientSettings aws =
        new AwsClientSettings(
            Region.of(settings.region()),
            Optional.ofNullable(env.get("AWS_ENDPOINT_URL")).map(URI::create),
            credentials(env));
    AsgGateway gateway = AsgGateway.create(aws);
    AsgNodeGroupProvider provider =
        new AsgNodeGroupProvider(
            gateway,
            gateway,
            new AsgProviderOptions(settings.region(), settings.discovery(), settings.prices()),
            clock);
    return new FunctionWiring(settings, gateway, provider, new JsonLog(System.out, clock), clock);
  }

  private static AwsCredentialsProvider credentials(Map<String, String> env) {
    if (env.containsKey("AWS_CONTAINER_CREDENTIALS_FULL_URI")) {
      return ContainerCredentialsProvider.builder().build();
    }
    return EnvironmentVariableCredentialsProvider.create();
  }
}
