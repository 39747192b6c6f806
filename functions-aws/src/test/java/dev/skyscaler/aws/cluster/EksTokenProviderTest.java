package dev.skyscaler.aws.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.skyscaler.kubernetes.mock.MutableClock;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** The token's structure and signature, with fixed credentials and a clock the test moves. */
class EksTokenProviderTest {
  private static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  private static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  private static final AwsSessionCredentials CREDENTIALS =
      AwsSessionCredentials.create("AKIDEXAMPLE", SECRET, "the-session-token");

  private final MutableClock clock = new MutableClock(T0);
  private final EksTokenProvider tokens =
      new EksTokenProvider(
          "prod-cluster", "eu-west-1", StaticCredentialsProvider.create(CREDENTIALS), clock);

  @Test
  void theTokenIsThePrefixAndAnUnpaddedBase64UrlPresignedStsUrl() {
    String token = tokens.getToken();

    assertThat(token).startsWith("k8s-aws-v1.").hasSizeLessThanOrEqualTo(4096);
    assertThat(token.substring("k8s-aws-v1.".length())).matches("[A-Za-z0-9_-]+");
    URI url = decode(token);
    assertThat(url.getScheme()).isEqualTo("https");
    assertThat(url.getHost()).isEqualTo("sts.eu-west-1.amazonaws.com");
    assertThat(url.getPath()).isEqualTo("/");
  }

  @Test
  void theUrlAsksForGetCallerIdentitySignedForOneMinuteWithTheClusterHeader() {
    Map<String, String> query = query(decode(tokens.getToken()));

    assertThat(query)
        .containsEntry("Action", "GetCallerIdentity")
        .containsEntry("Version", "2011-06-15")
        .containsEntry("X-Amz-Algorithm", "AWS4-HMAC-SHA256")
        .containsEntry("X-Amz-Credential", "AKIDEXAMPLE/20261121/eu-west-1/sts/aws4_request")
        .containsEntry("X-Amz-Date", "20261121T120000Z")
        .containsEntry("X-Amz-Expires", "60")
        .containsEntry("X-Amz-SignedHeaders", "host;x-k8s-aws-id")
        .containsEntry("X-Amz-Security-Token", "the-session-token");
    // only the parameters aws-iam-authenticator's verifier accepts
    assertThat(query.keySet())
        .containsExactlyInAnyOrder(
            "Action",
            "Version",
            "X-Amz-Algorithm",
            "X-Amz-Credential",
            "X-Amz-Date",
            "X-Amz-Expires",
            "X-Amz-Security-Token",
            "X-Amz-Signature",
            "X-Amz-SignedHeaders");
  }

  @Test
  void theSignatureCoversTheClusterNameSoTheTokenWorksForThatClusterOnly() throws Exception {
    URI url = decode(tokens.getToken());
    String signature = query(url).get("X-Amz-Signature");

    assertThat(signature).isEqualTo(sigV4(url, "prod-cluster"));
    assertThat(signature).isNotEqualTo(sigV4(url, "other-cluster"));
  }

  @Test
  void theTokenIsReusedForTenMinutesThenMintedAgain() {
    String first = tokens.getToken();

    clock.advance(EksTokenProvider.REFRESH_AFTER.minusSeconds(1));
    String beforeRefresh = tokens.getToken();
    clock.advance(Duration.ofSeconds(1));
    String refreshed = tokens.getToken();

    assertThat(beforeRefresh).isSameAs(first);
    assertThat(refreshed).isNotEqualTo(first);
    assertThat(query(decode(refreshed))).containsEntry("X-Amz-Date", "20261121T121000Z");
  }

  @Test
  void theProviderNeverShowsTheToken() {
    String token = tokens.getToken();

    assertThat(tokens.toString())
        .isEqualTo("EksTokenProvider[cluster=prod-cluster, region=eu-west-1]")
        .doesNotContain(token.substring(11, 40));
  }

  /** SigV4 computed here from the specification, independently of the SDK's signer. */
  private static String sigV4(URI url, String cluster) throws Exception {
    String canonicalQuery =
        Arrays.stream(url.getRawQuery().split("&"))
            .filter(p -> !p.startsWith("X-Amz-Signature="))
            .sorted()
            .collect(Collectors.joining("&"));
    String canonicalRequest =
        String.join(
            "\n",
            "GET",
            "/",
            canonicalQuery,
            "host:" + url.getHost(),
            "x-k8s-aws-id:" + cluster,
            "",
            "host;x-k8s-aws-id",
            hex(sha256("")));
    String scope = "20261121/eu-west-1/sts/aws4_request";
    String toSign =
        String.join(
            "\n", "AWS4-HMAC-SHA256", "20261121T120000Z", scope, hex(sha256(canonicalRequest)));
    byte[] key = hmac(("AWS4" + SECRET).getBytes(StandardCharsets.UTF_8), "20261121");
    key = hmac(key, "eu-west-1");
    key = hmac(key, "sts");
    key = hmac(key, "aws4_request");
    return hex(hmac(key, toSign));
  }

  private static URI decode(String token) {
    byte[] url = Base64.getUrlDecoder().decode(token.substring("k8s-aws-v1.".length()));
    return URI.create(new String(url, StandardCharsets.UTF_8));
  }

  private static Map<String, String> query(URI url) {
    Map<String, String> params = new TreeMap<>();
    for (String pair : url.getRawQuery().split("&")) {
      int eq = pair.indexOf('=');
      params.put(
          pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return params;
  }

  private static byte[] sha256(String text) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] hmac(byte[] key, String data) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
