package dev.skyscaler.aws.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Answers of AWS's JSON protocols (REST-JSON, as EKS speaks it, and JSON 1.1, as Secrets Manager
 * does) for the {@link SignedAwsCall}s that replace a service's SDK client: the body as JSON, or
 * the SDK's exception for an error answer, so the SDK's retry strategy and the callers treat them
 * as they would the client's.
 */
public final class JsonAnswers {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonAnswers() {}

  /**
   * A reader for {@link SignedAwsCall#call}: the body of a success, or an {@link
   * AwsServiceException} with the error's type ({@code __type} after any {@code #}, else the {@code
   * x-amzn-ErrorType} header, before any {@code :}) and its {@code message}.
   *
   * @param service the service's name in the exception, e.g. {@code EKS}
   */
  public static JsonNode read(SignedAwsCall.Answer answer, String service) {
    JsonNode body;
    try {
      body = JSON.readTree(answer.body());
    } catch (IOException e) {
      body = null;
    }
    if (body == null) {
      body = JSON.createObjectNode();
    }
    if (answer.status() < 300) {
      return body;
    }
    String type = body.path("__type").asText(answer.header("x-amzn-ErrorType"));
    type = type.substring(type.lastIndexOf('#') + 1).split(":", 2)[0];
    String message = body.path("message").asText(body.path("Message").asText(""));
    throw AwsServiceException.builder()
        .message(message)
        .statusCode(answer.status())
        .awsErrorDetails(
            AwsErrorDetails.builder()
                .errorCode(type.isEmpty() ? "HTTP" + answer.status() : type)
                .errorMessage(message.isEmpty() ? "HTTP " + answer.status() : message)
                .serviceName(service)
                .build())
        .build();
  }

  /**
   * One sentence for a failed call: {@code <what> failed: <code> (HTTP <status>): <message>} for an
   * error answer, {@code <what> failed: <message>} for anything else (I/O, retries run out).
   *
   * @param what the operation and its subject, e.g. {@code eks:DescribeCluster prod}
   */
  public static String failure(String what, SdkException e) {
    if (e instanceof AwsServiceException s && s.awsErrorDetails() != null) {
      return what
          + " failed: "
          + s.awsErrorDetails().errorCode()
          + " (HTTP "
          + s.statusCode()
          + "): "
          + s.awsErrorDetails().errorMessage();
    }
    return what + " failed: " + e.getMessage();
  }
}
