package dev.skyscaler.aws.events;

import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.skyscaler.aws.events.Ec2InstanceEvent.Kind;
import dev.skyscaler.aws.events.Ec2InstanceEvent.LifecycleAction;
import dev.skyscaler.kubernetes.ParseLimits;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import org.joda.time.DateTime;
import org.joda.time.DateTimeZone;

/**
 * Reads EventBridge events (the envelope {@code {version, id, detail-type, source, account, time,
 * region, resources, detail}}, {@code aws-lambda-java-events}' {@link ScheduledEvent}) into {@link
 * Ec2InstanceEvent}s. An event of another kind, a launch lifecycle action and Auto Scaling's {@code
 * autoscaling:TEST_NOTIFICATION} are not ours: they read as empty, to be acknowledged and dropped.
 * Anything else that cannot be read throws {@link EventFormatException} naming the event and the
 * field.
 */
public final class EventBridgeEvents {
  private static final ObjectMapper JSON =
      JsonMapper.builder(ParseLimits.jsonFactory())
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .addMixIn(ScheduledEvent.class, EnvelopeMixIn.class)
          .build();
  private static final String TERMINATING = "autoscaling:EC2_INSTANCE_TERMINATING";
  private static final String TEST_NOTIFICATION = "autoscaling:TEST_NOTIFICATION";

  private EventBridgeEvents() {}

  /**
   * EventBridge's JSON names on the library's type; the time is checked and set by {@link #parse}
   * (an ISO-8601 instant), so that a bad one is named like any other field.
   */
  private abstract static class EnvelopeMixIn {
    @JsonProperty("detail-type")
    abstract void setDetailType(String detailType);

    @JsonIgnore
    abstract void setTime(DateTime time);
  }

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
    String where = "EventBridge event " + required(root, "id", source);
    Optional<Kind> kind = Kind.of(required(root, "detail-type", where));
    if (kind.isEmpty()) {
      return Optional.empty();
    }
    Instant time = time(required(root, "time", where), where);
    JsonNode detail = root.get("detail");
    if (detail == null || !detail.isObject()) {
      throw new EventFormatException(where + ": field detail is missing or not an object");
    }
    required(root, "account", where);
    required(root, "region", where);
    ScheduledEvent event = envelope(root, where);
    event.setTime(new DateTime(time.toEpochMilli(), DateTimeZone.UTC));
    return switch (kind.get()) {
      case SPOT_WARNING, REBALANCE, STATE_CHANGE ->
          Optional.of(instanceEvent(event, kind.get(), time, where));
      case LIFECYCLE_TERMINATE -> lifecycle(event, time, where);
    };
  }

  private static ScheduledEvent envelope(JsonNode root, String where) {
    try {
      return JSON.treeToValue(root, ScheduledEvent.class);
    } catch (JsonProcessingException e) {
      String m = e.getOriginalMessage();
      throw new EventFormatException(
          where + ": not an EventBridge event (" + m.lines().findFirst().orElse(m) + ")");
    }
  }

  /** An event about one instance: its id, plus the new state or the action EC2 announces. */
  private static Ec2InstanceEvent instanceEvent(
      ScheduledEvent e, Kind kind, Instant time, String where) {
    Map<String, Object> detail = e.getDetail();
    String instance = required(detail, "instance-id", where);
    String state = kind == Kind.STATE_CHANGE ? required(detail, "state", where) : "";
    String action = kind == Kind.SPOT_WARNING ? required(detail, "instance-action", where) : "";
    return new Ec2InstanceEvent(
        e.getId(),
        kind,
        instance,
        time,
        e.getAccount(),
        e.getRegion(),
        state,
        action,
        Optional.empty());
  }

  private static Optional<Ec2InstanceEvent> lifecycle(
      ScheduledEvent e, Instant time, String where) {
    Map<String, Object> detail = e.getDetail();
    String transition = required(detail, "LifecycleTransition", where);
    if (!transition.equals(TERMINATING)) {
      return Optional.empty();
    }
    LifecycleAction action =
        new LifecycleAction(
            required(detail, "AutoScalingGroupName", where),
            required(detail, "LifecycleHookName", where),
            detail.get("LifecycleActionToken") instanceof String token ? token : "",
            transition);
    return Optional.of(
        new Ec2InstanceEvent(
            e.getId(),
            Kind.LIFECYCLE_TERMINATE,
            required(detail, "EC2InstanceId", where),
            time,
            e.getAccount(),
            e.getRegion(),
            "",
            "",
            Optional.of(action)));
  }

  private static String required(JsonNode node, String field, String where) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new EventFormatException(where + ": field " + field + " is missing");
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw new EventFormatException(
          where + ": field " + field + " must be a non-empty string, was " + value);
    }
    return value.asText();
  }

  /** A field of {@code detail}, which must be a non-empty string. */
  private static String required(Map<String, Object> detail, String field, String where) {
    Object value = detail.get(field);
    if (value == null) {
      throw new EventFormatException(where + ": field detail." + field + " is missing");
    }
    if (!(value instanceof String s) || s.isBlank()) {
      throw new EventFormatException(
          where
              + ": field detail."
              + field
              + " must be a non-empty string, was "
              + JSON.valueToTree(value));
    }
    return s;
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
