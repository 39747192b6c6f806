package dev.skyscaler.aws.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.skyscaler.aws.events.Ec2InstanceEvent.Kind;
import dev.skyscaler.aws.events.Ec2InstanceEvent.LifecycleAction;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads EventBridge events (the envelope {@code {version, id, detail-type, source, account, time,
 * region, resources, detail}}) into {@link Ec2InstanceEvent}s. An event of another kind, a launch
 * lifecycle action and Auto Scaling's {@code autoscaling:TEST_NOTIFICATION} are not ours: they read
 * as empty, to be acknowledged and dropped. Anything else that cannot be read throws {@link
 * EventFormatException} naming the event and the field.
 */
public final class EventBridgeEvents {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TERMINATING = "autoscaling:EC2_INSTANCE_TERMINATING";

  private EventBridgeEvents() {}

  /**
   * Parses one event.
   *
   * @param source names the event's carrier in messages, e.g. {@code SQS message 059f…}
   */
  public static Optional<Ec2InstanceEvent> parse(String source, String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new EventFormatException(
          source + ": not JSON (" + e.getOriginalMessage() + " at line " + line(e) + ")");
    }
    if (root == null || !root.isObject()) {
      throw new EventFormatException(source + ": expected a JSON object");
    }
    if (TEST_NOTIFICATION.equals(text(root, "Event"))) {
      return Optional.empty();
    }
    String id = required(root, "id", source);
    String where = "EventBridge event " + id;
    Optional<Kind> kind = Kind.of(required(root, "detail-type", where));
    if (kind.isEmpty()) {
      return Optional.empty();
    }
    Instant time = time(required(root, "time", where), where);
    JsonNode detail = root.get("detail");
    if (detail == null || !detail.isObject()) {
      throw new EventFormatException(where + ": field detail is missing or not an object");
    }
    String region = text(root, "region");
    return switch (kind.get()) {
      case SPOT_WARNING, REBALANCE, STATE_CHANGE ->
          Optional.of(instanceEvent(id, kind.get(), time, region, detail, where));
      case LIFECYCLE_TERMINATE -> lifecycle(id, time, region, detail, where);
    };
  }

  /** An event about one instance: its id, plus the new state or the action EC2 announces. */
  private static Ec2InstanceEvent instanceEvent(
      String id,
      Ec2InstanceEvent.Kind kind,
      Instant time,
      String region,
      JsonNode detail,
      String where) {
    String instance = required(detail, "detail.", "instance-id", where);
    String state =
        kind == Ec2InstanceEvent.Kind.STATE_CHANGE
            ? required(detail, "detail.", "state", where)
            : "";
    String action =
        kind == Ec2InstanceEvent.Kind.SPOT_WARNING
            ? required(detail, "detail.", "instance-action", where)
            : "";
    return new Ec2InstanceEvent(id, kind, instance, time, region, state, action, Optional.empty());
  }

  private static final String TEST_NOTIFICATION = "autoscaling:TEST_NOTIFICATION";

  private static Optional<Ec2InstanceEvent> lifecycle(
      String id, Instant time, String region, JsonNode detail, String where) {
    String transition = required(detail, "detail.", "LifecycleTransition", where);
    if (!transition.equals(TERMINATING)) {
      return Optional.empty();
    }
    LifecycleAction action =
        new LifecycleAction(
            required(detail, "detail.", "AutoScalingGroupName", where),
            required(detail, "detail.", "LifecycleHookName", where),
            text(detail, "LifecycleActionToken"),
            transition);
    return Optional.of(
        new Ec2InstanceEvent(
            id,
            Kind.LIFECYCLE_TERMINATE,
            required(detail, "detail.", "EC2InstanceId", where),
            time,
            region,
            "",
            "",
            Optional.of(action)));
  }

  private static String required(JsonNode node, String field, String where) {
    return required(node, "", field, where);
  }

  private static String required(JsonNode node, String path, String field, String where) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new EventFormatException(where + ": field " + path + field + " is missing");
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw new EventFormatException(
          where + ": field " + path + field + " must be a non-empty string, was " + value);
    }
    return value.asText();
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || !value.isTextual() ? "" : value.asText();
  }

  private static Instant time(String text, String where) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new EventFormatException(
          where
              + ": field time must be an ISO-8601 instant like 2026-11-21T12:00:00Z, was \""
              + text
              + "\"");
    }
  }

  private static int line(JsonProcessingException e) {
    return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
  }
}
