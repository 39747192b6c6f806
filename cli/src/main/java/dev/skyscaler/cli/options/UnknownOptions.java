package dev.skyscaler.cli.options;

import dev.skyscaler.core.config.FlagSuggestion;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.UnmatchedArgumentException;

/** Words for arguments a command does not know, with a "did you mean" when one is close. */
public final class UnknownOptions {
  private UnknownOptions() {}

  public static String describe(UnmatchedArgumentException e) {
    List<String> lines = new ArrayList<>();
    for (String arg : e.getUnmatched()) {
      if (arg.startsWith("-")) {
        String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
        lines.add("unknown option " + name + suggestion(name, e));
      } else {
        lines.add("unexpected argument \"" + arg + "\"");
      }
    }
    return String.join("\n", lines);
  }

  private static String suggestion(String name, UnmatchedArgumentException e) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : e.getCommandLine().getCommandSpec().optionsMap().keySet()) {
      int d = FlagSuggestion.distance(name, candidate);
      if (candidate.startsWith("--") && d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best != null && bestDistance <= 2 ? "; did you mean " + best + "?" : "";
  }
}
