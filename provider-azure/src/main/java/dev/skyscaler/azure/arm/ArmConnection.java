package dev.skyscaler.azure.arm;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.policy.HttpLogDetailLevel;
import com.azure.core.http.policy.HttpLogOptions;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.management.AzureEnvironment;
import com.azure.core.management.profile.AzureProfile;
import com.azure.resourcemanager.resources.fluentcore.utils.HttpPipelineProvider;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where and as whom to call Azure Resource Manager: the subscription, the Resource Manager
 * endpoint, the credential, the HTTP client and how long-running operations and throttling are
 * waited for. One connection builds one HTTP pipeline shared by every gateway.
 *
 * <p>The pipeline is the SDK's own ARM pipeline (bearer token policy, request ids, provider
 * registration) with HTTP logging off, so no header or body, and so no token, is ever logged.
 *
 * @param resourceManager the Resource Manager endpoint; a cloud's own or, in tests, a local server
 *     (it must be {@code https}: the SDK's bearer token policy refuses anything else)
 * @param pollInterval how often a long-running operation is polled when ARM sends no {@code
 *     Retry-After}
 * @param longestRetryWait the longest {@code Retry-After} waited for inside one call
 * @param operationWait how long a deletion, restart or reimage is followed before the call returns
 *     with the operation still running (capacity changes return once ARM accepts them)
 */
public record ArmConnection(
    String subscriptionId,
    URI resourceManager,
    TokenCredential credential,
    HttpClient httpClient,
    Duration pollInterval,
    Duration longestRetryWait,
    Duration operationWait) {

  public ArmConnection {
    if (subscriptionId == null || subscriptionId.isBlank()) {
      throw new IllegalArgumentException("an ARM connection needs a subscription id");
    }
    Objects.requireNonNull(resourceManager, "resourceManager");
    if (!"https".equals(resourceManager.getScheme())) {
      throw new IllegalArgumentException(
          "the Resource Manager endpoint must be https (bearer tokens are only sent over TLS), got "
              + resourceManager);
    }
    Objects.requireNonNull(credential, "credential");
    Objects.requireNonNull(httpClient, "httpClient");
    Objects.requireNonNull(pollInterval, "pollInterval");
    Objects.requireNonNull(longestRetryWait, "longestRetryWait");
    Objects.requireNonNull(operationWait, "operationWait");
  }

  /**
   * A connection to a cloud with the JDK HTTP client, polling every 5s, waiting out throttling of
   * up to 10s and following operations for up to 2 minutes.
   */
  public static ArmConnection to(AzureCloud cloud, String subscriptionId, TokenCredential cred) {
    return new ArmConnection(
        subscriptionId,
        URI.create(cloud.resourceManager()),
        cred,
        new JdkHttpClientBuilder().build(),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofMinutes(2));
  }

  /** The endpoint without its trailing slash, as the generated clients expect it. */
  public String endpoint() {
    String url = resourceManager.toString();
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /**
   * The SDK's environment for this endpoint: the cloud whose Resource Manager it is, or the public
   * cloud's with this Resource Manager (a local test server).
   */
  public AzureEnvironment environment() {
    for (AzureCloud cloud : AzureCloud.values()) {
      if (cloud.resourceManager().equals(resourceManager.toString())) {
        return cloud.environment();
      }
    }
    Map<String, String> endpoints = new HashMap<>(AzureEnvironment.AZURE.getEndpoints());
    endpoints.put("resourceManagerEndpointUrl", resourceManager.toString());
    return new AzureEnvironment(endpoints);
  }

  /** Builds the HTTP pipeline the Resource Manager clients of this connection share. */
  public HttpPipeline pipeline() {
    return pipeline(3, List.of());
  }

  /**
   * A pipeline for writes bounded in time ({@link ArmDeadlinePolicy}): no retry inside a call (the
   * next scan retries), and a request carrying a deadline gets what is left of it as its timeout,
   * or is not sent once it has passed.
   */
  public HttpPipeline boundedPipeline() {
    return pipeline(0, List.of(new ArmDeadlinePolicy()));
  }

  private HttpPipeline pipeline(int retries, List<HttpPipelinePolicy> extra) {
    AzureProfile profile = new AzureProfile(null, subscriptionId, environment());
    RetryPolicy retry =
        new RetryPolicy(
            new ArmRetryStrategy(
                retries, Duration.ofMillis(500), Duration.ofSeconds(8), longestRetryWait),
            "Retry-After",
            ChronoUnit.SECONDS);
    return HttpPipelineProvider.buildHttpPipeline(
        credential,
        profile,
        null,
        new HttpLogOptions().setLogLevel(HttpLogDetailLevel.NONE),
        null,
        retry,
        extra,
        httpClient);
  }

  @Override
  public String toString() {
    return "ArmConnection[subscription=" + subscriptionId + ", endpoint=" + resourceManager + "]";
  }
}
