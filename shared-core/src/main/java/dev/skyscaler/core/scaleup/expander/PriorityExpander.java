package dev.skyscaler.core.scaleup.expander;

import dev.skyscaler.core.scaleup.candidate.ExpansionOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * CA's {@code priority} expander ({@code expander/priority/priority.go}): a table from priority to
 * regexes, each matched against the whole node-group name. It keeps the options whose group matches
 * a regex of the highest priority that matches any option. Options whose group matches no regex are
 * dropped (with a warning, like CA's {@code PriorityConfigMapNotMatchedGroup} event); when no
 * option matches any regex, all options pass through.
 */
public final class PriorityExpander implements Expander {
  /**
   * The warning of a chain with {@code priority} and no table: CA's priority expander then keeps
   * every option, so the choice falls to the next expander, which is rarely what was meant.
   */
  public static final String NO_TABLE =
      "--expander=priority: no expander priorities were found (the"
          + " cluster-autoscaler-priority-expander ConfigMap in --namespace, or expanderPriorities"
          + " in the options file), so the priority expander keeps every option";

  /** Priority to compiled regexes, highest priority first. */
  private final TreeMap<Integer, List<Pattern>> priorities =
      new TreeMap<>(Comparator.reverseOrder());

  /**
   * @param priorities priority to node-group name regexes
   * @throws IllegalArgumentException with every {@link #validate} error when a regex is invalid
   */
  public PriorityExpander(Map<Integer, List<String>> priorities) {
    List<String> errors = validate(priorities);
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
    priorities.forEach(
        (priority, regexes) ->
            this.priorities.put(
                priority,
                regexes == null ? List.of() : regexes.stream().map(Pattern::compile).toList()));
  }

  /**
   * Every problem of a priority table, one message each, in priority order; empty when it is valid.
   * A message names the priority and the regex, e.g. {@code expander priorities: priority 10:
   * invalid regex "[": Unclosed character class near index 0}.
   */
  public static List<String> validate(Map<Integer, List<String>> priorities) {
    List<String> errors = new ArrayList<>();
    new TreeMap<>(priorities)
        .forEach(
            (priority, regexes) -> {
              if (regexes == null) {
                return; // an empty priority matches nothing, as in CA
              }
              String where = "expander priorities: priority " + priority + ": ";
              for (String regex : regexes) {
                String problem = problemWith(regex);
                if (problem != null) {
                  errors.add(where + problem);
                }
              }
            });
    return List.copyOf(errors);
  }

  private static String problemWith(String regex) {
    if (regex == null) {
      return "a regex is missing (null)";
    }
    try {
      Pattern.compile(regex);
      return null;
    } catch (PatternSyntaxException e) {
      return "invalid regex \""
          + regex
          + "\": "
          + e.getDescription()
          + (e.getIndex() >= 0 ? " near index " + e.getIndex() : "");
    }
  }

  @Override
  public List<ExpansionOption> bestOptions(List<ExpansionOption> options) {
    for (List<Pattern> regexes : priorities.values()) {
      List<ExpansionOption> matching =
          options.stream().filter(o -> matchesAny(regexes, o.groupName())).toList();
      if (!matching.isEmpty()) {
        return matching;
      }
    }
    return List.copyOf(options);
  }

  @Override
  public List<String> warnings(List<ExpansionOption> options) {
    TreeSet<String> unmatched = new TreeSet<>();
    boolean anyMatched = false;
    for (ExpansionOption o : options) {
      if (priority(o.groupName()) == null) {
        unmatched.add(o.groupName());
      } else {
        anyMatched = true;
      }
    }
    if (!anyMatched || unmatched.isEmpty()) {
      return List.of();
    }
    return List.of(
        "priority expander: node groups "
            + unmatched
            + " match no regex of the expander priorities and were not considered");
  }

  /** The highest priority whose regexes match {@code groupName}, or null. */
  private Integer priority(String groupName) {
    for (Map.Entry<Integer, List<Pattern>> e : priorities.entrySet()) {
      if (matchesAny(e.getValue(), groupName)) {
        return e.getKey();
      }
    }
    return null;
  }

  private static boolean matchesAny(List<Pattern> regexes, String groupName) {
    Objects.requireNonNull(groupName, "groupName");
    return regexes.stream().anyMatch(p -> p.matcher(groupName).matches());
  }
}
