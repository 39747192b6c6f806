package dev.skyscaler.aws.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.client.AwsClientSettings;
import dev.skyscaler.aws.client.JsonAnswers;
import dev.skyscaler.aws.client.SignedAwsCall;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
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
    return new SecretsGateway(SignedAwsCall.regional(settings, "secretsmanager"));
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
              answer -> JsonAnswers.read(answer, "SecretsManager"));
    } catch (SdkException e) {
      throw new IllegalStateException(
          JsonAnswers.failure("secretsmanager:GetSecretValue " + secretId, e), e);
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
}
