package dev.skyscaler.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** Invoking a handler as Lambda does, with the event JSON of {@code src/test/resources/events}. */
public final class HandlerCalls {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HandlerCalls() {}

  /** A handler's {@code handleRequest}. */
  @FunctionalInterface
  public interface Handler {
    void handle(InputStream in, OutputStream out, Context context) throws IOException;
  }

  /** The handler's output for this input. */
  public static String invoke(Handler handler, String input, Context context) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      handler.handle(
          new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, context);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** An SQS event carrying these bodies, by message id (in id order). */
  public static String sqs(Map<String, String> bodies) {
    var records = JSON.createArrayNode();
    new TreeMap<>(bodies)
        .forEach(
            (id, body) ->
                records
                    .addObject()
                    .put("messageId", id)
                    .put("receiptHandle", "handle-" + id)
                    .put("body", body)
                    .put("eventSource", "aws:sqs")
                    .put(
                        "eventSourceARN",
                        "arn:aws:sqs:us-east-1:123456789012:skyscaler-interruptions"));
    return JSON.createObjectNode().set("Records", records).toString();
  }

  /** An event of {@code src/test/resources/events}. */
  public static String fixture(String name) {
    try (InputStream in = HandlerCalls.class.getResourceAsStream("/events/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
