package dev.skyscaler.azure.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.kubernetes.ParseLimits;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Reads one HealthResources event as Event Grid delivers it to an {@code @EventGridTrigger}: the
 * Event Grid schema ({@code eventType}, {@code eventTime}) or the CloudEvents schema ({@code type},
 * {@code time}), with {@code data.resourceInfo.properties} holding the target resource and the
 * annotation or availability state. A malformed event gets one error naming the field and what was
 * expected.
 */
public final class HealthEventParser {
  // an event is input from outside: held to the shared depth and string limits
  private static final ObjectMapper JSON = new ObjectMapper(ParseLimits.jsonFactory());

  private HealthEventParser() {}

  /**
   * @throws IllegalArgumentException naming the missing or malformed field
   */
  public static HealthEvent parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "Event Grid event: not JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("Event Grid event: expected a JSON object");
    }
    boolean cloudEvent = root.has("specversion");
    String id = text(root, "id", "id");
    String type = text(root, cloudEvent ? "type" : "eventType", cloudEvent ? "type" : "eventType");
    if (!type.equals(HealthEvent.ANNOTATED) && !type.equals(HealthEvent.AVAILABILITY_CHANGED)) {
      throw new IllegalArgumentException(
          "Event Grid event "
              + id
              + ": field "
              + (cloudEvent ? "type" : "eventType")
              + " is \""
              + type
              + "\", expected "
              + HealthEvent.ANNOTATED
              + " or "
              + HealthEvent.AVAILABILITY_CHANGED);
    }
    String timeField = cloudEvent ? "time" : "eventTime";
    Instant time = instant(id, timeField, text(root, timeField, timeField));
    JsonNode properties = root.path("data").path("resourceInfo").path("properties");
    String prefix = "data.resourceInfo.properties.";
    if (!properties.isObject()) {
      throw new IllegalArgumentException(
          "Event Grid event " + id + ": field data.resourceInfo.properties is missing");
    }
    String target = text(properties, "targetResourceId", prefix + "targetResourceId", id);
    boolean annotated = type.equals(HealthEvent.ANNOTATED);
    return new HealthEvent(
        id,
        type,
        time,
        target,
        properties.path("targetResourceType").asText(""),
        annotated ? text(properties, "annotationName", prefix + "annotationName", id) : "",
        annotated ? "" : text(properties, "availabilityState", prefix + "availabilityState", id),
        properties.path("reason").asText(""),
        properties.path("context").asText(""));
  }

  private static String text(JsonNode node, String field, String path) {
    return text(node, field, path, "");
  }

  private static String text(JsonNode node, String field, String path, String id) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new IllegalArgumentException(
          "Event Grid event"
              + (id.isEmpty() ? "" : " " + id)
              + ": field "
              + path
              + (value == null ? " is missing" : " must be a non-empty string"));
    }
    return value.asText();
  }

  private static Instant instant(String id, String field, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "Event Grid event "
              + id
              + ": field "
              + field
              + " must be an ISO-8601 UTC time like 2023-07-24T19:20:37.9245071Z, got \""
              + value
              + "\"");
    }
  }
}
