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

  /**
   * This error with its path made whole: {@code prefix} and then the path it had, which was
   * relative to {@code prefix} ({@code ""} being {@code prefix} itself).
   */
  FieldException within(String prefix) {
    String whole =
        path.isEmpty() ? prefix : path.startsWith("[") ? prefix + path : prefix + "." + path;
    FieldException e = new FieldException(whole, problem);
    e.initCause(getCause());
    return e;
  }

  String path() {
    return path;
  }

  String problem() {
    return problem;
  }
}
