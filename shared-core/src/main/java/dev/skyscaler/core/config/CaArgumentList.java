package dev.skyscaler.core.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Cluster Autoscaler argument list pasted as one text, as a Deployment's {@code args} are
 * written: {@code --expander=least-waste --scale-down-unneeded-time=5m
 * --balance-similar-node-groups}. Arguments are separated by white space; each is {@code
 * --flag=value} or, for a switch, {@code --flag} alone ({@code -flag} is read as Go's flag package
 * reads it). A value cannot be the next argument: {@code --flag value} is refused, because which
 * flags take one is not known for CA's own process flags, and templates write {@code =} anyway.
 *
 * <p>Every flag must be one Skyscaler takes ({@link OptionFlag#SUPPORTED}), one of the runner's own
 * ({@code nodes}, {@code node-group-auto-discovery}, ...), or one of CA's process ({@link
 * CaFlags#isProcessOnly}, kept apart: no effect). Anything else is an error naming it: a text in
 * this list is meant for an autoscaler, so nothing in it is ignored.
 *
 * @param flags the flags given and their values in order, by name without dashes (a switch alone is
 *     {@code true})
 * @param noEffect CA's process flags given ({@code v}, {@code logtostderr}, ...)
 */
public record CaArgumentList(Map<String, List<String>> flags, List<String> noEffect) {
  /** The most arguments one list may hold. */
  public static final int MAX_ARGUMENTS = 200;

  /** The longest text accepted. */
  public static final int MAX_LENGTH = 16_384;

  public CaArgumentList {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    flags.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    flags = Collections.unmodifiableMap(copy);
    noEffect = List.copyOf(noEffect);
  }

  /**
   * Reads {@code text}.
   *
   * @param source how errors name the list ({@code CLUSTER_AUTOSCALER_ARGS})
   * @param runnerFlags the flags the runner reads itself, by name without dashes
   * @throws ConfigException with every error found, each starting with {@code source}
   */
  public static CaArgumentList parse(String text, String source, Set<String> runnerFlags) {
    List<String> errors = new ArrayList<>();
    if (text.length() > MAX_LENGTH) {
      throw new ConfigException(
          List.of(source + ": " + text.length() + " characters; at most " + MAX_LENGTH));
    }
    String[] arguments = text.strip().isEmpty() ? new String[0] : text.strip().split("\\s+");
    if (arguments.length > MAX_ARGUMENTS) {
      throw new ConfigException(
          List.of(source + ": " + arguments.length + " arguments; at most " + MAX_ARGUMENTS));
    }
    Map<String, List<String>> flags = new LinkedHashMap<>();
    List<String> noEffect = new ArrayList<>();
    for (String argument : arguments) {
      read(argument, source, runnerFlags, flags, noEffect, errors);
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return new CaArgumentList(flags, noEffect);
  }

  private static void read(
      String argument,
      String source,
      Set<String> runnerFlags,
      Map<String, List<String>> flags,
      List<String> noEffect,
      List<String> errors) {
    if (!argument.startsWith("-") || argument.equals("-") || argument.equals("--")) {
      errors.add(
          source + ": \"" + argument + "\": expected --flag=value (a value needs its flag and =)");
      return;
    }
    String body = argument.startsWith("--") ? argument.substring(2) : argument.substring(1);
    int eq = body.indexOf('=');
    String name = eq < 0 ? body : body.substring(0, eq);
    Optional<String> value = eq < 0 ? Optional.empty() : Optional.of(body.substring(eq + 1));
    if (CaFlags.isProcessOnly(name)) {
      noEffect.add(name);
      return;
    }
    Optional<OptionFlag> option =
        OptionFlag.SUPPORTED.stream().filter(f -> f.name().equals(name)).findFirst();
    if (option.isEmpty() && !runnerFlags.contains(name)) {
      errors.add(
          source
              + ": --"
              + name
              + (CaFlags.isUnsupported(name)
                  ? ": a Cluster Autoscaler option Skyscaler does not support; remove it"
                  : ": not a Cluster Autoscaler option Skyscaler knows"
                      + FlagSuggestion.didYouMean(name)));
      return;
    }
    boolean isSwitch = option.map(f -> f.kind() == OptionFlag.Kind.SWITCH).orElse(false);
    if (value.isEmpty() && !isSwitch) {
      errors.add(source + ": --" + name + ": needs a value (--" + name + "=...)");
      return;
    }
    flags.computeIfAbsent(name, n -> new ArrayList<>()).add(value.orElse("true"));
  }
}
