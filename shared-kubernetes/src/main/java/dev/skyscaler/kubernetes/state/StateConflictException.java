package dev.skyscaler.kubernetes.state;

/**
 * The state ConfigMap changed between this scan's load and its save: another actor wrote it, so
 * another actor acted. The scan's state is not written over it; the next scan plans from what the
 * cluster then shows. The message names the ConfigMap and the versions.
 */
public final class StateConflictException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StateConflictException(String message) {
    super(message);
  }
}
