package dev.skyscaler.aws.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.AwsClientSettings;
import dev.skyscaler.aws.SignedAwsCall;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * The one Secrets Manager call Skyscaler makes, {@code secretsmanager:GetSecretValue} (JSON 1.1
 * protocol), sent as a {@link SignedAwsCall} on the shared URL-connection client with the SDK's
 * retry strategy. The Secrets Manager client would add about 1 MB to a deployable that must stay
 * under 25 MB, for this one call.
 *
 * <p>A secret's value is a credential: it is never logged nor put in an exception message.
 */
public final class SecretsGateway {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TARGET = "secretsmanager.GetSecretValue";
  private static final String CONTENT_TYPE = "application/x-amz-json-1.1";

  private final SignedAwsCall call;

  public SecretsGateway(SignedAwsCall call) {
    this.call = call;
  }

  public static SecretsGateway create(AwsClientSettings settings) {
    return new SecretsGateway(
        new SignedAwsCall(
            settings,
            "secretsmanager",
            URI.create("https://secretsmanager." + settings.region().id() + ".amazonaws.com/"),
            settings.httpClient(),
            SignedAwsCall.standardRetries()));
  }

  /**
   * The current value of a secret: its {@code SecretString}, or its {@code SecretBinary} read as
   * UTF-8.
   *
   * @throws IllegalStateException naming the secret (never its value) when it cannot be read
   */
  public String secretString(String secretId) {
    byte[] body =
        JSON.createObjectNode()
            .put("SecretId", secretId)
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    JsonNode value;
    try {
      value =
          call.call(
              new SignedAwsCall.Request(
                  SdkHttpMethod.POST, "/", body, CONTENT_TYPE, Map.of("X-Amz-Target", TARGET)),
              SecretsGateway::read);
    } catch (AwsServiceException e) {
      throw new IllegalStateException(
          "secretsmanager:GetSecretValue "
              + secretId
              + " failed: "
              + e.awsErrorDetails().errorCode()
              + " (HTTP "
              + e.statusCode()
              + "): "
              + e.awsErrorDetails().errorMessage(),
          e);
    } catch (SdkException e) {
      throw new IllegalStateException(
          "secretsmanager:GetSecretValue " + secretId + " failed: " + e.getMessage(), e);
    }
    if (value.hasNonNull("SecretString")) {
      return value.get("SecretString").asText();
    }
    if (value.hasNonNull("SecretBinary")) {
      return new String(
          Base64.getDecoder().decode(value.get("SecretBinary").asText()), StandardCharsets.UTF_8);
    }
    throw new IllegalStateException(
        "secret " + secretId + " has no value: expected SecretString or SecretBinary");
  }

  private static JsonNode read(SignedAwsCall.Answer answer) {
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
    // JSON 1.1 errors: the type in "__type" (after any '#') or x-amzn-ErrorType, the text in
    // "message" or "Message"
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
                .serviceName("SecretsManager")
                .build())
        .build();
  }
}
