package dev.skyscaler.kubernetes.shadow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Decision;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Entry;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Kind;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Limits;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Quiet;
import dev.skyscaler.kubernetes.shadow.ShadowRecord.Scan;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The stored form of a {@link ShadowRecord}: one JSON object per line, oldest first.
 *
 * <pre>
 * {"at":"2026-11-27T05:00:00Z","decisions":[{"group":"ng1","kind":"AGREED","skyscaler":"+1","clusterAutoscaler":"+1"}]}
 * {"from":"2026-11-27T05:01:00Z","at":"2026-11-27T05:09:00Z","quietScans":9}
 * </pre>
 *
 * A scan with decisions beyond the limit has {@code "omitted": n}. Reading is strict: a line that
 * is not one of the two shapes, an unknown field or a record larger than its limits is an error
 * naming the line and the field.
 */
final class ShadowRecordLines {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> SCAN_FIELDS = Set.of("at", "decisions", "omitted");
  private static final Set<String> QUIET_FIELDS = Set.of("from", "at", "quietScans");
  private static final Set<String> DECISION_FIELDS =
      Set.of("group", "kind", "skyscaler", "clusterAutoscaler");

  private ShadowRecordLines() {}

  static String render(ShadowRecord record) {
    StringBuilder out = new StringBuilder();
    for (Entry e : record.entries()) {
      ObjectNode line = JSON.createObjectNode();
      if (e instanceof Quiet q) {
        line.put("from", q.from().toString());
        line.put("at", q.at().toString());
        line.put("quietScans", q.scans());
      } else if (e instanceof Scan s) {
        line.put("at", s.at().toString());
        ArrayNode decisions = line.putArray("decisions");
        for (Decision d : s.decisions()) {
          decisions
              .addObject()
              .put("group", d.group())
              .put("kind", d.kind().name())
              .put("skyscaler", d.skyscaler())
              .put("clusterAutoscaler", d.clusterAutoscaler());
        }
        if (s.omitted() > 0) {
          line.put("omitted", s.omitted());
        }
      }
      try {
        out.append(JSON.writeValueAsString(line)).append('\n');
      } catch (JsonProcessingException ex) {
        throw new UncheckedIOException(ex);
      }
    }
    return out.toString();
  }

  static ShadowRecord parse(String text, String source, Limits limits) {
    int bytes = text.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limits.maxBytes()) {
      throw new ShadowRecordException(
          source
              + ": "
              + bytes
              + " bytes, more than the "
              + limits.maxBytes()
              + " a shadow record holds");
    }
    List<String> lines = Arrays.stream(text.split("\n")).filter(l -> !l.isBlank()).toList();
    if (lines.size() > limits.maxEntries()) {
      throw new ShadowRecordException(
          source
              + ": "
              + lines.size()
              + " entries, more than the "
              + limits.maxEntries()
              + " a shadow record holds");
    }
    List<Entry> entries = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\n")) {
      number++;
      if (!line.isBlank()) {
        entries.add(entry(line, source + " line " + number, limits));
      }
    }
    return new ShadowRecord(entries);
  }

  private static Entry entry(String line, String where, Limits limits) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new ShadowRecordException(where + ": not JSON: " + e.getOriginalMessage());
    }
    if (node == null || !node.isObject()) {
      throw new ShadowRecordException(where + ": expected a JSON object");
    }
    if (node.has("quietScans")) {
      only(node, QUIET_FIELDS, where);
      Instant from = instant(node, "from", where);
      Instant at = instant(node, "at", where);
      int scans = count(node, "quietScans", where, 1);
      if (at.isBefore(from)) {
        throw new ShadowRecordException(where + ": at is before from");
      }
      return new Quiet(from, at, scans);
    }
    only(node, SCAN_FIELDS, where);
    Instant at = instant(node, "at", where);
    JsonNode decisions = node.get("decisions");
    if (decisions == null || !decisions.isArray()) {
      throw new ShadowRecordException(
          where + ": decisions: expected a list (or quietScans for a quiet span)");
    }
    if (decisions.size() > limits.maxDecisions()) {
      throw new ShadowRecordException(
          where
              + ": decisions: "
              + decisions.size()
              + ", more than the "
              + limits.maxDecisions()
              + " a scan keeps");
    }
    List<Decision> kept = new ArrayList<>();
    int i = 0;
    for (JsonNode d : decisions) {
      kept.add(decision(d, where + ": decisions[" + i++ + "]", limits));
    }
    int omitted = node.has("omitted") ? count(node, "omitted", where, 0) : 0;
    return new Scan(at, kept, omitted);
  }

  private static Decision decision(JsonNode d, String where, Limits limits) {
    if (!d.isObject()) {
      throw new ShadowRecordException(where + ": expected an object");
    }
    only(d, DECISION_FIELDS, where);
    String kindText = text(d, "kind", where, limits);
    Kind kind;
    try {
      kind = Kind.valueOf(kindText);
    } catch (IllegalArgumentException e) {
      throw new ShadowRecordException(
          where
              + ": kind: \""
              + kindText
              + "\" is not one of "
              + Arrays.stream(Kind.values()).map(Kind::name).toList());
    }
    return new Decision(
        text(d, "group", where, limits),
        kind,
        text(d, "skyscaler", where, limits),
        text(d, "clusterAutoscaler", where, limits));
  }

  private static void only(JsonNode node, Set<String> allowed, String where) {
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        throw new ShadowRecordException(
            where + ": unknown field " + name + ", expected " + allowed.stream().sorted().toList());
      }
    }
  }

  private static String text(JsonNode node, String field, String where, Limits limits) {
    JsonNode v = node.get(field);
    if (v == null || !v.isTextual()) {
      throw new ShadowRecordException(where + ": " + field + ": expected a string");
    }
    if (v.asText().length() > limits.maxText()) {
      throw new ShadowRecordException(
          where + ": " + field + ": longer than " + limits.maxText() + " characters");
    }
    return v.asText();
  }

  private static int count(JsonNode node, String field, String where, int min) {
    JsonNode v = node.get(field);
    if (v == null || !v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < min) {
      throw new ShadowRecordException(
          where + ": " + field + ": expected a whole number of at least " + min);
    }
    return v.asInt();
  }

  private static Instant instant(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    try {
      if (v != null && v.isTextual()) {
        return Instant.parse(v.asText());
      }
    } catch (DateTimeParseException e) {
      // reported below
    }
    throw new ShadowRecordException(
        where + ": " + field + ": expected an RFC 3339 time such as 2026-11-27T05:00:00Z");
  }
}
