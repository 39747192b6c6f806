package dev.skyscaler.aws.cluster;

import dev.skyscaler.aws.client.AwsClientSettings;
import io.fabric8.kubernetes.client.OAuthTokenProvider;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;

/**
 * Bearer tokens for an EKS cluster's API server, as {@code aws eks get-token} and
 * aws-iam-authenticator make them: {@code k8s-aws-v1.} followed by the unpadded base64url of a
 * presigned STS {@code GetCallerIdentity} URL (regional endpoint) whose signature covers the {@code
 * x-k8s-aws-id: <cluster>} header, so the token only works for that cluster. EKS accepts a token
 * for 15 minutes after its signing time; one is minted on first use and re-minted once it is {@link
 * #REFRESH_AFTER} old, leaving a scan in flight five minutes of margin.
 *
 * <p>The token is a credential: it is never logged and never put in an exception message, and
 * {@link #toString()} does not show it. Nothing is minted at construction, so a SnapStart snapshot
 * holds no token.
 */
public final class EksTokenProvider implements OAuthTokenProvider {
  public static final String PREFIX = "k8s-aws-v1.";
  public static final Duration REFRESH_AFTER = Duration.ofMinutes(10);

  /** What the presigned URL states; STS ignores it, EKS checks it lies in 0–900 s. */
  static final Duration PRESIGN_EXPIRES = Duration.ofSeconds(60);

  private final String cluster;
  private final String region;
  private final AwsCredentialsProvider credentials;
  private final Clock clock;
  private String token;
  private Instant mintedAt = Instant.MIN;

  public EksTokenProvider(
      String cluster, String region, AwsCredentialsProvider credentials, Clock clock) {
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.region = Objects.requireNonNull(region, "region");
    this.credentials = Objects.requireNonNull(credentials, "credentials");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Tokens for {@code cluster}, signed with the credentials of {@code aws} in its region. */
  public static EksTokenProvider of(String cluster, AwsClientSettings aws, Clock clock) {
    return new EksTokenProvider(cluster, aws.regionId(), aws.credentials(), clock);
  }

  /** A token valid for at least five more minutes. */
  @Override
  public synchronized String getToken() {
    Instant now = clock.instant();
    if (token == null || !now.isBefore(mintedAt.plus(REFRESH_AFTER))) {
      token = mint(now);
      mintedAt = now;
    }
    return token;
  }

  private String mint(Instant now) {
    SdkHttpRequest request =
        SdkHttpRequest.builder()
            .method(SdkHttpMethod.GET)
            .uri(URI.create("https://sts." + region + ".amazonaws.com/"))
            .putRawQueryParameter("Action", "GetCallerIdentity")
            .putRawQueryParameter("Version", "2011-06-15")
            .putHeader("x-k8s-aws-id", cluster)
            .build();
    SdkHttpRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r ->
                    r.identity(credentials.resolveCredentials())
                        .request(request)
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "sts")
                        .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                        .putProperty(
                            AwsV4HttpSigner.AUTH_LOCATION,
                            AwsV4FamilyHttpSigner.AuthLocation.QUERY_STRING)
                        .putProperty(AwsV4HttpSigner.EXPIRATION_DURATION, PRESIGN_EXPIRES)
                        .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(now, clock.getZone())))
            .request();
    return PREFIX
        + Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(signed.getUri().toString().getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "EksTokenProvider[cluster=" + cluster + ", region=" + region + "]";
  }
}
