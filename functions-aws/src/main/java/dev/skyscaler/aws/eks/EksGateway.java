package dev.skyscaler.aws.eks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.AwsClientSettings;
import dev.skyscaler.aws.SignedAwsCall;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * The one EKS call Skyscaler makes, {@code eks:DescribeCluster} ({@code GET /clusters/<name>},
 * REST-JSON), sent as a {@link SignedAwsCall} rather than through the 2.5 MB EKS client.
 */
public final class EksGateway {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SignedAwsCall call;

  public EksGateway(SignedAwsCall call) {
    this.call = call;
  }

  public static EksGateway create(AwsClientSettings settings) {
    String region = settings.region().id();
    return new EksGateway(
        new SignedAwsCall(
            settings,
            "eks",
            URI.create("https://eks." + region + ".amazonaws.com/"),
            settings.httpClient(),
            SignedAwsCall.standardRetries()));
  }

  /**
   * The cluster's endpoint and CA.
   *
   * @throws IllegalStateException naming the cluster when it cannot be described or has no endpoint
   *     yet (still creating)
   */
  public EksCluster describeCluster(String name) {
    JsonNode cluster;
    try {
      cluster =
          call.call(
              new SignedAwsCall.Request(
                  SdkHttpMethod.GET,
                  "/clusters/" + URLEncoder.encode(name, StandardCharsets.UTF_8),
                  null,
                  null),
              answer -> read(answer).path("cluster"));
    } catch (AwsServiceException e) {
      throw new IllegalStateException(
          "eks:DescribeCluster "
              + name
              + " failed: "
              + e.awsErrorDetails().errorCode()
              + " (HTTP "
              + e.statusCode()
              + "): "
              + e.awsErrorDetails().errorMessage(),
          e);
    } catch (SdkException e) {
      throw new IllegalStateException(
          "eks:DescribeCluster " + name + " failed: " + e.getMessage(), e);
    }
    String endpoint = cluster.path("endpoint").asText("");
    String ca = cluster.path("certificateAuthority").path("data").asText("");
    if (endpoint.isEmpty() || ca.isEmpty()) {
      throw new IllegalStateException(
          "EKS cluster "
              + name
              + " has no endpoint or CA yet (status "
              + cluster.path("status").asText("unknown")
              + ")");
    }
    return new EksCluster(
        name,
        URI.create(endpoint),
        ca,
        cluster.path("accessConfig").path("authenticationMode").asText(""));
  }

  /** The JSON body of a REST-JSON answer, or the SDK's exception for an error answer. */
  static JsonNode read(SignedAwsCall.Answer answer) {
    JsonNode body;
    try {
      body = JSON.readTree(answer.body());
    } catch (IOException e) {
      body = JSON.createObjectNode();
    }
    if (answer.status() < 300) {
      return body;
    }
    // REST-JSON errors: the type in x-amzn-ErrorType (before any ':'), the text in "message"
    String type = answer.header("x-amzn-ErrorType").split(":", 2)[0];
    String message = body.path("message").asText(body.path("Message").asText(""));
    throw AwsServiceException.builder()
        .message(message)
        .statusCode(answer.status())
        .awsErrorDetails(
            AwsErrorDetails.builder()
                .errorCode(type.isEmpty() ? "HTTP" + answer.status() : type)
                .errorMessage(message.isEmpty() ? "HTTP " + answer.status() : message)
                .serviceName("EKS")
                .build())
        .build();
  }
}
