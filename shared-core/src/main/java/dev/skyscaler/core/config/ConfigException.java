package dev.skyscaler.core.config;

import java.util.List;

/**
 * Invalid configuration: every problem found, not just the first. Each entry names the option
 * ({@code --max-nodes-total: expected a whole number >= 0, got "ten"}); the message is the entries,
 * one per line, so a user fixes everything in one round.
 */
public final class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<String> errors;

  public ConfigException(List<String> errors) {
    super(String.join("\n", errors));
    if (errors.isEmpty()) {
      throw new IllegalArgumentException("a ConfigException needs at least one error");
    }
    this.errors = List.copyOf(errors);
  }

  /** The problems, in the order the options were checked. */
  public List<String> errors() {
    return errors;
  }
}
