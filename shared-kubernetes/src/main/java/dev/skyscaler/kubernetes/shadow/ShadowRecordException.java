package dev.skyscaler.kubernetes.shadow;

/**
 * A stored shadow record that cannot be read: too large, or not the record's format. The message
 * names the record, the line and the field, and what was expected.
 */
public final class ShadowRecordException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ShadowRecordException(String message) {
    super(message);
  }
}
