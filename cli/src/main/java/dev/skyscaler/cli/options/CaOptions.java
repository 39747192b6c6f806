package dev.skyscaler.cli.options;

import dev.skyscaler.core.config.OptionFlag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
