package dev.skyscaler.aws.events;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse.BatchItemFailure;
import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.skyscaler.kubernetes.ParseLimits;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The SQS event Lambda hands a queue-triggered function, read record by record into {@link
 * SQSMessage}s, and the partial batch response it reads back ({@link SQSBatchResponse}: only the
 * listed messages return to the queue), both the types of {@code aws-lambda-java-events}.
 *
 * <p>A record that cannot be read fails alone: it is named in the response, the others are handled.
 * Only an event that is not an SQS event at all, or a record without a message id (which no
 * response can name), fails the whole batch.
 */
public final class SqsBatch {
  // Lambda's own names: "Records", "eventSourceARN"; the library's setters: records, eventSourceArn
  private static final ObjectMapper JSON =
      JsonMapper.builder(ParseLimits.jsonFactory())
          .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private SqsBatch() {}

  /** A record that cannot be read, and why, naming the record. */
  public record Unreadable(String messageId, String problem) {
    public Unreadable {
      Objects.requireNonNull(messageId, "messageId");
      Objects.requireNonNull(problem, "problem");
    }
  }

  /** One SQS event: the messages it carries, in order, and the records that cannot be read. */
  public record Batch(List<SQSMessage> messages, List<Unreadable> unreadable) {
    public Batch {
      messages = List.copyOf(messages);
      unreadable = List.copyOf(unreadable);
    }
  }

  /**
   * The records of an SQS event, each read on its own.
   *
   * @throws EventFormatException naming the field when the event is not an SQS batch, or a record
   *     has no message id
   */
  public static Batch read(String json) {
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
    List<SQSMessage> messages = new ArrayList<>();
    List<Unreadable> unreadable = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      JsonNode r = records.get(i);
      JsonNode id = r.isObject() ? r.get("messageId") : null;
      if (id == null || !id.isTextual() || id.asText().isBlank()) {
        throw new EventFormatException(
            "SQS event: field Records[" + i + "].messageId is missing or not a string");
      }
      String messageId = id.asText();
      JsonNode body = r.get("body");
      if (body == null || !body.isTextual()) {
        unreadable.add(
            new Unreadable(
                messageId, "SQS message " + messageId + ": field body is missing or not a string"));
        continue;
      }
      try {
        messages.add(JSON.treeToValue(r, SQSMessage.class));
      } catch (JsonProcessingException e) {
        unreadable.add(
            new Unreadable(
                messageId,
                "SQS message " + messageId + ": not an SQS record (" + firstLine(e) + ")"));
      }
    }
    return new Batch(messages, unreadable);
  }

  /** The partial batch response naming the messages to retry. */
  public static SQSBatchResponse failures(Collection<String> messageIds) {
    List<BatchItemFailure> failures = new ArrayList<>();
    messageIds.forEach(id -> failures.add(new BatchItemFailure(id)));
    return new SQSBatchResponse(failures);
  }

  /** The response as Lambda reads it: {@code {"batchItemFailures":[{"itemIdentifier":...}]}}. */
  public static String write(SQSBatchResponse response) {
    try {
      return JSON.writeValueAsString(response);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String firstLine(JsonProcessingException e) {
    String m = e.getOriginalMessage();
    int newline = m.indexOf('\n');
    return newline < 0 ? m : m.substring(0, newline);
  }
}
