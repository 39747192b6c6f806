package dev.skyscaler.core.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One entry of Cluster Autoscaler's {@code --nodes=<min>:<max>:<name>}: a node group named
 * explicitly, with the bounds that replace its own. Read as CA's {@code dynamic.SpecFromString}
 * reads it for providers that scale to zero (AWS, Azure scale sets, Magnum): the text is cut at the
 * first two {@code ':'} (so the name may hold more), min and max are whole numbers (an optional
 * sign, decimal digits), {@code 0 <= min <= max}, and the name is not blank. A provider adds its
 * own rule for the name with a {@link NameRule}.
 *
 * <p>Every problem has one form, {@code <flag>: expected <min>:<max>:<name>[ with <rule>], got
 * "<entry>"}, so a user sees the flag, the entry and what was expected.
 *
 * @param minSize the group's lower bound, at least 0
 * @param maxSize the group's upper bound, at least {@code minSize} (0 is allowed, as in CA)
 * @param name the node group's name, not blank
 */
public record NodeGroupSpec(int minSize, int maxSize, String name) {
  /** The entry's shape, as the messages and help spell it. */
  public static final String SHAPE = "<min>:<max>:<name>";

  private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");

  public NodeGroupSpec {
    Objects.requireNonNull(name, "name");
    if (minSize < 0 || maxSize < minSize || name.isBlank()) {
      throw new IllegalArgumentException(
          "a node group spec needs 0 <= min <= max and a name, got "
              + minSize
              + ":"
              + maxSize
              + ":"
              + name);
    }
  }

  /**
   * What a provider requires of a name beyond not being blank.
   *
   * @param expected what a good name is, for the message ({@code "an Auto Scaling group name
   *     (...)"})
   * @param test true for a good name
   */
  public record NameRule(String expected, Predicate<String> test) {
    public NameRule {
      Objects.requireNonNull(expected, "expected");
      Objects.requireNonNull(test, "test");
    }
  }

  /**
   * Reads one entry.
   *
   * @param flagName the flag as the user gave it ({@code --nodes}, or a variable's name), for the
   *     message
   * @throws ConfigException with the one problem, naming the flag and the entry
   */
  public static NodeGroupSpec parse(String flagName, String text) {
    List<String> errors = new ArrayList<>();
    Optional<NodeGroupSpec> spec = read(flagName, text, errors);
    if (spec.isEmpty()) {
      throw new ConfigException(errors);
    }
    return spec.get();
  }

  /**
   * Reads every entry of a repeatable flag: each must be well formed, have a name {@code rule}
   * accepts, and name a group no earlier entry named.
   *
   * @return the specs in the order given
   * @throws ConfigException listing every problem, each naming the flag and its entry
   */
  public static List<NodeGroupSpec> parseAll(String flagName, List<String> texts, NameRule rule) {
    List<String> errors = new ArrayList<>();
    Map<String, NodeGroupSpec> byName = new LinkedHashMap<>();
    for (String text : texts) {
      Optional<NodeGroupSpec> spec = read(flagName, text, errors);
      if (spec.isEmpty()) {
        continue;
      }
      String name = spec.get().name();
      if (!rule.test().test(name)) {
        errors.add(problem(flagName, "with " + rule.expected(), text));
      } else if (byName.putIfAbsent(name, spec.get()) != null) {
        errors.add(problem(flagName, "with each name once", text));
      }
    }
    if (!errors.isEmpty()) {
      throw new ConfigException(errors);
    }
    return List.copyOf(byName.values());
  }

  /** {@link #parseAll(String, List, NameRule)} with any name that is not blank. */
  public static List<NodeGroupSpec> parseAll(String flagName, List<String> texts) {
    return parseAll(flagName, texts, new NameRule("a name", n -> true));
  }

  private static Optional<NodeGroupSpec> read(String flagName, String text, List<String> errors) {
    String[] parts = text == null ? new String[0] : text.split(":", 3);
    if (parts.length != 3) {
      errors.add(problem(flagName, "", text));
      return Optional.empty();
    }
    Optional<Integer> min = whole(parts[0]).filter(n -> n >= 0);
    if (min.isEmpty()) {
      errors.add(problem(flagName, "with min a whole number >= 0", text));
      return Optional.empty();
    }
    Optional<Integer> max = whole(parts[1]).filter(n -> n >= min.get());
    if (max.isEmpty()) {
      errors.add(problem(flagName, "with max a whole number >= min", text));
      return Optional.empty();
    }
    if (parts[2].isBlank()) {
      errors.add(problem(flagName, "with a name", text));
      return Optional.empty();
    }
    return Optional.of(new NodeGroupSpec(min.get(), max.get(), parts[2]));
  }

  private static Optional<Integer> whole(String text) {
    if (!WHOLE.matcher(text).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Integer.parseInt(text));
    } catch (NumberFormatException tooLarge) {
      return Optional.empty();
    }
  }

  private static String problem(String flagName, String rule, String text) {
    return flagName
        + ": expected "
        + SHAPE
        + (rule.isEmpty() ? "" : " " + rule)
        + ", got "
        + (text == null ? "nothing" : "\"" + text + "\"");
  }

  /** The entry as CA spells it: {@code <min>:<max>:<name>}. */
  @Override
  public String toString() {
    return minSize + ":" + maxSize + ":" + name;
  }
}
