package dev.skyscaler.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How results are printed. */
enum OutputFormat {
  TEXT,
  JSON;

  /** Accepts the lower-case names the command documents. */
  static final class Converter implements ITypeConverter<OutputFormat> {
    @Override
    public OutputFormat convert(String value) {
      return switch (value) {
        case "text" -> TEXT;
        case "json" -> JSON;
        default ->
            throw new TypeConversionException("expected text or json, got \"" + value + "\"");
      };
    }
  }
}
