package dev.skyscaler.cli.input;

/**
 * A problem with what the user gave the command: a file, a field in it, or an option value. The
 * message is complete (it names the file, the object and the field, and says what was expected) and
 * is shown as is; the command exits with code 2.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
