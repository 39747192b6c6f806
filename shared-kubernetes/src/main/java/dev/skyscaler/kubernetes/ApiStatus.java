package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * The API server's answer to a request that failed: its HTTP code and the {@code Status} object it
 * sends ({@code reason}, {@code message}), made into one {@link KubernetesApiException} as {@link
 * KubernetesApiException#of} does for fabric8's own calls.
 */
final class ApiStatus {
  private ApiStatus() {}

  /** {@code list pods: HTTP 403 Forbidden: pods is forbidden: ...}. */
  static KubernetesApiException failure(String what, int code, InputStream body) {
    JsonNode status = null;
    if (body != null) {
      try (JsonParser p = ObjectTrees.JSON.createParser(body)) {
        if (p.nextToken() != null) {
          status = ObjectTrees.read(p, ObjectTrees.Keep.only("reason", "message", "code"));
        }
      } catch (IOException e) {
        status = null; // not a Status: the code alone says what happened
      }
    }
    return failure(what, code, status);
  }

  /** {@link #failure(String, int, InputStream)} of a Status already read (a watch's ERROR). */
  static KubernetesApiException failure(String what, int code, JsonNode status) {
    StringBuilder sb = new StringBuilder(what).append(": HTTP ").append(code);
    String reason = status == null ? null : status.path("reason").asText(null);
    String message = status == null ? null : status.path("message").asText(null);
    if (reason != null && !reason.isBlank()) {
      sb.append(' ').append(reason);
    }
    if (message != null && !message.isBlank()) {
      sb.append(": ").append(message);
    }
    return new KubernetesApiException(sb.toString(), code, null);
  }
}
