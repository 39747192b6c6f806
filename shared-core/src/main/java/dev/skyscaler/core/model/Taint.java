package dev.skyscaler.core.model;

import java.util.Objects;

/** A node taint. {@code value} is empty, never null, when the taint has none. */
public record Taint(String key, String value, TaintEffect effect) {
  public Taint {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("taint key must not be blank");
    }
    value = value == null ? "" : value;
    Objects.requireNonNull(effect, "taint effect");
  }

  /** Parses CA's tag form {@code value:Effect} (e.g. {@code batch:NoSchedule}) for a key. */
  public static Taint parse(String key, String valueAndEffect) {
    int colon = valueAndEffect.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "invalid taint \""
              + key
              + "="
              + valueAndEffect
              + "\": expected value:Effect with Effect one of NoSchedule, PreferNoSchedule,"
              + " NoExecute");
    }
    return new Taint(
        key,
        valueAndEffect.substring(0, colon),
        TaintEffect.parse(valueAndEffect.substring(colon + 1)));
  }

  @Override
  public String toString() {
    return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect.apiName();
  }
}
