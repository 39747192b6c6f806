package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Field-path bookkeeping and typed access to an object's JSON tree, shared by the translators, so
 * every error names where it happened. A missing field and an explicit {@code null} read the same:
 * absent.
 */
final class Fields {
  private Fields() {}

  /**
   * Runs a translation of one object; a {@link FieldException} or a rejected core record becomes a
   * {@link SnapshotException} naming {@code object} (e.g. {@code Pod default/web-1}).
   */
  static <T> T translating(String object, Supplier<T> translation) {
    return translating(() -> object, translation);
  }

  /**
   * {@link #translating(String, Supplier)} naming the object by {@code object}, which is only asked
   * when the translation fails: the names of 150,000 pods are not worth building for no error.
   */
  static <T> T translating(Supplier<String> object, Supplier<T> translation) {
    try {
      return translation.get();
    } catch (FieldException e) {
      throw new SnapshotException(object.get() + ": " + e.path() + ": " + e.problem(), e);
    } catch (IllegalArgumentException e) {
      throw new SnapshotException(object.get() + ": " + e.getMessage(), e);
    }
  }

  /** Runs {@code value}, blaming {@code path} when a core record or parser rejects the input. */
  static <T> T at(String path, Supplier<T> value) {
    try {
      return value.get();
    } catch (IllegalArgumentException e) {
      throw new FieldException(path, e.getMessage());
    }
  }

  /** A path step for a map key: {@code requests.cpu}, but {@code requests[nvidia.com/gpu]}. */
  static String key(String path, String key) {
    return key.indexOf('.') >= 0 || key.indexOf('/') >= 0
        ? path + "[" + key + "]"
        : path + "." + key;
  }

  static String index(String path, int i) {
    return path + "[" + i + "]";
  }

  /**
   * Translates item {@code i} of the list in field {@code field} (at {@code path}) with paths
   * relative to the item ({@code ""} is the item itself, {@code ports[0].hostPort} a field in it):
   * an error's whole path ({@code spec.containers[0].ports[0].hostPort}) is built only when there
   * is an error, not for every item of every pod.
   */
  static <T> T item(String path, String field, int i, Supplier<T> translation) {
    try {
      return translation.get();
    } catch (FieldException e) {
      throw e.within(index(child(path, field), i));
    }
  }

