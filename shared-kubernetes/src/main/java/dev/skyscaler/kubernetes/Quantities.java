package dev.skyscaler.kubernetes;

import dev.skyscaler.core.model.Quantity;
import dev.skyscaler.core.model.Resources;
import java.util.Map;
import java.util.TreeMap;

/** Resource lists from fabric8 to core {@link Resources}, every value through {@link Quantity}. */
final class Quantities {
  private Quantities() {}

  /**
   * Parses a resource list ({@code {cpu: 500m, memory: 1Gi, nvidia.com/gpu: 1}}); a bad value fails
   * naming {@code path.<resource>}.
   */
  static Resources resources(
      Map<String, io.fabric8.kubernetes.api.model.Quantity> list, String path) {
    Resources total = Resources.ZERO;
    for (Map.Entry<String, io.fabric8.kubernetes.api.model.Quantity> e :
        Fields.map(list).entrySet()) {
      String name = e.getKey();
      String text = e.getValue() == null ? null : e.getValue().toString();
      total =
          total.plus(
              Fields.at(
                  Fields.key(path, name),
                  () -> {
                    Quantity.parse(text); // the exact message for a malformed or missing value
                    return Resources.parse(Map.of(name, text));
                  }));
    }
    return total;
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
