package dev.skyscaler.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One term of a required node affinity: all its requirements must hold (terms are ORed). Field
 * requirements ({@code matchFields}) can only name {@code metadata.name}.
 */
public record NodeSelectorTerm(List<Requirement> matchExpressions, List<Requirement> matchFields) {

  /** Node selector operators, including the numeric Gt and Lt. */
  public enum Operator {
    IN,
    NOT_IN,
    EXISTS,
    DOES_NOT_EXIST,
    GT,
    LT;

    /** Parses the API spelling ({@code In}, {@code NotIn}, ..., {@code Gt}, {@code Lt}). */
    public static Operator parse(String name) {
      return switch (name) {
        case "In" -> IN;
        case "NotIn" -> NOT_IN;
        case "Exists" -> EXISTS;
        case "DoesNotExist" -> DOES_NOT_EXIST;
        case "Gt" -> GT;
        case "Lt" -> LT;
        default ->
            throw new IllegalArgumentException(
                "invalid node selector operator \""
                    + name
                    + "\": expected In, NotIn, Exists, DoesNotExist, Gt or Lt");
      };
    }
  }

  /** A single requirement on a node label (or field). */
  public record Requirement(String key, Operator operator, List<String> values) {
    public Requirement {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(operator, "operator");
      values = List.copyOf(values);
      if ((operator == Operator.GT || operator == Operator.LT) && values.size() != 1) {
        throw new IllegalArgumentException(
            "node selector requirement on \"" + key + "\": Gt and Lt take exactly one value");
      }
    }

    boolean matches(String actual) {
      return switch (operator) {
        case IN -> actual != null && values.contains(actual);
        case NOT_IN -> actual == null || !values.contains(actual);
        case EXISTS -> actual != null;
        case DOES_NOT_EXIST -> actual == null;
        case GT -> compare(actual) > 0;
        case LT -> compare(actual) < 0;
      };
    }

    private int compare(String actual) {
      if (actual == null) {
        return 0;
      }
      try {
        return Long.compare(Long.parseLong(actual), Long.parseLong(values.get(0)));
      } catch (NumberFormatException e) {
        return 0; // kube-scheduler: a non-integer label never satisfies Gt/Lt
      }
    }
  }

  public NodeSelectorTerm {
    matchExpressions = List.copyOf(matchExpressions);
    matchFields = List.copyOf(matchFields);
  }

  /**
   * True when the node's labels (and name) satisfy every requirement; an empty term matches none.
   */
  public boolean matches(String nodeName, Map<String, String> labels) {
    if (matchExpressions.isEmpty() && matchFields.isEmpty()) {
      return false;
    }
    for (Requirement r : matchExpressions) {
      if (!r.matches(labels.get(r.key()))) {
        return false;
      }
    }
    for (Requirement r : matchFields) {
      if (!r.matches("metadata.name".equals(r.key()) ? nodeName : null)) {
        return false;
      }
    }
    return true;
  }
}
