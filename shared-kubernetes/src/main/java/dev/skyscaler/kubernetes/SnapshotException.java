package dev.skyscaler.kubernetes;

/**
 * A cluster snapshot (files or objects read from the API) that cannot be turned into the core
 * model. The message is complete on its own: it names the file (when there is one), the object
 * ({@code Pod default/web-1}), the field, and what was expected, e.g. {@code snapshot.yaml: Pod
 * default/web-1: spec.containers[0].resources.requests.cpu: invalid quantity "12x": expected ...}.
 */
public class SnapshotException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SnapshotException(String message) {
    super(message);
  }

  public SnapshotException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The same problem, located in {@code file} (prefixes the message with it). */
  SnapshotException inFile(String file) {
    return new SnapshotException(file + ": " + getMessage(), this);
  }
}
