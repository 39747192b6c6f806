package dev.skyscaler.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Map;

/**
 * Structured logs: one JSON object per line on standard output, which Lambda sends to CloudWatch
 * Logs ({@code {"time":..., "level":"INFO", "message":"...", ...fields}}). Never give it a token or
 * a credential: it writes what it is given. Safe for concurrent use: each line is written whole.
 */
public final class JsonLog {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PrintStream out;
  private final Clock clock;

  public JsonLog(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  public void info(String message, Map<String, ?> fields) {
    write("INFO", message, fields);
  }

  public void warn(String message, Map<String, ?> fields) {
    write("WARN", message, fields);
  }

  public void error(String message, Map<String, ?> fields) {
    write("ERROR", message, fields);
  }

  /** Writes a document as it is, on one line: CloudWatch embedded metric format documents. */
  public void document(JsonNode document) {
    out.println(document);
  }

  private void write(String level, String message, Map<String, ?> fields) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("message", message);
    fields.forEach((k, v) -> line.set(k, JSON.valueToTree(v)));
    out.println(line);
  }
}
