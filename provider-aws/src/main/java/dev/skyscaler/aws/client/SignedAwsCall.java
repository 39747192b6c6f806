package dev.skyscaler.aws.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

/**
 * One AWS API call without the service's SDK client, for the few calls whose client would weigh
 * more than the rest of the function (EC2's is 24 MB, EKS's 2.5 MB, for three calls and one): SigV4
 * from the SDK's {@link AwsV4HttpSigner}, the shared URL-connection client, and the SDK's standard
 * retry strategy, which retries what the caller's reader reports as throttling or a server error
 * ({@link software.amazon.awssdk.awscore.exception.AwsServiceException}) and I/O failures, with
 * backoff. The reader turns an answer into a value, or into the SDK's exception for an error
 * answer, so callers handle these calls like the SDK's.
 */
public final class SignedAwsCall {
  /**
   * What to send: the path and query under the endpoint, an optional body, and headers the protocol
   * needs (signed with the rest, e.g. JSON protocols' {@code X-Amz-Target}).
   */
  public record Request(
      SdkHttpMethod method,
      String pathAndQuery,
      byte[] body,
      String contentType,
      Map<String, String> headers) {
    public Request {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(pathAndQuery, "pathAndQuery");
      body = body == null ? new byte[0] : body;
      contentType = contentType == null ? "" : contentType;
      headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** A request with no header of its own. */
    public Request(SdkHttpMethod method, String pathAndQuery, byte[] body, String contentType) {
      this(method, pathAndQuery, body, contentType, Map.of());
    }
  }

  /** What came back. */
  public record Answer(int status, byte[] body, Map<String, List<String>> headers) {
    /** The first value of a header, case-insensitively; empty when absent. */
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse("");
    }
  }

  private final AwsClientSettings settings;
  private final String service;
  private final URI endpoint;
  private final SdkHttpClient http;
  private final RetryStrategy retries;

  /**
   * @param service the signing name ({@code ec2}, {@code eks})
   * @param endpoint the service endpoint; the settings' endpoint override wins
   */
  public SignedAwsCall(
      AwsClientSettings settings,
      String service,
      URI endpoint,
      SdkHttpClient http,
      RetryStrategy retries) {
    this.settings = settings;
    this.service = service;
    this.endpoint = settings.endpoint().orElse(endpoint);
    this.http = http;
    this.retries = retries;
  }

  /** The SDK's standard retry strategy with the clients' attempt count. */
  public static RetryStrategy standardRetries() {
    return AwsRetryStrategy.standardRetryStrategy().toBuilder()
        .maxAttempts(AwsClientSettings.MAX_ATTEMPTS)
        .build();
  }

  /**
   * A call to {@code service}'s regional endpoint ({@code
   * https://<service>.<region>.amazonaws.com/}, or the settings' endpoint override) on the shared
   * HTTP client, with {@link #standardRetries()}.
   */
  public static SignedAwsCall regional(AwsClientSettings settings, String service) {
    return new SignedAwsCall(
        settings,
        service,
        URI.create("https://" + service + "." + settings.region().id() + ".amazonaws.com/"),
        settings.httpClient(),
        standardRetries());
  }

  public URI endpoint() {
    return endpoint;
  }

  /** Sends the request, retrying as the strategy says, and reads the answer. */
  public <T> T call(Request request, Function<Answer, T> reader) {
    RetryToken token =
        retries.acquireInitialToken(AcquireInitialTokenRequest.create(service)).token();
    while (true) {
      try {
        T value = reader.apply(attempt(request));
        retries.recordSuccess(RecordSuccessRequest.create(token));
        return value;
      } catch (SdkException e) {
        Duration delay;
        try {
          var refreshed =
              retries.refreshRetryToken(
                  RefreshRetryTokenRequest.builder().token(token).failure(e).build());
          token = refreshed.token();
          delay = refreshed.delay();
        } catch (TokenAcquisitionFailedException noMoreRetries) {
          throw e;
        }
        sleep(delay, e);
      }
    }
  }

  private Answer attempt(Request request) {
    SdkHttpRequest.Builder http =
        SdkHttpRequest.builder()
            .method(request.method())
            .uri(URI.create(endpoint.toString().replaceAll("/$", "") + request.pathAndQuery()));
    request.headers().forEach(http::putHeader);
    if (request.body().length > 0) {
      http.putHeader("Content-Type", request.contentType())
          .putHeader("Content-Length", Integer.toString(request.body().length));
    }
    ContentStreamProvider payload = () -> new ByteArrayInputStream(request.body());
    SignedRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r ->
                    r.identity(settings.credentials().resolveCredentials())
                        .request(http.build())
                        .payload(payload)
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                        .putProperty(AwsV4HttpSigner.REGION_NAME, settings.region().id()));
    try {
      HttpExecuteResponse response =
          this.http
              .prepareRequest(
                  HttpExecuteRequest.builder()
                      .request(signed.request())
                      .contentStreamProvider(request.body().length > 0 ? payload : null)
                      .build())
              .call();
      byte[] body;
      try (InputStream in = response.responseBody().orElse(null)) {
        body = in == null ? new byte[0] : in.readAllBytes();
      }
      return new Answer(
          response.httpResponse().statusCode(), body, response.httpResponse().headers());
    } catch (IOException e) {
      throw SdkClientException.create(service + " call failed: " + e.getMessage(), e);
    }
  }

  private static void sleep(Duration delay, SdkException cause) {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cause;
    }
  }
}
