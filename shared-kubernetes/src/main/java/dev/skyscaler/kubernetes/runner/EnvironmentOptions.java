package dev.skyscaler.kubernetes.runner;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.OptionFlag;
import dev.skyscaler.core.config.OptionsParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A runner's settings as environment variables, read by the same rules on every cloud:
 *
 * <ul>
 *   <li>Cluster Autoscaler's options are the variables named after its flags in upper snake case
 *       ({@code --max-nodes-total} is {@code MAX_NODES_TOTAL}, see {@link #variable}); the runner's
 *       own variables ({@code CLUSTER_NAME}, ...) are declared when the reader is made, and only
 *       declared variables can be read;
 *   <li>a value is trimmed, and a variable set to an empty or blank value counts as not set: a
 *       template passes an option left empty as an empty variable;
 *   <li>a list (a repeatable flag such as {@code HEADROOM}, or a runner's list such as {@code
 *       NODES}) is {@code ;}-separated, and its empty entries are dropped: {@code a;;b;} is {@code
 *       a}, {@code b}, as templates join lists of which some items are empty, and an empty entry
 *       names nothing;
 *   <li>a bad CA option is reported under its variable and its flag: {@code MAX_NODES_TOTAL
 *       (--max-nodes-total): expected a whole number >= 0, got "ten"}.
 * </ul>
 *
 * <p>Pure and immutable: it reads only the map it is given (the function's entry point passes
 * {@code System.getenv()}), and keeps only the variables it accepts. {@link #accepted()} is every
 * such variable, so that a check failing on any other variable set (naming it) can be added here
 * once the platforms' own variables ({@code AWS_*}, {@code FUNCTIONS_*}, {@code PATH}, ...) are
 * told apart; today the others are ignored.
 */
public final class EnvironmentOptions {
  private static final Pattern FLAG = Pattern.compile("^--([a-z0-9-]+)");

  private final Set<String> own;
  private final Map<String, String> values;

  /**
   * @param environment every variable the runner was started with
   * @param ownVariables the runner's variables besides CA's flags
   */
  public EnvironmentOptions(Map<String, String> environment, Collection<String> ownVariables) {
    this.own = Collections.unmodifiableSet(new LinkedHashSet<>(ownVariables));
    Map<String, String> set = new LinkedHashMap<>();
    for (String name : accepted()) {
      String value = environment.get(name);
      if (value != null && !value.isBlank()) {
        set.put(name, value.trim());
      }
    }
    this.values = Collections.unmodifiableMap(set);
  }

  /** The variable of a CA flag: {@code max-nodes-total} is {@code MAX_NODES_TOTAL}. */
  public static String variable(String flag) {
    return flag.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /** Every variable read: the runner's own, then one per CA flag Skyscaler supports. */
  public Set<String> accepted() {
    Set<String> all = new LinkedHashSet<>(own);
    OptionFlag.SUPPORTED.forEach(f -> all.add(variable(f.name())));
    return Collections.unmodifiableSet(all);
  }

  /**
   * A declared variable's trimmed value; empty when not set or blank.
   *
   * @throws IllegalArgumentException for a variable not declared: a runner reads only what it
   *     declares, so {@link #accepted()} stays complete
   */
  public Optional<String> value(String variable) {
    if (!own.contains(variable)) {
      throw new IllegalArgumentException(
          variable + " is not one of the runner's declared variables " + own);
    }
    return Optional.ofNullable(values.get(variable));
  }

  /** A declared variable as a {@code ;}-separated list, without empty entries. */
  public List<String> list(String variable) {
    return value(variable).map(EnvironmentOptions::split).orElse(List.of());
  }

  /** CA's flags as the environment sets them: flag name to its values. */
  public Map<String, List<String>> flags() {
    Map<String, List<String>> flags = new LinkedHashMap<>();
    for (OptionFlag f : OptionFlag.SUPPORTED) {
      String value = values.get(variable(f.name()));
      if (value == null) {
        continue;
      }
      List<String> given = f.kind() == OptionFlag.Kind.REPEATABLE ? split(value) : List.of(value);
      if (!given.isEmpty()) {
        flags.put(f.name(), given);
      }
    }
    return flags;
  }

  /**
   * The core's options from CA's flags; flags not set keep CA's defaults.
   *
   * @throws ConfigException listing every bad option, each under its variable and flag
   */
  public AutoscalerOptions autoscalerOptions() {
    try {
      return OptionsParser.parse(flags());
    } catch (ConfigException e) {
      List<String> renamed = new ArrayList<>();
      e.errors().forEach(error -> renamed.add(renamed(error)));
      throw new ConfigException(renamed);
    }
  }

  /** {@code --max-nodes-total: ...} becomes {@code MAX_NODES_TOTAL (--max-nodes-total): ...}. */
  private static String renamed(String error) {
    Matcher m = FLAG.matcher(error);
    if (!m.find()) {
      return error;
    }
    return variable(m.group(1)) + " (--" + m.group(1) + ")" + error.substring(m.end());
  }

  private static List<String> split(String value) {
    return Arrays.stream(value.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
