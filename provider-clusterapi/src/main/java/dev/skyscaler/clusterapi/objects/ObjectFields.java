package dev.skyscaler.clusterapi.objects;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed reads of an object's untyped fields ({@code spec}, {@code status}), each failing with the
 * object and the field's path: {@code MachineDeployment capi/md: spec.replicas: expected a whole
 * number, got "two"}.
 */
final class ObjectFields {
  private final String object;
  private final Map<String, Object> root;

  ObjectFields(String object, Map<String, Object> root) {
    this.object = object;
    this.root = root;
  }

  /** The value at a dotted path, empty when any step is absent or null. */
  Optional<Object> at(String path) {
    Object value = root;
    for (String step : path.split("\\.")) {
      if (!(value instanceof Map<?, ?> map)) {
        return Optional.empty();
      }
      value = map.get(step);
    }
    return Optional.ofNullable(value);
  }

  Optional<String> string(String path) {
    Optional<Object> v = at(path);
    if (v.isPresent() && !(v.get() instanceof String)) {
      throw error(path, "expected a string, got " + v.get());
    }
    return v.map(String.class::cast);
  }

  Optional<Integer> integer(String path) {
    Optional<Object> v = at(path);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    if (v.get() instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      long l = n.longValue();
      if (l >= 0 && l <= Integer.MAX_VALUE) {
        return Optional.of((int) l);
      }
    }
    throw error(path, "expected a whole number >= 0, got " + quoted(v.get()));
  }

  Map<String, String> strings(String path) {
    Optional<Object> v = at(path);
    if (v.isEmpty()) {
      return Map.of();
    }
    if (!(v.get() instanceof Map<?, ?> map)) {
      throw error(path, "expected a mapping of strings, got " + quoted(v.get()));
    }
    Map<String, String> result = new LinkedHashMap<>();
    map.forEach((k, value) -> result.put(String.valueOf(k), String.valueOf(value)));
    return result;
  }

  List<?> list(String path, int max) {
    Optional<Object> v = at(path);
    if (v.isEmpty()) {
      return List.of();
    }
    if (!(v.get() instanceof List<?> list)) {
      throw error(path, "expected a list, got " + quoted(v.get()));
    }
    if (list.size() > max) {
      throw error(path, "has " + list.size() + " entries; at most " + max + " are read");
    }
    return list;
  }

  CapiObjectException error(String path, String problem) {
    return new CapiObjectException(object + ": " + path + ": " + problem);
  }

  private static String quoted(Object v) {
    return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
  }
}
