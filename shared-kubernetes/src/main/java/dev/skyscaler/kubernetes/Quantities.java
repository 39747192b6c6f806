package dev.skyscaler.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resource lists from an object's tree to core {@link Resources}, every value a {@link Quantity}.
 */
final class Quantities {
  private Quantities() {}

  /**
   * Parses the resource list in field {@code name} of {@code object} ({@code {cpu: 500m, memory:
   * 1Gi, nvidia.com/gpu: 1}}); absent is zero; a bad value fails naming {@code path.<resource>}.
   */
  static Resources resources(JsonNode object, String name, String path) {
    return resources(object, name, path, Interner.NONE);
  }

  /**
   * {@link #resources(JsonNode, String, String)}, each distinct entry parsed once through {@code
   * shared}.
   */
  static Resources resources(JsonNode object, String name, String path, Interner shared) {
    return resources(Fields.get(object, name), Fields.child(path, name), shared);
  }

  /** {@link #resources(JsonNode, String, String)} of the list itself, at {@code path}. */
  static Resources resources(JsonNode list, String path) {
    return resources(list, path, Interner.NONE);
  }

  /**
   * {@link #resources(JsonNode, String)}, each distinct entry parsed once through {@code shared}.
   */
  static Resources resources(JsonNode list, String path, Interner shared) {
    if (list == null || list.isEmpty()) {
      if (list != null && !list.isObject()) {
        throw new FieldException(path, "expected a map of quantities, found " + Fields.shape(list));
      }
      return Resources.ZERO;
    }
    if (!list.isObject()) {
      throw new FieldException(path, "expected a map of quantities, found " + Fields.shape(list));
    }
    Resources total = Resources.ZERO;
    for (var it = list.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      total = total.plus(entry(e.getKey(), e.getValue(), path, shared));
    }
    return total;
  }

  /**
   * One entry of the resource list at {@code listPath}, {@code name: value}; parsed once per
   * distinct entry through {@code shared} (the pods of a Deployment repeat their requests), a bad
   * one failing at {@code listPath.<name>} every time.
   */
  static Resources entry(String name, JsonNode value, String listPath, Interner shared) {
    String text =
        value == null || value.isNull()
            ? null
            : value.isContainerNode() ? Fields.shape(value) : value.asText();
    if (text == null || value.isContainerNode()) {
      return parsed(name, text, listPath);
    }
    return shared.quantity(name, text, () -> parsed(name, text, listPath));
  }

  private static Resources parsed(String name, String text, String listPath) {
    try {
      Quantity.parse(text); // the exact message for a malformed or missing value
      return Resources.parse(Map.of(name, text));
    } catch (IllegalArgumentException e) {
      throw new FieldException(Fields.key(listPath, name), e.getMessage());
    }
  }

  /** {@code resources} with the amount of one resource (by its Kubernetes name) replaced. */
  static Resources withAmount(Resources r, String name, long amount) {
    return switch (name) {
      case Resources.CPU ->
          new Resources(amount, r.memory(), r.ephemeralStorage(), r.pods(), r.extended());
      case Resources.MEMORY ->
          new Resources(r.cpu(), amount, r.ephemeralStorage(), r.pods(), r.extended());
      case Resources.EPHEMERAL_STORAGE ->
          new Resources(r.cpu(), r.memory(), amount, r.pods(), r.extended());
      case Resources.PODS ->
          new Resources(r.cpu(), r.memory(), r.ephemeralStorage(), amount, r.extended());
      default -> {
        Map<String, Long> extended = new TreeMap<>(r.extended());
        extended.put(name, amount);
        yield new Resources(r.cpu(), r.memory(), r.ephemeralStorage(), r.pods(), extended);
      }
    };
  }
}
