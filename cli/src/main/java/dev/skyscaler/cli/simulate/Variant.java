package dev.skyscaler.cli.simulate;

import dev.skyscaler.cli.options.CaOptions;
import dev.skyscaler.cli.options.UnknownOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.OptionsParser;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * A what-if variant, {@code --variant NAME="<CA flags>"}: Cluster Autoscaler options that win over
 * the scenario's and the command line's for one more run of the same scenario, seed and events. The
 * flags are written as on the command line, separated by spaces ({@code --expander=price
 * --scale-down-unneeded-time=2m}), and checked as {@code plan} checks them.
 *
 * @param flags the flags as given
 * @param options the flags by name, with their values
 */
public record Variant(String name, String flags, Map<String, List<String>> options) {
  /** Variants one command may compare: each is a whole run more. */
  public static final int MAX = 8;

  /** Longest flags text of a variant. */
  static final int MAX_FLAGS_LENGTH = 4096;

  private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,31}";

  public Variant {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(flags, "flags");
    options = Map.copyOf(options);
  }

  /**
   * Reads {@code NAME=<flags>}.
   *
   * @throws IllegalArgumentException with one message naming the variant and what was expected
   */
  static Variant parse(String text) {
    int eq = text.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException(
          "expected NAME=\"<Cluster Autoscaler flags>\", e.g. price=\"--expander=price\", got \""
              + text
              + "\"");
    }
    String name = text.substring(0, eq);
    String flags = text.substring(eq + 1).strip();
    if (!name.matches(NAME)) {
      throw new IllegalArgumentException(
          "\""
              + name
              + "\" is not a variant name: 1 to 32 letters, digits, '.', '_' or '-', starting with"
              + " a letter or digit");
    }
    if (name.equals(NamedRun.BASE)) {
      throw new IllegalArgumentException(
          "\"" + NamedRun.BASE + "\" names the scenario as given; call the variant otherwise");
    }
    if (flags.isEmpty()) {
      throw new IllegalArgumentException(name + ": no flags; give the options that differ");
    }
    if (flags.length() > MAX_FLAGS_LENGTH) {
      throw new IllegalArgumentException(
          name + ": the flags are longer than " + MAX_FLAGS_LENGTH + " characters");
    }
    return new Variant(name, flags, options(name, flags));
  }

  /**
   * The flags as CA options, checked: unknown names and bad values are errors naming the variant.
   */
  private static Map<String, List<String>> options(String name, String flags) {
    CommandSpec spec = CommandSpec.create();
    CaOptions.addTo(spec);
    CommandLine cl = new CommandLine(spec);
    Map<String, List<String>> options;
    try {
      options = CaOptions.given(cl.parseArgs(flags.split("\\s+")));
    } catch (CommandLine.UnmatchedArgumentException e) {
      throw new IllegalArgumentException(name + ": " + UnknownOptions.describe(e), e);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
    try {
      OptionsParser.parse(options);
    } catch (ConfigException e) {
      throw new IllegalArgumentException(name + ": " + String.join("; ", e.errors()), e);
    }
    return options;
  }

  /** picocli's converter for {@code --variant}. */
  static final class Converter implements ITypeConverter<Variant> {
    @Override
    public Variant convert(String value) {
      try {
        return parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
