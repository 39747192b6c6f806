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
    return resources(Fields.get(object, name), Fields.child(path, name));
  }

  /** {@link #resources(JsonNode, String, String)} of the list itself, at {@code path}. */
  static Resources resources(JsonNode list, String path) {
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
      total = total.plus(entry(e.getKey(), e.getValue(), Fields.key(path, e.getKey())));
    }
    return total;
  }

  /** One entry of a resource list, {@code name: value}, at {@code path}. */
  static Resources entry(String name, JsonNode value, String path) {
    String text =
        value == null || value.isNull()
            ? null
            : value.isContainerNode() ? Fields.shape(value) : value.asText();
    return Fields.at(
        path,
        () -> {
          Quantity.parse(text); // the exact message for a malformed or missing value
          return Resources.parse(Map.of(name, text));
        });
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
