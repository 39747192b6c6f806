package dev.skyscaler.azure.vmss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * The {@code error} of an ARM error or failed-operation body, {@code {"error": {"code": "...",
 * "message": "..."}}}; empty parts when the body has none.
 */
record ArmErrorBody(String code, String message) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static ArmErrorBody parse(String body) {
    if (body == null || body.isBlank()) {
      return new ArmErrorBody("", "");
    }
    try {
      JsonNode error = JSON.readTree(body).path("error");
      return new ArmErrorBody(error.path("code").asText(""), error.path("message").asText(""));
    } catch (IOException e) {
      return new ArmErrorBody("", "");
    }
  }
}
