package dev.skyscaler.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A Kubernetes label selector: {@code matchLabels} and {@code matchExpressions} (In, NotIn, Exists,
 * DoesNotExist). An empty selector matches everything; {@link #NOTHING} matches nothing (what a
 * null selector means in affinity terms).
 */
public record LabelSelector(Map<String, String> matchLabels, List<Requirement> matchExpressions) {

  public static final LabelSelector EVERYTHING = new LabelSelector(Map.of(), List.of());
  public static final LabelSelector NOTHING =
      new LabelSelector(Map.of(), List.of(new Requirement("", Operator.IN, Set.of())));

  /** Label selector operators. */
  public enum Operator {
    IN,
    NOT_IN,
    EXISTS,
    DOES_NOT_EXIST;

    /**
     * Parses the API spelling ({@code In}, {@code NotIn}, {@code Exists}, {@code DoesNotExist}).
     */
    public static Operator parse(String name) {
      return switch (name) {
        case "In" -> IN;
        case "NotIn" -> NOT_IN;
        case "Exists" -> EXISTS;
        case "DoesNotExist" -> DOES_NOT_EXIST;
        default ->
            throw new IllegalArgumentException(
                "invalid label selector operator \""
                    + name
                    + "\": expected In, NotIn, Exists or DoesNotExist");
      };
    }
  }

  /** One requirement of a selector. */
  public record Requirement(String key, Operator operator, Set<String> values) {
    public Requirement {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(operator, "operator");
      values = Set.copyOf(values);
    }

    public boolean matches(Map<String, String> labels) {
      String v = labels.get(key);
      return switch (operator) {
        case IN -> v != null && values.contains(v);
        case NOT_IN -> v == null || !values.contains(v);
        case EXISTS -> v != null;
        case DOES_NOT_EXIST -> v == null;
      };
    }
  }

  public LabelSelector {
    matchLabels = Map.copyOf(matchLabels);
    matchExpressions = List.copyOf(matchExpressions);
  }

  public static LabelSelector of(Map<String, String> matchLabels) {
    return new LabelSelector(matchLabels, List.of());
  }

  public boolean matches(Map<String, String> labels) {
    for (Map.Entry<String, String> e : matchLabels.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    for (Requirement r : matchExpressions) {
      if (!r.matches(labels)) {
        return false;
      }
    }
    return true;
  }
}
