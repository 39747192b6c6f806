package dev.skyscaler.cli.options;

import dev.skyscaler.core.config.CaFlags;
import dev.skyscaler.core.config.OptionFlag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The Cluster Autoscaler options as long options of a command, built from {@link
 * OptionFlag#SUPPORTED} so that the command accepts exactly what {@link
 * dev.skyscaler.core.config.OptionsParser} checks. Values are kept as text; the parser validates
 * them all at once.
 */
public final class CaOptions {
  private CaOptions() {}

  /** Adds every supported option to {@code spec}, under a heading of their own. */
  public static void addTo(CommandSpec spec) {
    ArgGroupSpec.Builder group =
        ArgGroupSpec.builder()
            .heading("%nCluster Autoscaler options (same names, values and defaults as CA):%n")
            .exclusive(false)
            .validate(false)
            .multiplicity("0..1");
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      group.addArg(option(f));
    }
    spec.addArgGroup(group.build());
    for (String name : new TreeSet<>(CaFlags.PROCESS_ONLY)) {
      // a command's own option of that name (run's --address) does the real work
      if (!spec.optionsMap().containsKey("--" + name)) {
        spec.addOption(
            OptionSpec.builder("--" + name)
                .hidden(true)
                .arity("0..1")
                .fallbackValue("")
                .type(List.class)
                .auxiliaryTypes(String.class)
                .build());
      }
    }
  }

  /**
   * One note naming the flags of CA's own process that were given (accepted so that a pasted CA
   * argument list runs as it is), or empty when none was.
   */
  public static Optional<String> noEffectNote(ParseResult parsed) {
    List<String> given = new ArrayList<>();
    for (String name : new TreeSet<>(CaFlags.PROCESS_ONLY)) {
      OptionSpec o = parsed.matchedOption("--" + name);
      if (o != null && o.hidden()) {
        given.add("--" + name);
      }
    }
    if (given.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        String.join(", ", given)
            + (given.size() == 1 ? " concerns" : " concern")
            + " only Cluster Autoscaler's own process (logging, leader election, its endpoint):"
            + " accepted, no effect");
  }

  private static OptionSpec option(OptionFlag f) {
    OptionSpec.Builder o =
        OptionSpec.builder("--" + f.name())
            .paramLabel(f.valueLabel())
            .type(List.class)
            .auxiliaryTypes(String.class)
            .description(description(f));
    if (f.kind() == OptionFlag.Kind.SWITCH) {
      o.arity("0..1").fallbackValue("true");
    } else {
      o.arity("1");
    }
    return o.build();
  }

  private static String description(OptionFlag f) {
    String text = f.description();
    if (!f.defaultValue().isEmpty()) {
      text += " Default: " + f.defaultValue() + ".";
    }
    return text.replace("%", "%%");
  }

  /** The options the user gave on the command line, with their values in order. */
  public static Map<String, List<String>> given(ParseResult parsed) {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      OptionSpec matched = parsed.matchedOption("--" + f.name());
      if (matched != null) {
        List<String> values = matched.getValue();
        flags.put(f.name(), List.copyOf(values));
      }
    }
    return flags;
  }
}
