package dev.skyscaler.core.config;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The expanders, by the names CA's {@code --expander} flag uses. */
public enum ExpanderName {
  LEAST_WASTE("least-waste"),
  MOST_PODS("most-pods"),
  RANDOM("random"),
  PRICE("price"),
  PRIORITY("priority"),
  LEAST_NODES("least-nodes");

  private final String flagName;

  ExpanderName(String flagName) {
    this.flagName = flagName;
  }

  public String flagName() {
    return flagName;
  }

  /** The expander with this flag name; the error lists the allowed names. */
  public static ExpanderName parse(String name) {
    for (ExpanderName e : values()) {
      if (e.flagName.equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "unknown expander \""
            + name
            + "\"; allowed: "
            + Arrays.stream(values())
                .map(ExpanderName::flagName)
                .collect(Collectors.joining(", ")));
  }
}
