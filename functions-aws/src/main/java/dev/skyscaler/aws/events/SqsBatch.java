package dev.skyscaler.aws.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The SQS event Lambda hands a queue-triggered function ({@code {"Records": [{messageId, body,
 * ...}]}}) and the partial batch response it reads back ({@code {"batchItemFailures":
 * [{"itemIdentifier": messageId}]}}): only the listed messages return to the queue.
 */
public final class SqsBatch {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SqsBatch() {}

  /** One queued message. */
  public record Message(String messageId, String body) {
    public Message {
      Objects.requireNonNull(messageId, "messageId");
      Objects.requireNonNull(body, "body");
    }
  }

  /**
   * The messages of an SQS event.
   *
   * @throws EventFormatException naming the record and field when the event is not an SQS batch
   */
  public static List<Message> messages(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new EventFormatException("SQS event: not JSON (" + e.getOriginalMessage() + ")");
    }
    JsonNode records = root == null ? null : root.get("Records");
    if (records == null || !records.isArray()) {
      throw new EventFormatException("SQS event: field Records is missing or not an array");
    }
    List<Message> messages = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      JsonNode r = records.get(i);
      messages.add(new Message(field(r, i, "messageId"), field(r, i, "body")));
    }
    return messages;
  }

  /** The partial batch response naming the messages to retry. */
  public static String failures(Collection<String> messageIds) {
    ObjectNode response = JSON.createObjectNode();
    ArrayNode failures = response.putArray("batchItemFailures");
    messageIds.forEach(id -> failures.addObject().put("itemIdentifier", id));
    return response.toString();
  }

  private static String field(JsonNode record, int index, String field) {
    JsonNode value = record == null ? null : record.get(field);
    if (value == null || !value.isTextual()) {
      throw new EventFormatException(
          "SQS event: field Records[" + index + "]." + field + " is missing or not a string");
    }
    return value.asText();
  }
}
