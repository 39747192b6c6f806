package dev.skyscaler.kubernetes;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Field-path bookkeeping shared by the translators, so every error names where it happened. */
final class Fields {
  private Fields() {}

  /**
   * Runs a translation of one object; a {@link FieldException} or a rejected core record becomes a
   * {@link SnapshotException} naming {@code object} (e.g. {@code Pod default/web-1}).
   */
  static <T> T translating(String object, Supplier<T> translation) {
    try {
      return translation.get();
    } catch (FieldException e) {
      throw new SnapshotException(object + ": " + e.path() + ": " + e.problem(), e);
    } catch (IllegalArgumentException e) {
      throw new SnapshotException(object + ": " + e.getMessage(), e);
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

  /** An RFC 3339 timestamp; {@code fallback} when absent. */
  static Instant timestamp(String text, String path, Instant fallback) {
    if (text == null || text.isBlank()) {
      return fallback;
    }
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new FieldException(
          path, "invalid timestamp \"" + text + "\": expected RFC 3339, e.g. 2024-05-01T12:00:00Z");
    }
  }

  static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  static <T> List<T> list(List<T> list) {
    return list == null ? List.of() : list;
  }

  static <K, V> Map<K, V> map(Map<K, V> map) {
    return map == null ? Map.of() : map;
  }

  /** A string map (labels, annotations, nodeSelector) without null values. */
  static Map<String, String> strings(Map<String, String> map, String path) {
    for (Map.Entry<String, String> e : map(map).entrySet()) {
      if (e.getValue() == null) {
        throw new FieldException(key(path, e.getKey()), "missing value: expected a string");
      }
    }
    return map(map);
  }
}
