package dev.skyscaler.core.model;

/**
 * A pod toleration. An empty {@code key} with {@code Exists} tolerates every taint; a null {@code
 * effect} matches every effect.
 */
public record Toleration(String key, Operator operator, String value, TaintEffect effect) {
  /** Toleration operators. */
  public enum Operator {
    EQUAL,
    EXISTS
  }

  public Toleration {
    key = key == null ? "" : key;
    value = value == null ? "" : value;
    operator = operator == null ? Operator.EQUAL : operator;
    if (key.isEmpty() && operator != Operator.EXISTS) {
      throw new IllegalArgumentException("a toleration with an empty key must use Exists");
    }
  }

  /** kube-scheduler's {@code ToleratesTaint}. */
  public boolean tolerates(Taint taint) {
    if (effect != null && effect != taint.effect()) {
      return false;
    }
    if (!key.isEmpty() && !key.equals(taint.key())) {
      return false;
    }
    return operator == Operator.EXISTS || value.equals(taint.value());
  }
}
