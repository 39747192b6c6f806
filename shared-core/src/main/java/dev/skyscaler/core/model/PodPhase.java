package dev.skyscaler.core.model;

/** Pod lifecycle phase. */
public enum PodPhase {
  PENDING,
  RUNNING,
  SUCCEEDED,
  FAILED,
  UNKNOWN;

  /** The API spelling: {@code Pending}, {@code Running}, ... */
  public String apiName() {
    String n = name();
    return n.charAt(0) + n.substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  /** Parses the API spelling ({@code Pending}, {@code Running}, ...); null means Pending. */
  public static PodPhase parse(String name) {
    if (name == null || name.isEmpty()) {
      return PENDING;
    }
    return switch (name) {
      case "Pending" -> PENDING;
      case "Running" -> RUNNING;
      case "Succeeded" -> SUCCEEDED;
      case "Failed" -> FAILED;
      case "Unknown" -> UNKNOWN;
      default ->
          throw new IllegalArgumentException(
              "invalid pod phase \""
                  + name
                  + "\": expected Pending, Running, Succeeded, Failed or Unknown");
    };
  }
}
