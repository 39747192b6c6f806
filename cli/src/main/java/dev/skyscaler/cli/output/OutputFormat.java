package dev.skyscaler.cli.output;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How results are printed: {@code --output text|json} of every command that prints one. */
public enum OutputFormat {
  TEXT,
  JSON;

  /** Accepts the lower-case names the command documents. */
  public static final class Converter implements ITypeConverter<OutputFormat> {
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
