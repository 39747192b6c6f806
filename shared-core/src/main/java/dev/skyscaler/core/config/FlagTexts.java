package dev.skyscaler.core.config;

import java.util.Optional;

/**
 * How option texts are read and quoted in messages, shared by the parts of {@link OptionsParser}.
 */
final class FlagTexts {
  private FlagTexts() {}

  static Optional<Integer> parseInt(String text) {
    try {
      return Optional.of(Integer.parseInt(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static Optional<Long> parseLong(String text) {
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static Optional<Double> parseRatio(String text) {
    try {
      double v = Double.parseDouble(text);
      return Double.isFinite(v) && v >= 0 ? Optional.of(v) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Go's {@code strconv.ParseBool} spellings, which CA's boolean flags accept. */
  static Optional<Boolean> parseBool(String text) {
    return switch (text) {
      case "true", "True", "TRUE", "t", "T", "1" -> Optional.of(true);
      case "false", "False", "FALSE", "f", "F", "0" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  static String quoted(String text) {
    return "\"" + text + "\"";
  }
}
