package dev.skyscaler.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.config.FlagSuggestion;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A YAML mapping being read field by field, which knows where it is ({@code node-groups.yaml:
 * nodeGroups[0] (ng1)}) so that every error names the file, the object and the field. A YAML {@code
 * null} counts as absent.
 */
public final class YamlObject {
  private final String where;
  private final String path;
  private final JsonNode node;

  /**
   * @param where the file and object, the start of every error message
   * @param path the field path inside that object, with a trailing dot ({@code template.}), or
   *     empty
   */
  YamlObject(String where, String path, JsonNode node) {
    this.where = where;
    this.path = path;
    this.node = node;
  }

  /** The same mapping as an object of its own, described as {@code newWhere}. */
  public YamlObject describedAs(String newWhere) {
    return new YamlObject(newWhere, "", node);
  }

  public String where() {
    return where;
  }

  /** An error about {@code field} of this mapping. */
  public InputException error(String field, String problem) {
    return new InputException(where + ": " + path + field + ": " + problem);
  }

  /** An error about this mapping as a whole. */
  public InputException error(String problem) {
    String at = path.isEmpty() ? "" : path.substring(0, path.length() - 1) + ": ";
    return new InputException(where + ": " + at + problem);
  }

  public void allowOnly(Set<String> fields) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!fields.contains(name)) {
        throw error("unknown field \"" + name + "\"" + suggestion(name, fields));
      }
    }
  }

  public Iterator<String> fieldNames() {
    return node.fieldNames();
  }

  public Optional<JsonNode> get(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
  }

  public Optional<String> text(String field) {
    return get(field).map(v -> scalar(field, v));
  }

  public String requiredText(String field) {
    String value = text(field).orElseThrow(() -> error("missing required field \"" + field + "\""));
    if (value.isBlank()) {
      throw error(field, "must not be empty");
    }
    return value;
  }

  public OptionalInt wholeNumber(String field, int min) {
    Optional<JsonNode> value = get(field);
    if (value.isEmpty()) {
      return OptionalInt.empty();
    }
    JsonNode v = value.get();
    if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < min) {
      throw error(field, "expected a whole number >= " + min + ", got " + describe(v));
    }
    return OptionalInt.of(v.intValue());
  }

  /** A whole number from {@code min} to {@code max}, when the field is there. */
  public OptionalInt wholeNumber(String field, int min, int max) {
    OptionalInt n = wholeNumber(field, min);
    if (n.isPresent() && n.getAsInt() > max) {
      throw error(
          field, "expected a whole number from " + min + " to " + max + ", got " + n.getAsInt());
    }
    return n;
  }

  public int requiredWholeNumber(String field, int min, int max) {
    return wholeNumber(field, min, max)
        .orElseThrow(() -> error("missing required field \"" + field + "\""));
  }

  public int requiredWholeNumber(String field, int min) {
    return wholeNumber(field, min)
        .orElseThrow(() -> error("missing required field \"" + field + "\""));
  }

  public Optional<Double> number(String field, double min) {
    return get(field)
        .map(
            v -> {
              if (!v.isNumber() || !Double.isFinite(v.doubleValue()) || v.doubleValue() < min) {
                throw error(field, "expected a number >= " + min + ", got " + describe(v));
              }
              return v.doubleValue();
            });
  }

  public Optional<YamlObject> object(String field) {
    return get(field)
        .map(
            v -> {
              if (!v.isObject()) {
                throw error(field, "expected a mapping, got " + describe(v));
              }
              return new YamlObject(where, path + field + ".", v);
            });
  }

  /** The items of a list field, at most {@code max} of them; an absent field is an empty list. */
  public List<JsonNode> list(String field, int max) {
    List<JsonNode> items = list(field);
    if (items.size() > max) {
      throw error(field, items.size() + " items; at most " + max + " are read");
    }
    return items;
  }

  /** The items of a list field; an absent field is an empty list. */
  public List<JsonNode> list(String field) {
    Optional<JsonNode> value = get(field);
    if (value.isEmpty()) {
      return List.of();
    }
    if (!value.get().isArray()) {
      throw error(field, "expected a list, got " + describe(value.get()));
    }
    List<JsonNode> items = new ArrayList<>();
    value.get().forEach(items::add);
    return items;
  }

  /** Item {@code index} of list {@code field}, which must be a mapping. */
  public YamlObject item(String field, int index, JsonNode item) {
    String itemPath = field + "[" + index + "]";
    if (!item.isObject()) {
      throw error(itemPath, "expected a mapping, got " + describe(item));
    }
    return new YamlObject(where, path + itemPath + ".", item);
  }

  /** Item {@code index} of list {@code field}, which must be a scalar. */
  public String textItem(String field, int index, JsonNode item) {
    return scalar(field + "[" + index + "]", item);
  }

  /** A mapping of strings to scalars (labels, resource lists), in file order. */
  public Map<String, String> stringMap(String field) {
    Map<String, String> result = new LinkedHashMap<>();
    object(field)
        .ifPresent(
            map ->
                map.node
                    .fields()
                    .forEachRemaining(
                        e -> result.put(e.getKey(), map.scalar(e.getKey(), e.getValue()))));
    return result;
  }

  private String scalar(String field, JsonNode v) {
    if (!v.isValueNode() || v.isNull()) {
      throw error(field, "expected a single value, got " + describe(v));
    }
    return v.asText();
  }

  public static String describe(JsonNode v) {
    if (v.isObject()) {
      return "a mapping";
    }
    if (v.isArray()) {
      return "a list";
    }
    if (v.isTextual()) {
      return "\"" + v.asText() + "\"";
    }
    return v.asText();
  }

  private static String suggestion(String name, Set<String> fields) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String f : fields) {
      int d = f.equalsIgnoreCase(name) ? 0 : FlagSuggestion.distance(name, f);
      if (d < bestDistance) {
        bestDistance = d;
        best = f;
      }
    }
    return best != null && bestDistance <= 2 ? "; did you mean \"" + best + "\"?" : "";
  }
}
