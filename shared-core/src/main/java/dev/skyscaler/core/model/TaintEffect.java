package dev.skyscaler.core.model;

/** The effect of a taint, as the Kubernetes API names it. */
public enum TaintEffect {
  NO_SCHEDULE("NoSchedule"),
  PREFER_NO_SCHEDULE("PreferNoSchedule"),
  NO_EXECUTE("NoExecute");

  private final String apiName;

  TaintEffect(String apiName) {
    this.apiName = apiName;
  }

  public String apiName() {
    return apiName;
  }

  /** The effect for its API name; throws naming the accepted names otherwise. */
  public static TaintEffect parse(String name) {
    for (TaintEffect e : values()) {
      if (e.apiName.equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "invalid taint effect \""
            + name
            + "\": expected NoSchedule, PreferNoSchedule or NoExecute");
  }
}
