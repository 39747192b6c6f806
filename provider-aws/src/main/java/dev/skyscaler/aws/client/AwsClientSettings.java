package dev.skyscaler.aws.client;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.builder.SdkSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;

/**
 * How every AWS client of the functions is built: an explicit region and credentials provider (no
 * provider-chain probing at cold start), the URL-connection HTTP client (no Apache, no Netty), the
 * SDK's standard retry strategy with backoff for throttling, and call timeouts that fit a scan. An
 * endpoint override points the clients at an emulator in tests.
 *
 * <p>With the signed calls ({@link SignedAwsCall}, {@link JsonAnswers}) and the failures ({@link
 * AwsErrors}), this package is how the gateways reach AWS: the only code besides the gateways that
 * touches the SDK.
 */
public record AwsClientSettings(
    Region region, Optional<URI> endpoint, AwsCredentialsProvider credentials) {

  /** Attempts per call, the first included; throttling backs off between them. */
  public static final int MAX_ATTEMPTS = 5;

  /** The longest one attempt may take. */
  public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(15);

  /** The longest one call may take, its attempts and their back-off included. */
  public static final Duration CALL_TIMEOUT = Duration.ofSeconds(40);

  private static final SdkHttpClient HTTP =
      UrlConnectionHttpClient.builder()
          .connectionTimeout(Duration.ofSeconds(3))
          .socketTimeout(Duration.ofSeconds(15))
          .build();

  public AwsClientSettings {
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(credentials, "credentials");
  }

  /**
   * The settings of a function in {@code region}, from its environment: the credentials Lambda
   * gives it (the container endpoint {@code AWS_CONTAINER_CREDENTIALS_FULL_URI} of SnapStart
   * functions, else the {@code AWS_ACCESS_KEY_ID} variables), resolved at the first call, not here;
   * {@code AWS_ENDPOINT_URL}, when set, points every client at an emulator (tests, local runs).
   */
  public static AwsClientSettings fromEnvironment(String region, Map<String, String> env) {
    AwsCredentialsProvider credentials =
        env.containsKey("AWS_CONTAINER_CREDENTIALS_FULL_URI")
            ? ContainerCredentialsProvider.builder().build()
            : EnvironmentVariableCredentialsProvider.create();
    return new AwsClientSettings(
        Region.of(region),
        Optional.ofNullable(env.get("AWS_ENDPOINT_URL")).map(URI::create),
        credentials);
  }

  /** The region's id, e.g. {@code eu-west-1}. */
  public String regionId() {
    return region.id();
  }

  /** The one HTTP client every AWS client shares (URL connection: no pools, no threads). */
  public SdkHttpClient httpClient() {
    return HTTP;
  }

  /** Applies these settings to a synchronous client builder and returns it. */
  public <B extends AwsClientBuilder<B, ?> & SdkSyncClientBuilder<B, ?>> B configure(B builder) {
    builder
        .region(region)
        .credentialsProvider(credentials)
        .httpClient(HTTP)
        .overrideConfiguration(
            ClientOverrideConfiguration.builder()
                .retryStrategy(
                    AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(MAX_ATTEMPTS)
                        .build())
                .apiCallAttemptTimeout(ATTEMPT_TIMEOUT)
                .apiCallTimeout(CALL_TIMEOUT)
                .build());
    endpoint.ifPresent(builder::endpointOverride);
    return builder;
  }
}
