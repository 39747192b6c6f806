package dev.skyscaler.kubernetes;

/**
 * A bad value at a field path inside one object ({@code spec.taints[0].effect}); {@link
 * Fields#translating} turns it into a {@link SnapshotException} that also names the object.
 */
final class FieldException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final String problem;

  FieldException(String path, String problem) {
    super(path + ": " + problem);
    this.path = path;
    this.problem = problem;
  }

  String path() {
    return path;
  }

  String problem() {
    return problem;
  }
}
