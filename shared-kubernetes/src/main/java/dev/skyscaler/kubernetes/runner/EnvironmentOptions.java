package dev.skyscaler.kubernetes.runner;

import dev.skyscaler.core.config.AutoscalerOptions;
import dev.skyscaler.core.config.CaArgumentList;
import dev.skyscaler.core.config.CaFlags;
import dev.skyscaler.core.config.ConfigException;
import dev.skyscaler.core.config.FlagSuggestion;
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
 * <p>A variable set that Skyscaler does not read is an error of {@link #autoscalerOptions()} when
 * it is meant for an autoscaler: a CA option Skyscaler lacks ({@code MAX_BULK_SOFT_TAINT_COUNT
 * (--max-bulk-soft-taint-count): ...}), or a near miss of a variable it reads ({@code
 * SCALE_DOWN_UNEEDED_TIME: ... did you mean SCALE_DOWN_UNNEEDED_TIME?}). The variables of CA's own
 * process ({@code V}, {@code LOGTOSTDERR}, {@code LEADER_ELECT}, ...) are accepted and have no
 * effect ({@link #noEffect()}). Every other variable belongs to the platform ({@code AWS_*}, {@code
 * FUNCTIONS_*}, {@code PATH}, ...) and is left alone: the two cannot be told apart by name, so only
 * names close to Skyscaler's are refused. {@link #DRY_RUN} is read by every runner.
 *
 * <p>Pure and immutable: it reads only the map it is given (the function's entry point passes
 * {@code System.getenv()}), and keeps only the variables it accepts.
 */
public final class EnvironmentOptions {
  private static final Pattern FLAG = Pattern.compile("^--([a-z0-9-]+)");

  /** Shadow mode: {@code true} plans as live and acts on nothing. Every runner reads it. */
  public static final String DRY_RUN = "DRY_RUN";

  /**
   * A Cluster Autoscaler argument list as one text ({@code --expander=price
   * --balance-similar-node-groups ...}, see {@link CaArgumentList}): every option in one template
   * parameter. Read with the variables, by the same rules; every runner reads it.
   */
  public static final String ARGS = "CLUSTER_AUTOSCALER_ARGS";

  /** Names this short are never taken for a near miss: platform variables are often short. */
  private static final int NEAR_MISS_MIN_LENGTH = 8;

  private final Set<String> own;
  private final Map<String, String> values;
  private final List<String> unknown;
  private final List<String> noEffect;

  /**
   * @param environment every variable the runner was started with
   * @param ownVariables the runner's variables besides CA's flags
   */
  public EnvironmentOptions(Map<String, String> given, Collection<String> ownVariables) {
    Set<String> declared = new LinkedHashSet<>(ownVariables);
    declared.add(DRY_RUN);
    declared.add(ARGS);
    this.own = Collections.unmodifiableSet(declared);
    List<String> unknownFound = new ArrayList<>();
    List<String> noEffectFound = new ArrayList<>();
    Map<String, String> environment = withArguments(given, unknownFound, noEffectFound);
    Map<String, String> set = new LinkedHashMap<>();
    for (String name : accepted()) {
      String value = environment.get(name);
      if (value != null && !value.isBlank()) {
        set.put(name, value.trim());
      }
    }
    this.values = Collections.unmodifiableMap(set);
    Set<String> accepted = accepted();
    for (String name : new java.util.TreeSet<>(environment.keySet())) {
      String value = environment.get(name);
      if (accepted.contains(name) || value == null || value.isBlank()) {
        continue;
      }
      String flag = name.toLowerCase(Locale.ROOT).replace('_', '-');
      if (CaFlags.isProcessOnly(flag)) {
        noEffectFound.add(name);
      } else if (CaFlags.isUnsupported(flag)) {
        unknownFound.add(
            name
                + " (--"
                + flag
                + "): a Cluster Autoscaler option Skyscaler does not support; remove it");
      } else {
        nearest(name, accepted)
            .ifPresent(
                near ->
                    unknownFound.add(
                        name + ": not a setting Skyscaler reads; did you mean " + near + "?"));
      }
    }
    this.unknown = List.copyOf(unknownFound);
    this.noEffect = List.copyOf(noEffectFound);
  }

  /**
   * {@code environment} with {@link #ARGS} spread into the variables of its flags ({@code
   * --expander=price} as {@code EXPANDER=price}; a repeated flag's values joined by {@code ;}), so
   * that both ways of setting an option are read by one set of rules. A flag given both ways, or a
   * single-valued flag given twice, is an error: which would win is not obvious.
   */
  private Map<String, String> withArguments(
      Map<String, String> environment, List<String> errors, List<String> noEffectFound) {
    String text = environment.get(ARGS);
    if (text == null || text.isBlank()) {
      return environment;
    }
    Set<String> runnerFlags = new LinkedHashSet<>();
    for (String v : own) {
      String flag = v.toLowerCase(Locale.ROOT).replace('_', '-');
      if (CaFlags.isUnsupported(flag)) {
        runnerFlags.add(flag); // a CA flag the runner reads itself: --nodes, --cloud-provider, ...
      }
    }
    CaArgumentList arguments;
    try {
      arguments = CaArgumentList.parse(text, ARGS, runnerFlags);
    } catch (ConfigException e) {
      errors.addAll(e.errors());
      return environment;
    }
    arguments.noEffect().forEach(flag -> noEffectFound.add(ARGS + ": --" + flag));
    Map<String, String> merged = new LinkedHashMap<>(environment);
    arguments
        .flags()
        .forEach(
            (flag, values) -> {
              String variable = variable(flag);
              String direct = environment.get(variable);
              if (direct != null && !direct.isBlank()) {
                errors.add(
                    variable + " is set and " + ARGS + " gives --" + flag + " too; give it once");
              } else if (values.size() > 1 && !repeatable(flag)) {
                errors.add(ARGS + ": --" + flag + " is given " + values.size() + " times; once");
              } else {
                merged.put(variable, String.join(";", values));
              }
            });
    return merged;
  }

  private static boolean repeatable(String flag) {
    return OptionFlag.SUPPORTED.stream()
        .filter(f -> f.name().equals(flag))
        .findFirst()
        .map(f -> f.kind() == OptionFlag.Kind.REPEATABLE)
        .orElse(true); // the runner's own flags (--nodes, --node-group-auto-discovery) repeat
  }

  /** The accepted variable {@code name} is a likely misspelling of, if any. */
  private static Optional<String> nearest(String name, Set<String> accepted) {
    if (name.length() < NEAR_MISS_MIN_LENGTH) {
      return Optional.empty();
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : accepted) {
      int d = FlagSuggestion.distance(name, candidate);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return bestDistance <= Math.max(2, name.length() / 10)
        ? Optional.ofNullable(best)
        : Optional.empty();
  }

  /**
   * The variables of CA's own process that are set ({@code V}, {@code LEADER_ELECT}, ...): they
   * have no effect, and a runner says so once at initialisation.
   */
  public List<String> noEffect() {
    return noEffect;
  }

  /**
   * {@link #DRY_RUN}: false when not set.
   *
   * @param errors gets {@code DRY_RUN: expected true or false, got "yes"} for any other value
   */
  public boolean dryRun(List<String> errors) {
    Optional<String> v = value(DRY_RUN);
    if (v.isEmpty() || v.get().equalsIgnoreCase("false")) {
      return false;
    }
    if (v.get().equalsIgnoreCase("true")) {
      return true;
    }
    errors.add(DRY_RUN + ": expected true or false, got \"" + v.get() + "\"");
    return false;
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
   * @throws ConfigException listing every bad option, each under its variable and flag, and every
   *     variable set that is meant for an autoscaler but not read (see the class comment)
   */
  public AutoscalerOptions autoscalerOptions() {
    List<String> errors = new ArrayList<>();
    AutoscalerOptions options = null;
    try {
      options = OptionsParser.parse(flags());
    } catch (ConfigException e) {
      e.errors().forEach(error -> errors.add(renamed(error)));
    }
    errors.addAll(unknown);
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return options;
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
