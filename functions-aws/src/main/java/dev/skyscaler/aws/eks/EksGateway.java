package dev.skyscaler.aws.eks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.aws.AwsClientSettings;
import dev.skyscaler.aws.JsonAnswers;
import dev.skyscaler.aws.SignedAwsCall;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * The one EKS call Skyscaler makes, {@code eks:DescribeCluster} ({@code GET /clusters/<name>},
 * REST-JSON), sent as a {@link SignedAwsCall} rather than through the 2.5 MB EKS client.
 */
public final class EksGateway {

  private final SignedAwsCall call;

  public EksGateway(SignedAwsCall call) {
    this.call = call;
  }

  public static EksGateway create(AwsClientSettings settings) {
    return new EksGateway(SignedAwsCall.regional(settings, "eks"));
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
              answer -> JsonAnswers.read(answer, "EKS").path("cluster"));
    } catch (SdkException e) {
      throw new IllegalStateException(JsonAnswers.failure("eks:DescribeCluster " + name, e), e);
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
}