  /** {@code path.name}, or {@code name} at the top. */
  static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  /** An RFC 3339 timestamp; {@code fallback} when absent. */
  static Instant timestamp(String text, String path, Instant fallback) {
    if (text == null || text.isBlank()) {
      return fallback;
    }
    Instant usual = utcSeconds(text);
    if (usual != null) {
      return usual;
    }
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new FieldException(
          path, "invalid timestamp \"" + text + "\": expected RFC 3339, e.g. 2024-05-01T12:00:00Z");
    }
  }

  /**
   * The form the API server writes ({@code 2024-05-01T12:00:00Z}) read without the general parser,
   * which is a twentieth of a pod's translation; null for any other form or an impossible date,
   * left to the general parser and its message.
   */
  private static Instant utcSeconds(String t) {
    if (t.length() != 20
        || t.charAt(4) != '-'
        || t.charAt(7) != '-'
        || t.charAt(10) != 'T'
        || t.charAt(13) != ':'
        || t.charAt(16) != ':'
        || t.charAt(19) != 'Z') {
      return null;
    }
    int year = digits(t, 0, 4);
    int month = digits(t, 5, 2);
    int day = digits(t, 8, 2);
    int hour = digits(t, 11, 2);
    int minute = digits(t, 14, 2);
    int second = digits(t, 17, 2);
    if ((year | month | day | hour | minute | second) < 0) {
      return null;
    }
    try {
      return LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** The number the {@code n} ASCII digits at {@code from} spell; -1 when one is not a digit. */
  private static int digits(String t, int from, int n) {
    int value = 0;
    for (int i = from; i < from + n; i++) {
      char c = t.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  /** The field {@code name} of {@code object}; null when either is absent or null. */
  static JsonNode get(JsonNode object, String name) {
    if (object == null) {
      return null;
    }
    JsonNode value = object.get(name);
    // class tests, not the virtual isNull(): this runs for every field of every pod read
    return value == null || value instanceof NullNode || value instanceof MissingNode
        ? null
        : value;
  }

  /** The object at {@code path}: null when absent, else it must be an object. */
  static JsonNode object(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value != null && !value.isObject()) {
      throw new FieldException(child(path, name), "expected an object, found " + shape(value));
    }
    return value;
  }

  /** A scalar as text (numbers and booleans as written); null when absent. */
  static String text(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value != null && value.isContainerNode()) {
      return text(value, child(path, name)); // the error; its path only built for it
    }
    return value == null ? null : value.asText();
  }

  /** {@code value} as text; null when absent; an object or a list is an error. */
  static String text(JsonNode value, String path) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return null;
    }
    if (value.isContainerNode()) {
      throw new FieldException(path, "expected a string, found " + shape(value));
    }
    return value.asText();
  }

  /** An integer (a number, or text that is one, as the API server accepts); null when absent. */
  static Integer integer(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value == null) {
      return null;
    }
    if (value.isIntegralNumber() && value.canConvertToInt()) {
      return value.intValue();
    }
    if (value.isTextual()) {
      try {
        return Integer.valueOf(value.textValue().trim());
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new FieldException(
        child(path, name), "invalid value " + quoted(value) + ": expected an integer");
  }

  /** A long (a number, or text that is one); null when absent. */
  static Long whole(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value == null) {
      return null;
    }
    if (value.isIntegralNumber() && value.canConvertToLong()) {
      return value.longValue();
    }
    if (value.isTextual()) {
      try {
        return Long.valueOf(value.textValue().trim());
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new FieldException(
        child(path, name), "invalid value " + quoted(value) + ": expected an integer");
  }

  /** {@code true} only for a boolean true (or the text {@code true}); absent is false. */
  static boolean flag(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value == null) {
      return false;
    }
    if (value.isBoolean()) {
      return value.booleanValue();
    }
    if (value.isTextual()
        && ("true".equals(value.textValue()) || "false".equals(value.textValue()))) {
      return "true".equals(value.textValue());
    }
    throw new FieldException(
        child(path, name), "invalid value " + quoted(value) + ": expected true or false");
  }

  /** The items of a list; empty when absent. */
  static List<JsonNode> list(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value == null) {
      return List.of();
    }
    if (!value.isArray()) {
      throw new FieldException(child(path, name), "expected a list, found " + shape(value));
    }
    return new AbstractList<>() { // a view: most lists are read once, item by item
      @Override
      public JsonNode get(int index) {
        return value.get(index);
      }

      @Override
      public int size() {
        return value.size();
      }
    };
  }

  /** A list of strings; empty when absent. */
  static List<String> texts(JsonNode object, String name, String path) {
    List<JsonNode> items = list(object, name, path);
    if (items.isEmpty()) {
      return List.of();
    }
    String at = child(path, name);
    List<String> result = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      String s = text(items.get(i), index(at, i));
      if (s == null) {
        throw new FieldException(index(at, i), "missing value: expected a string");
      }
      result.add(s);
    }
    return result;
  }

  /** A map of strings (labels, annotations, nodeSelector) without null values; empty if absent. */
  static Map<String, String> strings(JsonNode object, String name, String path) {
    JsonNode value = get(object, name);
    if (value == null) {
      return Map.of();
    }
    if (!value.isObject()) {
      throw new FieldException(
          child(path, name), "expected a map of strings, found " + shape(value));
    }
    if (value.isEmpty()) {
      return Map.of();
    }
    Map<String, String> result = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      if (v == null || v.isNull() || v.isContainerNode()) {
        String at = key(child(path, name), e.getKey()); // built for the error only
        if (v == null || v.isNull()) {
          throw new FieldException(at, "missing value: expected a string");
        }
        text(v, at);
      }
      result.put(e.getKey(), v.asText());
    }
    return Collections.unmodifiableMap(result);
  }

  /** The entries of a map-shaped field in order; empty when absent. */
  static List<Map.Entry<String, JsonNode>> entries(JsonNode object, String name, String path) {
    JsonNode value = object(object, name, path);
    if (value == null || value.isEmpty()) {
      return List.of();
    }
    List<Map.Entry<String, JsonNode>> result = new ArrayList<>(value.size());
    value.fields().forEachRemaining(result::add);
    return result;
  }

  /** How an error describes a value it did not expect. */
  static String shape(JsonNode value) {
    if (value.isObject()) {
      return "an object";
    }
    if (value.isArray()) {
      return "a list";
    }
    return quoted(value);
  }

  private static String quoted(JsonNode value) {
    return value.isTextual() ? "\"" + value.textValue() + "\"" : value.asText();
  }
}
